/**
 * From a pane's `SubscriptionSpec` to the request that serves it: the route (which
 * client call, for which class, region and exchange), the group key under which
 * every subscription sharing that request is merged, and the clock ("lane") it polls
 * on. Classes the API has no endpoint for are refused here, before any request.
 */
import type { SubscriptionKind, SubscriptionSpec } from '../../shared/bridge';
import type { AssetClass, KType } from '../../shared/model';
import type { DepthsClass, KlineClass, QuoteClass } from '../api';

/** How one group is fetched. Every batch route takes the union of its codes. */
export type Route =
  | { kind: 'quotes'; cls: QuoteClass; region: string; exchange: string }
  | { kind: 'depth'; cls: DepthsClass; region: string; exchange: string }
  | { kind: 'ticks'; region: string }
  | { kind: 'candles'; cls: KlineClass; region: string; exchange: string; kType: KType }
  | { kind: 'news'; market: string; lang: string };

/** One clock per data kind; candles have one per kType, since their intervals differ. */
export type LaneId = 'quotes' | 'depth' | 'ticks' | 'news' | `candles:${KType}`;

/** A routable subscription: its route, group, lane and codes (none for news). */
export interface Routed {
  ok: true;
  route: Route;
  groupKey: string;
  lane: LaneId;
  codes: string[];
}

/** A subscription the API cannot serve, with the message the pane shows. */
export interface Unroutable {
  ok: false;
  message: string;
}

const QUOTE_CLASSES: readonly AssetClass[] = ['stock', 'fund', 'indices', 'future', 'crypto'];
const DEPTHS_CLASSES: readonly AssetClass[] = [
  'stock',
  'crypto',
  'fund',
  'forex',
  'future',
  'indices',
];
const KLINE_CLASSES: readonly AssetClass[] = ['stock', 'indices', 'crypto', 'forex'];

/** Trimmed, non-empty, de-duplicated codes in their first order. */
export function cleanCodes(codes: readonly string[]): string[] {
  const out = new Set<string>();
  for (const c of codes) {
    const t = typeof c === 'string' ? c.trim() : '';
    if (t !== '') out.add(t);
  }
  return [...out];
}

/** The exchange only matters to stock endpoints; elsewhere it would split groups for nothing. */
function exchangeOf(cls: AssetClass, exchange: string): string {
  return cls === 'stock' ? exchange.trim() : '';
}

function unroutable(
  kind: SubscriptionKind,
  cls: AssetClass,
  serves: readonly string[],
): Unroutable {
  const what = kind === 'candles' ? 'candles' : kind;
  return {
    ok: false,
    message: `The market data API has no ${what} for ${cls} (it serves ${what} for ${serves.join(', ')}).`,
  };
}

/** Routes a spec; the group key names everything that makes two requests different. */
export function routeOf(spec: SubscriptionSpec): Routed | Unroutable {
  switch (spec.kind) {
    case 'quotes': {
      if (!QUOTE_CLASSES.includes(spec.class))
        return unroutable('quotes', spec.class, QUOTE_CLASSES);
      const exchange = exchangeOf(spec.class, spec.exchange);
      const route: Route = {
        kind: 'quotes',
        cls: spec.class as QuoteClass,
        region: spec.region,
        exchange,
      };
      return routed(route, `quotes|${spec.class}|${spec.region}|${exchange}`, 'quotes', spec.codes);
    }
    case 'depth': {
      if (!DEPTHS_CLASSES.includes(spec.class))
        return unroutable('depth', spec.class, DEPTHS_CLASSES);
      const exchange = exchangeOf(spec.class, spec.exchange);
      const route: Route = {
        kind: 'depth',
        cls: spec.class as DepthsClass,
        region: spec.region,
        exchange,
      };
      return routed(route, `depth|${spec.class}|${spec.region}|${exchange}`, 'depth', spec.codes);
    }
    case 'ticks':
      return routed(
        { kind: 'ticks', region: spec.region },
        `ticks|crypto|${spec.region}|`,
        'ticks',
        spec.codes,
      );
    case 'candles': {
      const s = spec.series;
      if (!KLINE_CLASSES.includes(s.class)) return unroutable('candles', s.class, KLINE_CLASSES);
      const exchange = exchangeOf(s.class, s.exchange);
      const route: Route = {
        kind: 'candles',
        cls: s.class as KlineClass,
        region: s.region,
        exchange,
        kType: s.kType,
      };
      const key = `candles|${s.class}|${s.region}|${exchange}|${s.kType}`;
      return routed(route, key, `candles:${s.kType}`, [s.code]);
    }
    case 'news':
      return routed(
        { kind: 'news', market: spec.market, lang: spec.lang },
        `news|${spec.market}|${spec.lang}`,
        'news',
        [],
      );
  }
}

function routed(route: Route, groupKey: string, lane: LaneId, codes: readonly string[]): Routed {
  return { ok: true, route, groupKey, lane, codes: cleanCodes(codes) };
}

/** Requests one poll of a group costs: `ceil(codes / plan max)`; news is one page. */
export function requestsPerPoll(route: Route, codeCount: number, maxCodes: number): number {
  if (route.kind === 'news') return 1;
  return Math.ceil(codeCount / Math.max(1, Math.floor(maxCodes)));
}
