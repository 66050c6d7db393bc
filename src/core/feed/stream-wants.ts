/**
 * What the hub wants of the stream, from its groups: per asset class (trading markets,
 * then the most visible, first), the symbols the visible panes show, trading and most
 * visible first, with the types each
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
}

/** Whether a class's market in a region trades now; every market does unless told. */
export type TradingNow = (cls: AssetClass, region: string) => boolean;

/**
 * The stream's wanted symbols and push targets of `groups` (their visible codes only).
 * Markets that trade now come first — a class with one before a class with none, a
 * trading symbol before a closed one — so a weekend's scarce connections and
 * subscriptions go to crypto, not to frozen stocks; then the most visible.
 */
export function streamWants(
  groups: Iterable<Group>,
  trading: TradingNow = () => true,
): StreamWants {
  const open = new Map<string, boolean>();
  const isOpen = (cls: AssetClass, region: string): boolean => {
    const key = `${cls}|${region}`;
    let on = open.get(key);
    if (on === undefined) open.set(key, (on = trading(cls, region)));
    return on;
  };
  const wants = new Map<AssetClass, Map<string, Want>>();
  const targets = new Map<string, Target[]>();
  for (const g of groups) {
    const type = STREAM_TYPE[g.route.kind];
    const cls = classOf(g.route);
    if (type === null || cls === null || g.route.kind === 'news') continue;
    if (!replacesPolls(g.route)) continue;
    const region = g.route.region;
    let byKey = wants.get(cls);
    if (!byKey) wants.set(cls, (byKey = new Map()));
    for (const [code, viewers] of g.wanted) {
      // Once per code: a sync reads every wanted code (up to 90,000 over the windows).
      const key = streamSymbol(code, region);
      let want = byKey.get(key);
      if (!want) {
        want = { region, code, types: [type], rank: 0, trading: isOpen(cls, region) };
        byKey.set(key, want);
      } else if (!want.types.includes(type)) want.types.push(type);
      want.rank += viewers;
      const id = symbolIdOf(cls, key);
      const into = targets.get(id);
      if (into) into.push({ group: g, code });
      else targets.set(id, [{ group: g, code }]);
    }
  }
  const byClass = new Map<AssetClass, StreamWant[]>();
  // Classes most visible first too (the symbols' viewers summed; stable): the plan's
  // stream connections go to the first ones.
  const weight = (byKey: Map<string, Want>) => [...byKey.values()].reduce((n, w) => n + w.rank, 0);
  const trades = (byKey: Map<string, Want>) => ([...byKey.values()].some((w) => w.trading) ? 1 : 0);
  const classes = [...wants].sort(
    (a, b) => trades(b[1]) - trades(a[1]) || weight(b[1]) - weight(a[1]),
  );
  for (const [cls, byKey] of classes) {
    // Sorting is stable: equally visible symbols keep the panes' order.
    const list = [...byKey.values()].sort(
      (a, b) => Number(b.trading) - Number(a.trading) || b.rank - a.rank,
    );
    byClass.set(
      cls,
      list.map(({ region, code, types }) => ({ region, code, types })),
    );
  }
  return { byClass, targets };
}
