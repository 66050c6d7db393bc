/**
 * From a pane's `SubscriptionSpec` to the request that serves it: the route (which
 * client call, for which class, region and exchange), the group key under which
 * every subscription sharing that request is merged, and the clock ("lane") it polls
 * on. Classes the API has no endpoint for are refused here, before any request.
 */
import { isServed } from '../../shared/api/operations';
import type { SubscriptionKind, SubscriptionSpec } from '../../shared/bridge';
import type { AssetClass, KType } from '../../shared/model';
import { DEPTHS_CLASSES, KLINE_CLASSES, QUOTE_CLASSES } from '../api';
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
  serves: readonly AssetClass[],
): Unroutable {
  return {
    ok: false,
    message: `The market data API has no ${kind} for ${cls} (it serves ${kind} for ${serves.join(', ')}).`,
  };
}

/** Routes a spec; the classes each kind serves are the OPERATIONS table's. */
export function routeOf(spec: SubscriptionSpec): Routed | Unroutable {
  switch (spec.kind) {
    case 'quotes':
    case 'depth': {
      const { kind, class: cls, region, codes } = spec;
      const exchange = exchangeOf(cls, spec.exchange);
      if (kind === 'quotes') {
        if (!isServed(QUOTE_CLASSES, cls)) return unroutable(kind, cls, QUOTE_CLASSES);
        return routed({ kind, cls, region, exchange }, codes);
      }
      if (!isServed(DEPTHS_CLASSES, cls)) return unroutable(kind, cls, DEPTHS_CLASSES);
      return routed({ kind, cls, region, exchange }, codes);
    }
    case 'ticks':
      return routed({ kind: 'ticks', region: spec.region }, spec.codes);
    case 'candles': {
      const { class: cls, region, kType, code } = spec.series;
      if (!isServed(KLINE_CLASSES, cls)) return unroutable('candles', cls, KLINE_CLASSES);
      const exchange = exchangeOf(cls, spec.series.exchange);
      return routed({ kind: 'candles', cls, region, exchange, kType }, [code]);
    }
    case 'news':
      return routed({ kind: 'news', market: spec.market, lang: spec.lang }, []);
  }
}

/** The group key names everything that makes two requests different. */
function groupKeyOf(route: Route): string {
  switch (route.kind) {
    case 'quotes':
    case 'depth':
      return `${route.kind}|${route.cls}|${route.region}|${route.exchange}`;
    case 'ticks':
      return `ticks|crypto|${route.region}|`;
    case 'candles':
      return `candles|${route.cls}|${route.region}|${route.exchange}|${route.kType}`;
    case 'news':
      return `news|${route.market}|${route.lang}`;
  }
}

function routed(route: Route, codes: readonly string[]): Routed {
  const lane: LaneId = route.kind === 'candles' ? `candles:${route.kType}` : route.kind;
  return { ok: true, route, groupKey: groupKeyOf(route), lane, codes: cleanCodes(codes) };
}

/** Requests one poll of a group costs: `ceil(codes / plan max)`; news is one page. */
export function requestsPerPoll(route: Route, codeCount: number, maxCodes: number): number {
  if (route.kind === 'news') return 1;
  return Math.ceil(codeCount / Math.max(1, Math.floor(maxCodes)));
}
