/**
 * What the hub wants of the stream, from its groups: per asset class (trading markets,
 * then the focused pane's, then the most visible, first), the symbols the visible panes
 * show, trading first, then the focused pane's, then the most visible, with the types each
 * needs (quotes, depth, ticks, and quotes for a live chart's forming candle); and, per
 * symbol, the groups its pushes go to. Pure: the stream feed hands it the registry's groups.
 */
import { streamSymbol, type StreamType } from '../../shared/api/stream';
import type { AssetClass } from '../../shared/model';
import type { StreamWant } from '../stream';
import { hasFixedPeriod } from './forming-candle';
import type { Group } from './group';
import type { Route } from './routes';
import { symbolIdOf, type Target } from './stream-pushes';

/** What a group's kind wants from the stream; candles take quotes for their forming candle. */
const STREAM_TYPE: Readonly<Record<Route['kind'], StreamType | null>> = {
  quotes: 'quote',
  depth: 'depth',
  ticks: 'tick',
  candles: 'quote',
  news: null,
};

/**
 * Whether the stream replaces a route's polls for the codes it serves: prices, and the
 * forming candle of every interval with a fixed period (built from the pushes, asked of
 * REST once a bar closes: stream-candles.ts). A month has no fixed length: REST's alone.
 */
export function replacesPolls(route: Route): boolean {
  if (route.kind === 'news') return false;
  return route.kind !== 'candles' || hasFixedPeriod(route.kType);
}

/** The asset class whose stream serves a route; null for news. */
export function classOf(route: Route): AssetClass | null {
  switch (route.kind) {
    case 'ticks':
      return 'crypto';
    case 'news':
      return null;
    default:
      return route.cls;
  }
}

export interface StreamWants {
  /**
   * Per class, most visible first (equally visible ones in the panes' order); the classes
   * in the same order, by the viewers of their symbols summed.
   */
  byClass: Map<AssetClass, StreamWant[]>;
  /** The groups each symbol's pushes go to, by `class|CODE$REGION`. */
  targets: Map<string, Target[]>;
}

interface Want extends StreamWant {
  types: StreamType[];
  /** Visible subscriptions that show it. */
  rank: number;
  /** Its market trades now: a closed market's symbol does not move, its price waits. */
  trading: boolean;
  /** A focused pane shows it: the one the user works in. */
  focused: boolean;
}

/** Whether a class's market in a region trades now; every market does unless told. */
export type TradingNow = (cls: AssetClass, region: string) => boolean;

/**
 * The stream's wanted symbols and push targets of `groups` (their visible codes only),
 * read in one go. Markets that trade now come first — a class with one before a class
 * with none, a trading symbol before a closed one — so a weekend's scarce connections
 * and subscriptions go to crypto, not to frozen stocks; then what a focused pane shows
 * (`focused`: symbol ids, stream-pushes' `symbolId`); then the most visible.
 */
export function streamWants(
  groups: Iterable<Group>,
  trading: TradingNow = () => true,
  focused: ReadonlySet<string> = new Set(),
): StreamWants {
  const reader = new StreamWantsReader(groups, trading, focused);
  reader.read(Infinity);
  return reader.result();
}

/** The group being read, and where its codes stand. */
interface Reading {
  g: Group;
  cls: AssetClass;
  type: StreamType;
  region: string;
  codes: Iterator<[string, number]>;
}

/**
 * `streamWants` read a slice at a time: the windows may want 90,000 codes, and reading
 * them all at once would hold the event loop (and every other window's answer) for a
 * tenth of a second or more. The groups are those of the start; a group's codes are
 * read live, so a change made between slices may or may not be seen — the caller syncs
 * again after any change made meanwhile.
 */
export class StreamWantsReader {
  readonly #groups: Group[];
  readonly #trading: TradingNow;
  readonly #focused: ReadonlySet<string>;
  readonly #open = new Map<string, boolean>();
  readonly #wants = new Map<AssetClass, Map<string, Want>>();
  readonly #targets = new Map<string, Target[]>();
  #next = 0;
  #reading: Reading | null = null;

  constructor(
    groups: Iterable<Group>,
    trading: TradingNow = () => true,
    focused: ReadonlySet<string> = new Set(),
  ) {
    this.#groups = [...groups];
    this.#trading = trading;
    this.#focused = focused;
  }

  /** Reads up to `budget` codes more; true once every group is read. */
  read(budget: number): boolean {
    let left = budget;
    for (;;) {
      const at = this.#reading ?? this.#startNext();
      if (at === null) return true;
      for (;;) {
        if (left <= 0) return false;
        const next = at.codes.next();
        if (next.done) break;
        left--;
        this.#add(at, next.value[0], next.value[1]);
      }
      this.#reading = null;
    }
  }

  /** Per class, most visible first; and the push targets. Once every group is read. */
  result(): StreamWants {
    const byClass = new Map<AssetClass, StreamWant[]>();
    // Classes most visible first too (the symbols' viewers summed; stable): the plan's
    // stream connections go to the first ones.
    const weight = (byKey: Map<string, Want>) =>
      [...byKey.values()].reduce((n, w) => n + w.rank, 0);
    const any = (byKey: Map<string, Want>, key: 'trading' | 'focused') =>
      [...byKey.values()].some((w) => w[key]) ? 1 : 0;
    const classes = [...this.#wants].sort(
      (a, b) =>
        any(b[1], 'trading') - any(a[1], 'trading') ||
        any(b[1], 'focused') - any(a[1], 'focused') ||
        weight(b[1]) - weight(a[1]),
    );
    for (const [cls, byKey] of classes) {
      byClass.set(
        cls,
        ranked(byKey.values()).map(({ region, code, types }) => ({ region, code, types })),
      );
    }
    return { byClass, targets: this.#targets };
  }

  #startNext(): Reading | null {
    while (this.#next < this.#groups.length) {
      const g = this.#groups[this.#next++]!;
      const type = STREAM_TYPE[g.route.kind];
      const cls = classOf(g.route);
      if (type === null || cls === null || g.route.kind === 'news') continue;
      if (!replacesPolls(g.route)) continue;
      // A closed market's last prices are polled once, then it rests (market-rest.ts).
      if (g.closedSince !== null) continue;
      const reading = { g, cls, type, region: g.route.region, codes: g.wanted.entries() };
      return (this.#reading = reading);
    }
    return null;
  }

  #isOpen(cls: AssetClass, region: string): boolean {
    const key = `${cls}|${region}`;
    let on = this.#open.get(key);
    if (on === undefined) this.#open.set(key, (on = this.#trading(cls, region)));
    return on;
  }

  #add({ g, cls, type, region }: Reading, code: string, viewers: number): void {
    let byKey = this.#wants.get(cls);
    if (!byKey) this.#wants.set(cls, (byKey = new Map()));
    // Once per code: a sync reads every wanted code.
    const key = streamSymbol(code, region);
    const id = symbolIdOf(cls, key);
    let want = byKey.get(key);
    if (!want) {
      want = {
        region,
        code,
        types: [type],
        rank: 0,
        trading: this.#isOpen(cls, region),
        focused: this.#focused.has(id),
      };
      byKey.set(key, want);
    } else if (!want.types.includes(type)) want.types.push(type);
    want.rank += viewers;
    const into = this.#targets.get(id);
    if (into) into.push({ group: g, code });
    else this.#targets.set(id, [{ group: g, code }]);
  }
}

/**
 * Trading first, then the focused pane's, then most visible, equally placed ones in the
 * panes' order: by buckets of (trading, focused, viewers), in a time linear in the
 * symbols (a comparison sort of 90,000 was a visible share of a sync).
 */
function ranked(wants: Iterable<Want>): Want[] {
  const buckets = new Map<number, Want[]>();
  for (const w of wants) {
    // Viewers are counts of subscriptions, far below 2^29.
    const at = (w.trading ? 2 ** 30 : 0) + (w.focused ? 2 ** 29 : 0) + w.rank;
    const bucket = buckets.get(at);
    if (bucket) bucket.push(w);
    else buckets.set(at, [w]);
  }
  return [...buckets.keys()].sort((a, b) => b - a).flatMap((at) => buckets.get(at)!);
}
