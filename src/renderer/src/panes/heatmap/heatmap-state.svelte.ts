/**
 * State of a heatmap pane: the followed instrument's depth frames (live, stamped with
 * their arrival) and trades (crypto ticks) gathered into a `HeatmapData`, opened on the
 * instrument's past as `HeatmapHistory` answers it, and the two subscriptions' status.
 * The data is plain (its columns are many and change at 10 Hz); `version` and
 * `onChange` say when and what changed, so the view uploads only the new columns.
 */
import type { MarketdeskBridge } from '../../../../shared/bridge';
import { isTradingPhase, type Instrument, type UnixMs } from '../../../../shared/model';
import { repeat, systemTimers, type Timers } from '../../../../shared/timers';
import type { Disposable } from '../../../../shared/emitter';
import type { SymbolRef } from '../../workspace/pane-contract';
import { INITIAL_STATUS, PaneSubscription, type StatusView } from '../common/subscription';
import { HeatmapData, type Changed } from './heatmap-data';
import { pastSpans, withPast, type HeatmapHistory, type HeatmapPast } from './heatmap-history';
import { errorMessage } from '../../../../shared/errors';
import { tradesOf } from '../common/trades';
import { MAX_COLUMNS } from './heatmap-model';
import { autoGrouping, groupingFit } from './heatmap-grouping';

/** A price grouping: a multiple of the tick, or 'auto' (the pane's choice: `autoGrouping`). */
export type GroupingChoice = number | 'auto';

/** What the grouping the pane picks itself is fitted to: the plot as it is now. */
export interface FitFrame {
  /** The plot's height, CSS px. */
  height: number;
  /** The newest columns it shows across. */
  columns: number;
  /** Whether its rows are fitted to the book (false once the user pans or zooms in price). */
  fitted: boolean;
}

export class HeatmapState {
  status = $state.raw<StatusView>(INITIAL_STATUS);
  tradeStatus = $state.raw<StatusView | null>(null);
  /** Bumped on every change of the data. */
  version = $state(0);
  /** Whether a recording answered for the past (false: the map starts at the pane's opening). */
  recorded = $state(false);
  /** When the newest recorded frame of the past arrived (null: none recorded). */
  recordedTo = $state<UnixMs | null>(null);
  /** Why the past could not be read (null: it was, or is being). */
  pastError = $state<string | null>(null);
  /** The grouping the rows are in now (the pane's own pick while the choice is 'auto'). */
  grouping = $state(1);
  data: HeatmapData;
  #code = '';
  #generation = 0;
  #listener: ((changed: Changed) => void) | null = null;
  readonly #depth: PaneSubscription<'depth'>;
  readonly #ticks: PaneSubscription<'ticks'>;

  constructor(
    bridge: MarketdeskBridge,
    private readonly history: HeatmapHistory,
    private readonly now: () => UnixMs = Date.now,
    bucketMs = 1_000,
    grouping: GroupingChoice = 1,
    private readonly timers: Timers = systemTimers,
    /** How many columns the view shows (the past's first ask). */
    private readonly visibleColumns: () => number = () => MAX_COLUMNS,
  ) {
    this.#auto = grouping === 'auto';
    this.#grouping = grouping === 'auto' ? 1 : grouping;
    this.grouping = this.#grouping;
    this.data = new HeatmapData(bucketMs, this.#grouping);
    this.#depth = new PaneSubscription(
      bridge,
      'depth',
      (p) => {
        const book = p.books[this.#code];
        // A cached book (reopened offline, or before the first answer) is of an earlier
        // time: the recorded past holds it there; drawn now, it would rest to this moment.
        if (book && !p.cached && this.status.state !== 'unknown') {
          this.#liveBook = true;
          this.#changed(this.data.addFrame(this.now(), book));
        }
      },
      (s) => {
        this.status = s;
        this.#clock();
      },
    );
    this.#ticks = new PaneSubscription(
      bridge,
      'ticks',
      (p) => {
        // Every trade of the push (a replay at 100× plays seconds of them in one turn).
        const trades = tradesOf(p)[this.#code];
        if (trades && this.data.addTicks(trades)) this.#changed([]);
      },
      (s) => (this.tradeStatus = s),
    );
  }

  /** Called with what each change touched (the view's upload). */
  onChange(listener: ((changed: Changed) => void) | null): void {
    this.#listener = listener;
  }

  /** Follows an instrument: a fresh map, its past asked for, its depth and trades subscribed. */
  setSymbol(symbol: SymbolRef | null): void {
    // Another instrument's tick and moves: the grouping picked for the last is not its.
    if (this.#auto) this.#setGrouping(1);
    const generation = this.#clear();
    this.#code = symbol?.code ?? '';
    this.#instrument = null;
    const instrument: Instrument | null = symbol
      ? {
          class: symbol.class,
          region: symbol.region,
          exchange: symbol.class === 'stock' ? symbol.exchange : '',
          code: symbol.code,
        }
      : null;
    void this.#depth.set(
      instrument
        ? {
            kind: 'depth',
            class: instrument.class,
            region: instrument.region,
            exchange: instrument.exchange,
            codes: [instrument.code],
          }
        : null,
    );
    // Trades come as ticks, which the service has for crypto only.
    this.tradeStatus = null;
    void this.#ticks.set(
      instrument?.class === 'crypto'
        ? { kind: 'ticks', region: instrument.region, codes: [instrument.code] }
        : null,
    );
    this.#instrument = instrument;
    if (instrument) void this.#loadPast(instrument, generation);
  }

  #grouping = 1;
  /** Whether the grouping is the pane's pick (`autoGrouping`), not the user's. */
  #auto = false;
  #fit: (() => FitFrame | null) | null = null;
  /** Whether the feed gave a book since the map started (see `#clock`). */
  #liveBook = false;
  #instrument: Instrument | null = null;
  #timeline: string | null = null;

  /**
   * The data's timeline (see `PaneContext.timeline`): when a replay starts, seeks or
   * ends, the columns kept belong to another time, so the map starts again from the
   * new timeline's past (the clock it was given tells the time on it).
   */
  setTimeline(timeline: string): void {
    const first = this.#timeline === null;
    if (timeline === this.#timeline) return;
    this.#timeline = timeline;
    if (first) return;
    const generation = this.#clear();
    if (this.#instrument) void this.#loadPast(this.#instrument, generation);
  }

  /** Forgets every column and the past's provenance; answers the new generation. */
  #clear(): number {
    const generation = ++this.#generation;
    this.#liveBook = false;
    this.data = new HeatmapData(this.data.bucketMs, this.#grouping);
    this.recorded = false;
    this.recordedTo = null;
    this.pastError = null;
    this.#changed('all');
    return generation;
  }

  /**
   * Another bucket or grouping: the columns are rebuilt from the frames kept; another
   * bucket spans another stretch of time, so the past is asked again.
   */
  setScale(bucketMs: number, grouping: GroupingChoice): void {
    this.#auto = grouping === 'auto';
    if (grouping !== 'auto') this.#setGrouping(grouping);
    const rebucketed = bucketMs !== this.data.bucketMs;
    this.#changed(this.data.regroup(bucketMs, this.#grouping));
    this.refit();
    if (rebucketed && this.#instrument) void this.#loadPast(this.#instrument, this.#generation);
    this.#clockTimer?.dispose();
    this.#clockTimer = null;
    this.#clock();
  }

  /**
   * While the depth feed is live the newest book is carried to the present bucket by
   * bucket; stale, offline or failed, the map stops at the last book it was given. Only
   * once the feed gave a book: before that the newest is the recording's, which says
   * nothing of the time since (its book rests `HOLD_MS` after it, as any frame's), and
   * carried on it drew a book recorded minutes ago as resting until the feed's first.
   */
  /** The market the book comes from is known to be closed now (not trading). */
  get marketClosed(): boolean {
    const phase = this.status.market?.phase ?? null;
    return phase !== null && !isTradingPhase(phase);
  }

  #clock(): void {
    const live = this.status.state === 'live';
    if (live && !this.#clockTimer) {
      const every = Math.max(100, this.data.bucketMs);
      this.#clockTimer = repeat(
        this.timers,
        () => {
          // A closed market's book is not drawn as resting through the night or the
          // weekend: its silence is drawn empty (the books the feed gives are drawn).
          if (!this.#liveBook || this.marketClosed) return;
          const changed = this.data.extendTo(this.now());
          if (changed.length > 0) this.#changed(changed);
        },
        every,
      );
    } else if (!live && this.#clockTimer) {
      this.#clockTimer.dispose();
      this.#clockTimer = null;
    }
  }

  #clockTimer: Disposable | null = null;

  /**
   * Where the plot is (its height, the columns across, whether its rows are fitted): while
   * the grouping is 'auto' it is picked for that plot after each change of the data.
   */
  fitTo(frame: (() => FitFrame | null) | null): void {
    this.#fit = frame;
    this.refit();
  }

  /**
   * Picks the grouping again for the plot as it is (after a change of the data, or of the
   * plot's size or time zoom). Not while the user has panned or zoomed in price: the rows
   * they look at stay the rows they chose.
   */
  refit(): void {
    // A regroup is a change too, and comes back here: picked once a change.
    if (!this.#auto || this.#refitting) return;
    const frame = this.#fit?.();
    if (!frame || !frame.fitted || frame.height <= 0) return;
    const fit = groupingFit(this.data, frame.columns, frame.height);
    if (!fit) return;
    const grouping = autoGrouping(fit, this.#grouping);
    if (grouping === this.#grouping) return;
    this.#setGrouping(grouping);
    this.#refitting = true;
    try {
      this.#changed(this.data.regroup(this.data.bucketMs, grouping));
    } finally {
      this.#refitting = false;
    }
  }

  #refitting = false;

  #setGrouping(grouping: number): void {
    this.#grouping = grouping;
    this.grouping = grouping;
  }

  dispose(): void {
    this.#clockTimer?.dispose();
    this.#clockTimer = null;
    this.#generation++;
    this.#depth.dispose();
    this.#ticks.dispose();
    this.#listener = null;
  }

  /**
   * The past in two asks: first the buckets the view shows (drawn as soon as they come),
   * then the rest of the ring's span, merged under them as it comes.
   */
  async #loadPast(instrument: Instrument, generation: number): Promise<void> {
    const bucketMs = this.data.bucketMs;
    const spans = pastSpans(this.now(), bucketMs, this.visibleColumns());
    for (const span of spans) {
      let past: HeatmapPast;
      try {
        past = await this.history.past(instrument, span, bucketMs);
      } catch (error) {
        if (generation === this.#generation) this.pastError = errorMessage(error);
        return;
      }
      if (generation !== this.#generation || bucketMs !== this.data.bucketMs) return;
      if (!past.recorded) continue;
      if (this.recordedTo === null || (past.lastAt !== null && past.lastAt > this.recordedTo))
        this.recordedTo = past.lastAt;
      // The columns kept (live frames that came meanwhile, a later span's past) and
      // this past, replayed in time order.
      this.data = withPast(this.data, past, this.#grouping);
      this.recorded = true;
      this.#changed('all');
    }
  }

  #changed(changed: Changed): void {
    this.version++;
    this.#listener?.(changed);
    if (this.#auto && (changed === 'all' || changed.length > 0)) this.refit();
  }
}
