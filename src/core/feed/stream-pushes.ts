/**
 * What the stream pushes, taken in: records into their groups' newest (a REST answer
 * older than a push does not replace it), the panes that show them (the pushes of one
 * turn as one delivery), the cache (once a second), and the forming candle of live
 * charts (forming-candle.ts). REST answers of streamed groups come through `polled`: due
 * snapshots taken, crypto quotes seeding the stream, a chart's refreshed candles.
 */
import type { SubscriptionState } from '../../shared/bridge';
import { streamSymbol } from '../../shared/api/stream';
import type { AssetClass, Candle, Quote, Tick, UnixMs } from '../../shared/model';
import type { BatchResult } from '../api';
import type { StreamPush } from '../stream';
import { countedTo, formingCandle, type CountedBar } from './forming-candle';
import { carriedByStream, liveAgain, snapshotDue, snapshotTaken, type Group } from './group';
import { StreamCandles } from './stream-candles';
import { adapterFor } from './kinds';
import type { GroupPollerDeps } from './poller';
import type { Scheduler } from './scheduler';
import type { Stored } from './store';
import type { FeedTimers, TimerHandle } from './types';

/** Pushed records go to the cache at most this often. */
export const STREAM_SAVE_MS = 1_000;

/** States a push makes live again: the stream says more than an age or an old outage. */
const REVIVED: ReadonlySet<SubscriptionState> = new Set(['loading', 'stale', 'offline']);

/** A group holding a streamed symbol under one of its codes: where its pushes go. */
export interface Target {
  group: Group;
  code: string;
}

/** The quote a chart's forming candle counts the day's volume to; null just after a REST refresh with none of its second. */
interface CandleBase {
  quote: Quote | null;
}

/** The hub's parts the pushes reach (the poller's, as the stream feed has them), and where they go. */
export interface StreamPushesDeps extends Pick<
  GroupPollerDeps,
  'registry' | 'status' | 'store' | 'now' | 'paused'
> {
  scheduler: Scheduler;
  timers: FeedTimers;
  /** The groups a symbol's pushes go to, by `class|CODE$REGION`. */
  targets: (id: string) => readonly Target[];
  /** Seeds a class's stream with a whole REST quote (crypto pushes may lack o/h/l). */
  seed: (cls: AssetClass, region: string, code: string, quote: Quote) => void;
}

/** The id pushes and targets share: `class|CODE$REGION`. */
export const symbolId = (cls: AssetClass, region: string, code: string): string =>
  symbolIdOf(cls, streamSymbol(code, region));

/** `symbolId` of a symbol already in its stream form (`streamSymbol`). */
export const symbolIdOf = (cls: AssetClass, key: string): string => `${cls}|${key}`;

export class StreamPushes {
  /** The newest quote of each symbol, by `class|CODE$REGION`. */
  readonly #quotes = new Map<string, Quote>();
  /** By group key and code. */
  readonly #bases = new Map<string, CandleBase>();
  /** Each streamed chart's forming bar and the quote it was counted through, by group key and code. */
  readonly #counted = new Map<string, CountedBar>();
  /** Sought since the last new stream (see `rewound`). */
  #rewound = false;
  /** The forming candle time a rollover last asked REST about, by group key and code. */
  readonly #rolled = new Map<string, UnixMs>();
  readonly #pushed = new Map<Group, Set<string>>();
  /**
   * The ticks pushed this turn, in order, by group and code: each is a trade, and the
   * delivery carries those before the newest too (`Events['ticks'].earlier`).
   */
  readonly #trades = new Map<Group, Map<string, Tick[]>>();
  readonly #unsaved = new Map<Group, Set<string>>();
  #flushQueued = false;
  #saveTimer: TimerHandle | null = null;
  /** Charts built from the pushes: their closes, and the service's corrections. */
  readonly candles: StreamCandles;

  constructor(private readonly deps: StreamPushesDeps) {
    this.candles = new StreamCandles({
      timers: deps.timers,
      now: deps.now,
      due: (g, code) => this.#due(g, code),
      isCurrent: (g) => deps.registry.isCurrent(g),
      corrected: (g, message) => {
        for (const sub of deps.registry.visible(g)) sub.setCorrection(message);
      },
    });
  }

  /**
   * A replay was sought (`FeedHub.rewind`): cleared, and until a series' first answer the
   * quotes pushed are the sought time's, which that answer counts (`CountedBar`).
   */
  rewound(): void {
    this.clear();
    this.#rewound = true;
  }

  /** A new stream (token, address, settings): what the old one said is no base for the new. */
  clear(): void {
    this.#rewound = false;
    this.#quotes.clear();
    this.#bases.clear();
    this.#counted.clear();
    this.#rolled.clear();
    this.#trades.clear();
    this.candles.clear();
  }

  dispose(): void {
    if (this.#saveTimer !== null) this.deps.timers.clearTimeout(this.#saveTimer);
    this.#saveTimer = null;
    this.candles.clear();
  }

  take(cls: AssetClass, push: StreamPush): void {
    const { region, code: symbol } = push.instrument;
    const id = symbolId(cls, region, symbol);
    const latest = push.type === 'quote' ? (this.#quotes.get(id) ?? null) : null;
    if (push.type === 'quote') this.#quotes.set(id, push.quote);
    for (const { group, code } of this.deps.targets(id)) {
      if (!this.deps.registry.isCurrent(group)) continue;
      switch (group.route.kind) {
        case 'candles':
          if (push.type === 'quote') this.#forming(group, code, push.quote, latest);
          break;
        case 'quotes':
          if (push.type === 'quote') this.#record(group, code, push.quote);
          break;
        case 'depth':
          if (push.type === 'depth') this.#record(group, code, push.depth);
          break;
        case 'ticks':
          if (push.type === 'tick' && this.#record(group, code, push.tick)) {
            this.#trade(group, code, push.tick);
          }
          break;
        case 'news':
          break;
      }
    }
  }

  /** A poll of `g` succeeded (after its records were taken in). */
  polled(g: Group, batch: BatchResult<unknown>): void {
    snapshotTaken(g, [...Object.keys(batch.data), ...batch.missing, ...(batch.pending ?? [])]);
    const route = g.route;
    if (route.kind === 'quotes') {
      for (const [code, record] of Object.entries(batch.data)) {
        const quote = record as Quote;
        const id = symbolId(route.cls, route.region, code);
        const known = this.#quotes.get(id);
        if (!known || known.time <= quote.time) this.#quotes.set(id, quote);
        this.deps.seed(route.cls, route.region, code, quote);
      }
    } else if (route.kind === 'candles') {
      // What REST's candle counted the day to: pushes of it add nothing more.
      const now = this.deps.now();
      for (const [code, candles] of Object.entries(batch.data as Record<string, Candle[]>)) {
        const key = `${g.key}|${code}`;
        const latest = this.#quotes.get(symbolId(route.cls, route.region, code)) ?? null;
        const base = countedTo(candles.at(-1), this.#counted.get(key), latest, now);
        this.#counted.delete(key);
        this.#bases.set(key, { quote: base });
      }
      this.candles.answered(g, batch.data as Record<string, Candle[]>);
    }
  }

  /** `code` of `g` wants one REST poll (a bar closed): due, and polled soon. */
  #due(g: Group, code: string): void {
    if (!snapshotDue(g, code)) return;
    this.deps.scheduler.reconcile();
    this.deps.scheduler.kick(g);
  }

  /** Takes a pushed record as `code`'s newest; false when it is older than the one held. */
  #record(g: Group, code: string, record: unknown): boolean {
    const held = g.latest.get(code);
    if (held && adapterFor(g.route).isOlder?.(record, held.record)) return false;
    g.latest.set(code, { record, at: this.deps.now() });
    this.#mark(this.#unsaved, g, code);
    this.#deliverSoon(g, code);
    this.#saveSoon();
    return true;
  }

  #trade(g: Group, code: string, tick: Tick): void {
    let byCode = this.#trades.get(g);
    if (!byCode) this.#trades.set(g, (byCode = new Map()));
    const list = byCode.get(code);
    if (list) list.push(tick);
    else byCode.set(code, [tick]);
  }

  /** The trades of `g` pushed this turn before each code's newest (the one delivered). */
  #earlier(g: Group): Map<string, Tick[]> | undefined {
    const byCode = this.#trades.get(g);
    if (!byCode) return undefined;
    const out = new Map<string, Tick[]>();
    const fp = adapterFor(g.route).fingerprint;
    for (const [code, list] of byCode) {
      const newest = g.latest.get(code)?.record;
      const shown = newest === undefined ? null : fp(newest);
      // The newest goes as the code's record; a poll's answer may have taken its place.
      const before = list.filter((t) => fp(t) !== shown);
      if (before.length > 0) out.set(code, before);
    }
    return out.size > 0 ? out : undefined;
  }

  /** A quote moves the forming candle; past its period, REST is asked for the new one. */
  #forming(g: Group, code: string, quote: Quote, latest: Quote | null): void {
    if (g.route.kind !== 'candles') return;
    const held = g.latest.get(code) as Stored<Candle[]> | undefined;
    const key = `${g.key}|${code}`;
    if (!held) {
      if (this.#rewound) this.#counted.set(key, { bar: null, quote });
      return;
    }
    // The volume grows from what the candle counts already. After a REST refresh that is
    // the day's volume at the quote it counted to (`countedTo`), when the hub can tell;
    // else the first quote after it adds nothing (what traded between is the next
    // refresh's to add: a candle's volume never runs ahead of the service's).
    let previous = latest;
    const base = this.#bases.get(key);
    if (base) {
      previous = base.quote ?? quote;
      base.quote = quote;
    }
    const update = formingCandle(held.record, g.route.kType, quote, previous);
    // The bar shown now counts the day through this quote (when of its period).
    const bar = (update.kind === 'moved' ? update.candles : held.record).at(-1)!;
    if (update.kind === 'rolled') this.#counted.delete(key);
    else if (quote.time >= bar.time) this.#counted.set(key, { bar, quote });
    if (update.kind === 'moved') {
      // Not written to the cache: the next REST refresh writes the candle as the service has it.
      g.latest.set(code, { record: update.candles, at: this.deps.now() });
      this.candles.built(g, code, update.candles.at(-1)!);
      this.#deliverSoon(g, code);
    } else if (update.kind === 'rolled') {
      const forming = held.record.at(-1)!.time;
      if (this.#rolled.get(key) === forming) return;
      this.#rolled.set(key, forming);
      // A bar closed: REST is asked once, for the closed bar and the new one.
      if (g.streamed.has(code)) this.#due(g, code);
      else this.deps.scheduler.kick(g);
    }
  }

  #mark(into: Map<Group, Set<string>>, g: Group, code: string): void {
    let codes = into.get(g);
    if (!codes) into.set(g, (codes = new Set()));
    codes.add(code);
  }

  #deliverSoon(g: Group, code: string): void {
    this.#mark(this.#pushed, g, code);
    if (this.#flushQueued) return;
    this.#flushQueued = true;
    this.deps.scheduler.later(() => this.#deliver());
  }

  /** The pushes of one turn, to each pane as one delivery. */
  #deliver(): void {
    this.#flushQueued = false;
    const { registry, status } = this.deps;
    const now = this.deps.now();
    const paused = this.deps.paused();
    for (const [g, codes] of this.#pushed) {
      if (!registry.isCurrent(g)) continue;
      const adapter = adapterFor(g.route);
      const earlier = this.#earlier(g);
      for (const sub of registry.visible(g)) {
        if (!sub.deliver(adapter, g.latest, { offline: false, ...(earlier && { earlier }) }, codes))
          continue;
        status.lastUpdate = now;
        sub.liveAt = now;
        // The stream carries it (its snapshot due or not): no poll's pace is its age.
        if (carriedByStream(g, sub)) sub.setPace(null);
        if (paused || (sub.state !== null && !REVIVED.has(sub.state))) continue;
        const change = liveAgain(sub);
        sub.setState(change.state, change.message, change.unknownCodes);
      }
    }
    this.#pushed.clear();
    this.#trades.clear();
    status.tell();
  }

  #saveSoon(): void {
    if (this.#saveTimer !== null) return;
    this.#saveTimer = this.deps.timers.setTimeout(() => {
      this.#saveTimer = null;
      this.#save();
    }, STREAM_SAVE_MS);
  }

  /** Writes the pushed records that changed since they were last written. */
  #save(): void {
    const { registry, status, store } = this.deps;
    const now = this.deps.now();
    for (const [g, codes] of this.#unsaved) {
      if (!registry.isCurrent(g)) continue;
      const adapter = adapterFor(g.route);
      const entries: [string, unknown][] = [];
      for (const code of codes) {
        const held = g.latest.get(code);
        if (!held) continue;
        const fp = adapter.fingerprint(held.record);
        if (g.saved.get(code) === fp) continue;
        g.saved.set(code, fp);
        entries.push([code, held.record]);
      }
      status.save(() => adapter.save(store, g.route, entries, now), entries.length);
    }
    this.#unsaved.clear();
    status.tell();
  }
}
