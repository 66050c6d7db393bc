/**
 * State of a chart pane: loads the newest page cache-first, follows the series live
 * (the forming candle applied IN PLACE: O(1), no copy of the series), pages in older
 * history, bounds the series, and tells a `ChartSink` (the lightweight-charts view)
 * what to draw. The newest page is a `PageLoad`: a failed one is loaded again when
 * the bridge or the API comes back, or on `retry()`. A symbol the source says is
 * unknown shows no candles. Candles are `$state.raw`: never proxied, and mutated in
 * place for the forming candle, which on purpose notifies nobody (the sink draws it).
 */
import type { MarketdeskBridge } from '../../../../shared/bridge';
import type { Disposable } from '../../../../shared/emitter';
import {
  KTYPES,
  seriesKey,
  type Candle,
  type SeriesKey,
  type UnixMs,
} from '../../../../shared/model';
import { classPriceDecimals } from '../../../../shared/format/numbers';
import { PageLoad } from '../common/page-load';
import type { ReconnectSignal } from '../common/retry-when-back';
import { PageView } from '../common/page-view.svelte';
import { PaneSubscription, type StatusView } from '../common/subscription';
import {
  MAX_BARS,
  TRIM_SLACK,
  applyLive,
  indexOfTime,
  prependOlder,
  trimBars,
} from './candle-series';
import type { StudyConfig } from '../../workspace/chart/study-config';
import { NO_VALUES, StudyCalc, type StudySource } from './studies/study-calc';
import {
  NO_SPLITS,
  adjustCandles,
  factorAt,
  readjustCandles,
  splitFactors,
  type SplitFactors,
  type SplitStep,
} from './split-adjust';

/** What the chart draws on (implemented by `ChartView`). */
export interface ChartSink {
  /** Replaces the candles; the studies' values (in their source) were computed again. */
  setData(candles: readonly Candle[], view: 'latest' | number): void;
  /** Draws one new or changed bar at the end; its studies' values are in their source. */
  update(candle: Candle): void;
  /** Draws the studies shown, from the values in `source` (kept up to date). */
  setStudies(studies: readonly StudyConfig[], source: StudySource): void;
  setPrecision(decimals: number): void;
}

/** Candles per page, first load and each page of older history. */
export const PAGE = 500;

export class ChartState extends PageView {
  /** Loaded candles, ascending. Reassigned on load and paging; mutated in place live. */
  candles = $state.raw<Candle[]>([]);
  /** The newest bar (the legend's default). */
  latest = $state.raw<Candle | null>(null);
  /** The bar under the crosshair. */
  hover = $state.raw<Candle | null>(null);
  loadingOlder = $state(false);
  atStart = $state(false);
  /** Newest bars were dropped to bound the series: live updates wait for "latest". */
  detached = $state(false);

  legend = $derived(this.hover ?? this.latest);
  /** The studies' values at the legend's bar, by output id (null: none there). */
  studyValues = $state.raw<ReadonlyMap<string, number | null>>(NO_VALUES);
  /** Some bar drawn is split-adjusted (the legend says "adj."). */
  adjusted = $state(false);

  #bridge: MarketdeskBridge;
  #sub: PaneSubscription<'candles'>;
  #offRefresh: Disposable;
  #sink: ChartSink | null = null;
  #page: PageLoad<SeriesKey>;
  #key = '';
  #timeline: string | null = null;
  #calc = new StudyCalc([]);
  /** Index of the bar under the crosshair, -1 when none. */
  #hoverIndex = -1;
  /**
   * The split factors the candles are drawn with: the cache holds them raw, and every
   * page and live bar is adjusted as it arrives (split-adjust.ts). NO_SPLITS when raw.
   */
  #factors: SplitFactors = NO_SPLITS;
  /** The series' bar length (ms): a week's or a month's bar may straddle a split. */
  #span = 60_000;
  /** The raw candles of bars across a split (by time), to draw them raw again. */
  // eslint-disable-next-line svelte/prefer-svelte-reactivity -- bookkeeping, nobody renders it
  #straddles = new Map<number, Candle>();

  /** `reconnects`: the pane context's `onReconnect` (a failed load retries on it). */
  constructor(bridge: MarketdeskBridge, reconnects?: ReconnectSignal) {
    super();
    this.#bridge = bridge;
    this.#page = new PageLoad(bridge, reconnects, this, {
      reset: (series) => this.#reset(series),
      load: (series, current) => this.#loadNewest(series, current),
    });
    this.#sub = new PaneSubscription(
      bridge,
      'candles',
      (p) => this.#onPage(p.page.candles, p.page.offline, p.page.asOf),
      (s) => this.#onStatus(s),
    );
    // A cache-first load's network refresh arrives without a subscription id.
    this.#offRefresh = bridge.on('candles', (p) => {
      if (p.subscriptionId === null && this.#key && seriesKey(p.page.series) === this.#key) {
        this.#onPage(p.page.candles, p.page.offline, p.page.asOf);
      }
    });
  }

  /** Attaches the view (or detaches with null) and draws what is loaded. */
  attach(sink: ChartSink | null): void {
    this.#sink = sink;
    if (!sink) return;
    sink.setStudies(this.#calc.studies, this.#calc);
    this.#redraw('latest');
  }

  /** Sets the studies (the visible ones are drawn); computes them once. */
  setStudies(studies: readonly StudyConfig[]): void {
    this.#calc = new StudyCalc(studies);
    this.#calc.full(this.candles);
    this.#legendValues();
    this.#sink?.setStudies(this.#calc.studies, this.#calc);
  }

  /** Shows a series: loads its newest page (cache-first), then follows it live. */
  setSeries(series: SeriesKey | null): Promise<void> {
    return this.#page.show(series);
  }

  /**
   * The data's timeline (see `PaneContext.timeline`): when a replay starts, seeks or
   * ends, the bars held are of another time (after it, a seek back), and live ones are
   * merged into them, never taking them away: the series is loaded again from the new
   * time's, as the heatmap starts again.
   */
  setTimeline(timeline: string): void {
    const first = this.#timeline === null;
    if (timeline === this.#timeline) return;
    this.#timeline = timeline;
    if (!first && this.#page.target) void this.#page.show(this.#page.target);
  }

  /**
   * Loads the newest page again after a failure (the "Retry" button, or the
   * bridge coming back). Does nothing while a load runs or without a series.
   */
  retry(): Promise<void> {
    return this.#page.retry();
  }

  /**
   * The instrument's splits, and whether to adjust for them (else raw): the pane sets
   * them whenever they change, to none as soon as its instrument changes (before that
   * instrument's candles can arrive). The candles drawn are redrawn with the new
   * factors, keeping the view where it is.
   */
  setAdjustment(splits: readonly SplitStep[], adjust: boolean): void {
    const next = adjust ? splitFactors(splits) : NO_SPLITS;
    const previous = this.#factors;
    if (sameFactors(previous, next)) return;
    this.#factors = next;
    if (this.candles.length === 0) return this.#noteAdjusted();
    this.candles = readjustCandles(this.candles, previous, next, this.#span, this.#straddles);
    this.latest = this.candles.at(-1) ?? null;
    this.#noteAdjusted();
    this.#redraw(0);
  }

  /** The candles of a page as drawn (adjusted for the instrument's splits, unless raw). */
  #adjusted(candles: Candle[]): Candle[] {
    return adjustCandles(candles, this.#factors, this.#span, this.#straddles);
  }

  #noteAdjusted(): void {
    const first = this.candles[0];
    this.adjusted = first !== undefined && factorAt(this.#factors, first.time) !== 1;
  }

  #reset(series: SeriesKey | null): void {
    this.adjusted = false;
    this.#straddles.clear();
    if (series) this.#span = KTYPES[series.kType].ms;
    this.#key = series ? seriesKey(series) : '';
    void this.#sub.set(null);
    this.candles = [];
    this.latest = null;
    this.hover = null;
    this.offline = false;
    this.detached = false;
    this.atStart = false;
    this.asOf = null;
    this.#redraw('latest');
  }

  async #loadNewest(series: SeriesKey, current: () => boolean): Promise<boolean> {
    const page = await this.#bridge.invoke('loadCandles', { series, limit: PAGE });
    if (!current()) return false;
    this.candles = this.#adjusted(page.candles);
    this.#noteAdjusted();
    this.latest = page.candles.at(-1) ?? null;
    this.atStart = page.atHistoryStart;
    this.offline = page.offline;
    this.asOf = page.asOf;
    this.error = page.error ?? null;
    this.#sink?.setPrecision(classPriceDecimals(series.class, this.latest?.close));
    this.#redraw('latest');
    void this.#goLive(series, current);
    // An empty page with an error (offline, nothing cached) is worth another try.
    return page.candles.length === 0 && Boolean(page.error);
  }

  /** Subscribes to the series; a subscribe lost with the connection retries too. */
  async #goLive(series: SeriesKey, current: () => boolean): Promise<void> {
    await this.#sub.set({ kind: 'candles', series });
    if (this.#sub.id === null) this.#page.failed(current);
  }

  /** Pages in older history in front, keeping the visible bars where they are. */
  async loadOlder(): Promise<void> {
    const series = this.#page.target;
    const first = this.candles[0];
    if (!series || !first || this.loading || this.loadingOlder || this.atStart) return;
    await this.#page.more({
      busy: (running) => (this.loadingOlder = running),
      request: () =>
        this.#bridge.invoke('loadCandles', { series, limit: PAGE, before: first.time }),
      apply: (page) => {
        const { merged, prepended } = prependOlder(this.candles, this.#adjusted(page.candles));
        this.atStart = page.atHistoryStart || prepended === 0;
        if (prepended === 0) return;
        // The user is looking at the oldest bars: drop from the newest end.
        const before = merged.length;
        trimBars(merged, 'oldest');
        if (merged.length < before) this.detached = true;
        this.candles = merged;
        this.latest = merged.at(-1) ?? null;
        this.#noteAdjusted();
        this.#redraw(prepended);
      },
    });
  }

  /** Reloads the newest page after paging dropped it. */
  jumpToLatest(): void {
    void this.#page.show(this.#page.target);
  }

  /** The crosshair moved to `time` (ms), or off the chart. */
  hoverAt(time: UnixMs | null): void {
    const i = time === null ? -1 : indexOfTime(this.candles, time);
    this.#hoverIndex = i;
    this.hover = i >= 0 ? (this.candles[i] ?? null) : null;
    this.#legendValues();
  }

  /** The studies' values at the bar under the crosshair, else at the newest. */
  #legendValues(): void {
    const i = this.#hoverIndex >= 0 ? this.#hoverIndex : this.candles.length - 1;
    this.studyValues = this.#calc.studies.length ? this.#calc.valuesAt(i) : NO_VALUES;
  }

  dispose(): void {
    this.#page.dispose();
    this.#sub.dispose();
    this.#offRefresh.dispose();
    this.#sink = null;
  }

  #onStatus(status: StatusView): void {
    this.status = status;
    // The source has no such symbol: nothing is drawn for it, whatever was loaded.
    if (status.state === 'unknown' && this.candles.length > 0) {
      this.candles = [];
      this.latest = null;
      this.hover = null;
      this.#redraw('latest');
    }
  }

  #onPage(incoming: readonly Candle[], offline: boolean, asOf: UnixMs | null): void {
    if (this.status.state === 'unknown') return;
    this.offline = offline;
    if (asOf !== null) this.asOf = asOf;
    if (this.detached || this.loading || incoming.length === 0) return;
    const candles = this.candles;
    // A live bar is after every split (factor 1); a corrected older one may not be.
    const drawn = this.#factors === NO_SPLITS ? incoming : this.#adjusted(incoming as Candle[]);
    const result = applyLive(candles, drawn);
    if (result.kind === 'none') return;
    // Trim in steps, not one bar per new candle: each trim costs a full redraw.
    const dropped =
      candles.length > MAX_BARS + TRIM_SLACK ? trimBars(candles, 'newest', MAX_BARS) : 0;
    this.latest = candles.at(-1) ?? null;
    // The first bars may come this way (an empty cache's page, then the refresh).
    if (result.kind === 'reset' || result.from === 0 || dropped > 0) this.#noteAdjusted();
    if (result.kind === 'update' && this.#hoverIndex >= result.from) {
      this.hover = candles[this.#hoverIndex] ?? null;
    }
    if (result.kind === 'reset' || dropped > 0) {
      this.#redraw(-dropped);
      return;
    }
    if (!this.#sink) return;
    // Usually one bar (the forming candle), two when a new one opens: each drawn
    // with series.update in order, the studies stepped once per bar.
    for (let i = result.from; i < candles.length; i++) {
      // A bar older than the studies' last one changed: compute them again.
      if (!this.#calc.step(candles, i)) return this.#redraw(0);
      this.#sink.update(candles[i]!);
    }
    if (this.#hoverIndex < 0 && this.#calc.studies.length) this.#legendValues();
  }

  #redraw(view: 'latest' | number): void {
    this.#calc.full(this.candles);
    // The bar under the crosshair as now drawn (adjusted or raw, corrected, shifted).
    this.hoverAt(this.hover?.time ?? null);
    this.#sink?.setData(this.candles, view);
  }
}

function sameFactors(a: SplitFactors, b: SplitFactors): boolean {
  return (
    a === b ||
    (a.times.length === b.times.length &&
      a.times.every((t, i) => t === b.times[i] && a.after[i] === b.after[i]))
  );
}
