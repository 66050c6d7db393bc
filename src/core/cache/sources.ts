/**
 * What the cache needs from the network, and nothing more. The API client
 * (src/core/api) implements these; the cache never sees a token, a URL or a plan —
 * only which source (`sourceId`) the answers come from, which every row records.
 */
import type { Candle, DataSourceId, NewsPage, SeriesKey, UnixMs } from '../../shared/model';

export interface CandleFetch {
  /** Maximum candles wanted (the API's `limit`). */
  limit: number;
  /** Newest candle time wanted, inclusive (the API's `et`); absent = up to now. */
  endTime?: UnixMs;
  signal?: AbortSignal;
  /**
   * The source the request is for (captured when it started). A source that switches
   * clients refuses to serve it from another: the answer would be filed under this one.
   */
  sourceId?: DataSourceId;
  /**
   * Nobody is looking at this page first (a row's 24 h reference): it takes a slot of
   * the plan's minute after what the user asked (MarketClient's `deferred`).
   */
  deferred?: boolean;
}

/** Fetches candles; any order is accepted (the cache sorts). */
export interface CandleSource {
  /**
   * Where a fetch started now is answered from. Read when a request starts: the rows
   * it brings back are filed under that source, even if this one has changed since.
   */
  readonly sourceId: DataSourceId;
  fetchCandles(series: SeriesKey, opts: CandleFetch): Promise<Candle[]>;
}

export interface NewsFetch {
  market: string;
  lang: string;
  limit: number;
  /** The previous page's `nextCursor`; absent/null = the newest page. */
  cursor?: string | null;
  signal?: AbortSignal;
  /** See {@link CandleFetch.sourceId}. */
  sourceId?: DataSourceId;
}

export interface NewsSource {
  /** See {@link CandleSource.sourceId}. */
  readonly sourceId: DataSourceId;
  fetchNews(query: NewsFetch): Promise<NewsPage>;
}

/** Decides whether a source failure means "cannot reach the service" (answer offline). */
export type OfflinePredicate = (err: unknown) => boolean;

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'ETIMEDOUT',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
]);

/**
 * True for an `ApiError`-shaped failure of kind `unknown-symbol`: the source has no
 * such product. Not "offline" and not a cache matter: nothing cached is shown for it.
 */
export function isUnknownSymbol(err: unknown): boolean {
  return (
    typeof err === 'object' && err !== null && (err as { kind?: unknown }).kind === 'unknown-symbol'
  );
}

/**
 * The default {@link OfflinePredicate}: an `ApiError`-shaped `kind` of `network` or
 * `timeout`, a `TimeoutError`, or a Node/undici socket error code — looking through
 * `cause` chains, because `fetch` wraps the socket error in a TypeError.
 */
export function isOfflineError(err: unknown): boolean {
  for (let e = err, depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    const { kind, code, name, cause } = e as {
      kind?: unknown;
      code?: unknown;
      name?: unknown;
      cause?: unknown;
    };
    if (kind === 'network' || kind === 'timeout') return true;
    if (name === 'TimeoutError') return true;
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
    e = cause;
  }
  return false;
}
