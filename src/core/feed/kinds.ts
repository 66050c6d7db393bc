/**
 * One adapter per data kind: how a group is fetched (one client call with the union of
 * its codes), how a record is fingerprinted (to push only what changed), how a slice
 * becomes the bridge event, and how records go into and come out of the store. The
 * hub itself never looks inside a record.
 */
import type { SubscriptionSpec } from '../../shared/bridge';
import type {
  Candle,
  DepthBook,
  Instrument,
  NewsPage,
  Quote,
  SeriesKey,
  Tick,
  UnixMs,
} from '../../shared/model';
import { instrumentKey } from '../../shared/model';
import type { BatchResult, Result } from '../api';
import { CANDLE_POLL_LIMIT } from './intervals';
import type { Route } from './routes';
import type { FeedSnapshotKind, FeedStore, Stored } from './store';
import type { FeedClient, HubEvent } from './types';

/** The one "code" of a news group, whose only record is the newest page. */
export const NEWS_KEY = '';

/** Newest news items a news subscription is pushed. */
export const NEWS_PAGE_SIZE = 20;

export interface FetchOptions {
  signal: AbortSignal;
  /** Candles per code (klines only). */
  limit: number;
}

/** What the event of a slice needs besides the records. */
export interface SliceMeta {
  asOf: UnixMs | null;
  /** The data is cached and the API unreachable (candle pages say so). */
  offline: boolean;
  /**
   * The records are a first paint's from the cache or older than fresh, not news of now:
   * a depth book carries no time, so its event says so (a heatmap must not draw it as
   * the book of this moment).
   */
  cached: boolean;
  /**
   * Records pushed before each code's newest since the last delivery, oldest first: a
   * tick is a trade, and every one goes to the panes (`Events['ticks'].earlier`).
   */
  earlier?: ReadonlyMap<string, readonly unknown[]>;
}

export interface KindAdapter<T> {
  fetch(
    client: FeedClient,
    route: Route,
    codes: string[],
    options: FetchOptions,
  ): Promise<Result<BatchResult<T>>>;
  /** A short string that changes whenever the record does. */
  fingerprint(record: T): string;
  /**
   * True when `record` is older than `than` (kinds whose records carry a time): a REST
   * answer that left before a stream push does not take its place.
   */
  isOlder?(record: T, than: T): boolean;
  /** The events pushing `slice` (records by code) to one subscription. */
  events(
    spec: SubscriptionSpec,
    subscriptionId: string,
    slice: Map<string, T>,
    meta: SliceMeta,
  ): HubEvent[];
  save(store: FeedStore, route: Route, entries: readonly [string, T][], at: UnixMs): void;
  load(store: FeedStore, route: Route, codes: readonly string[]): Map<string, Stored<T>>;
}

/** A route of kind `K`; adapters are only ever handed routes of their own kind. */
function routeAs<K extends Route['kind']>(route: Route, kind: K): Extract<Route, { kind: K }> {
  if (route.kind !== kind) throw new Error(`not a ${kind} route`);
  return route as Extract<Route, { kind: K }>;
}

/** Region, exchange (left out for the primary one) and codes of a batch request. */
function marketParams(route: { region: string; exchange: string }, codes: string[]) {
  return {
    region: route.region,
    ...(route.exchange === '' ? {} : { exchange: route.exchange }),
    codes,
  };
}

/** The instrument of `code` in a route's market. */
export function instrument(route: Route, code: string): Instrument {
  switch (route.kind) {
    case 'quotes':
    case 'depth':
    case 'candles':
      return { class: route.cls, region: route.region, exchange: route.exchange, code };
    case 'ticks':
      return { class: 'crypto', region: route.region, exchange: '', code };
    case 'news':
      throw new Error('news has no instruments');
  }
}

function seriesOf(route: Route, code: string): SeriesKey {
  if (route.kind !== 'candles') throw new Error(`${route.kind} has no series`);
  return { ...instrument(route, code), kType: route.kType };
}

/** The snapshot kinds' one batch request for a group's codes. */
function fetchSnapshots(
  client: FeedClient,
  route: Route,
  codes: string[],
  options: { signal: AbortSignal },
): Promise<Result<BatchResult<Quote | DepthBook | Tick>>> {
  switch (route.kind) {
    case 'quotes':
      return client.quotes(route.cls, marketParams(route, codes), options);
    case 'depth':
      // The batch operation serves any number of codes, a single one included: one request.
      return client.depths(route.cls, marketParams(route, codes), options);
    case 'ticks':
      return client.ticks({ region: route.region, codes }, options);
    default:
      throw new Error(`${route.kind} has no snapshots`);
  }
}

/**
 * The event pushing a snapshot subscription its records (by code). The records are the
 * adapter's, whose type the subscription's kind picked: `never` lets them be any of them.
 */
function snapshotEvent(
  spec: SubscriptionSpec,
  subscriptionId: string,
  records: Record<string, never>,
  cached: boolean,
  earlier?: ReadonlyMap<string, readonly unknown[]>,
): HubEvent {
  switch (spec.kind) {
    case 'quotes':
      return { event: 'quotes', payload: { subscriptionId, quotes: records } };
    case 'depth':
      return {
        event: 'depth',
        payload: { subscriptionId, books: records, ...(cached && { cached: true as const }) },
      };
    case 'ticks': {
      const trades = earlierOf(records, earlier);
      return {
        event: 'ticks',
        payload: { subscriptionId, ticks: records, ...(trades && { earlier: trades }) },
      };
    }
    default:
      throw new Error(`${spec.kind} has no snapshots`);
  }
}

/** The earlier trades of the codes of `records`, where any came; undefined when none did. */
function earlierOf(
  records: Record<string, unknown>,
  earlier: ReadonlyMap<string, readonly unknown[]> | undefined,
): Record<string, Tick[]> | undefined {
  if (!earlier || earlier.size === 0) return undefined;
  let out: Record<string, Tick[]> | undefined;
  for (const code in records) {
    const list = earlier.get(code);
    if (list && list.length > 0) (out ??= {})[code] = [...(list as Tick[])];
  }
  return out;
}

/** Snapshot kinds (quote, depth, tick) share everything but the fingerprint. */
function snapshotAdapter<T extends Quote | DepthBook | Tick>(
  kind: FeedSnapshotKind,
  fingerprint: (record: T) => string,
  isOlder?: (record: T, than: T) => boolean,
): KindAdapter<T> {
  return {
    ...(isOlder ? { isOlder } : {}),
    // The route's kind picks the call, and with it the record type T.
    fetch: (client, route, codes, { signal }) =>
      fetchSnapshots(client, route, codes, { signal }) as Promise<Result<BatchResult<T>>>,
    fingerprint,
    events: (spec, id, slice, meta) => [
      snapshotEvent(spec, id, Object.fromEntries(slice) as never, meta.cached, meta.earlier),
    ],
    save(store, route, entries, at) {
      store.saveSnapshots(
        kind,
        entries.map(([code, record]) => ({
          instrument: instrument(route, code),
          record: record as never,
          at,
        })),
      );
    },
    load(store, route, codes) {
      const instruments = codes.map((c) => instrument(route, c));
      const stored = store.loadSnapshots(kind, instruments);
      const out = new Map<string, Stored<T>>();
      for (const i of instruments) {
        const s = stored.get(instrumentKey(i));
        if (s) out.set(i.code, s as unknown as Stored<T>);
      }
      return out;
    },
  };
}

const quoteFp = (q: Quote | Tick) => `${q.time}|${q.last}|${q.volume}|${q.status}`;
const olderTrade = (q: Quote | Tick, than: Quote | Tick) => q.time < than.time;

const levelsFp = (book: DepthBook) =>
  [...book.asks, ...book.bids].map((l) => `${l.price ?? '-'}:${l.volume}:${l.orders}`).join(',');

const candles: KindAdapter<Candle[]> = {
  fetch(client, route, codes, { signal, limit }) {
    const r = routeAs(route, 'candles');
    return client.klines(r.cls, { ...marketParams(r, codes), kType: r.kType, limit }, { signal });
  },
  fingerprint: (list) =>
    list.map((c) => `${c.time}:${c.close}:${c.high}:${c.low}:${c.volume}`).join(','),
  events(spec, subscriptionId, slice, meta) {
    if (spec.kind !== 'candles') return [];
    const list = slice.get(spec.series.code);
    if (!list) return [];
    const page = {
      series: spec.series,
      candles: list,
      atHistoryStart: false,
      offline: meta.offline,
      asOf: meta.asOf,
      refreshing: false,
    };
    return [{ event: 'candles', payload: { subscriptionId, page } }];
  },
  save(store, route, entries, at) {
    for (const [code, list] of entries) store.saveCandles(seriesOf(route, code), list, at);
  },
  load(store, route, codes) {
    const out = new Map<string, Stored<Candle[]>>();
    for (const code of codes) {
      const s = store.loadCandles(seriesOf(route, code), CANDLE_POLL_LIMIT);
      if (s) out.set(code, s);
    }
    return out;
  },
};

const news: KindAdapter<NewsPage> = {
  async fetch(client, route, _codes, { signal }) {
    const { market, lang } = routeAs(route, 'news');
    const r = await client.news({ market, lang, limit: NEWS_PAGE_SIZE }, { signal });
    if (!r.ok) return r;
    return { ok: true, value: { data: { [NEWS_KEY]: r.value }, missing: [], failed: {} } };
  },
  fingerprint: (page) => page.items.map((i) => i.id).join(','),
  events(_spec, subscriptionId, slice) {
    const page = slice.get(NEWS_KEY);
    return page ? [{ event: 'news', payload: { subscriptionId, items: page.items } }] : [];
  },
  save(store, route, entries, at) {
    if (route.kind !== 'news') return;
    for (const [, page] of entries) store.saveNews(route, page, at);
  },
  load(store, route) {
    if (route.kind !== 'news') return new Map();
    const s = store.loadNews(route, NEWS_PAGE_SIZE);
    if (!s) return new Map();
    const page: NewsPage = {
      items: s.record,
      nextCursor: null,
      hasMore: false,
      count: s.record.length,
    };
    return new Map([[NEWS_KEY, { record: page, at: s.at }]]);
  },
};

const ADAPTERS = {
  quotes: snapshotAdapter<Quote>('quote', quoteFp, olderTrade),
  depth: snapshotAdapter<DepthBook>('depth', levelsFp),
  ticks: snapshotAdapter<Tick>('tick', quoteFp, olderTrade),
  candles,
  news,
} as const;

/** The adapter of a route's kind; records are opaque to the hub. */
export function adapterFor(route: Route): KindAdapter<unknown> {
  return ADAPTERS[route.kind] as unknown as KindAdapter<unknown>;
}
