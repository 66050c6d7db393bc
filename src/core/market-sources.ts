/**
 * The network side of the cache: adapts `MarketClient` (whose calls resolve to
 * `Result` values) to the cache's `CandleSource` and `NewsSource` (which throw). A
 * failed Result is thrown as its `ApiError`, so `isOfflineError` tells "cannot reach
 * the service" (network, timeout) apart from a refusal (auth, HTTP, schema…).
 *
 * Candle fetches for several codes of one market, interval and page that arrive in
 * the same tick are merged into one batch `klines` call: a chart grid or
 * `marketdesk klines --codes A,B,C` costs one request (chunked by plan), not one per code.
 */
import { isServed } from '../shared/api/operations';
import type { Candle, DataSourceId, NewsPage, SeriesKey } from '../shared/model';
import { ApiError, KLINE_CLASSES } from './api';
import type { KlineClass, MarketClient } from './api';
import type { CandleFetch, CandleSource, NewsFetch, NewsSource } from './cache';

interface Waiter {
  code: string;
  signal: AbortSignal | undefined;
  resolve(candles: Candle[]): void;
  reject(err: unknown): void;
}

interface PendingBatch {
  cls: KlineClass;
  series: SeriesKey;
  opts: CandleFetch;
  waiters: Waiter[];
}

/** `MarketClient` as the cache's candle and news source. */
export class MarketSources implements CandleSource, NewsSource {
  readonly #client: MarketClient;
  readonly #pending = new Map<string, PendingBatch>();

  /**
   * @param sourceId where `client` gets its data: `'demo'` for the built-in simulator,
   *   `liveSourceId(baseUrl)` for a service. The cache files every row under it.
   */
  constructor(
    client: MarketClient,
    readonly sourceId: DataSourceId,
  ) {
    this.#client = client;
  }

  /** The newest `limit` candles of `series` at or before `endTime` (the API's `et`). */
  fetchCandles(series: SeriesKey, opts: CandleFetch): Promise<Candle[]> {
    const cls = series.class;
    if (!isServed(KLINE_CLASSES, cls)) {
      return Promise.reject(
        new ApiError({
          kind: 'invalid-request',
          operation: 'klines',
          message: `${cls} has no candles in the market data API (classes with candles: ${KLINE_CLASSES.join(', ')})`,
        }),
      );
    }
    if (opts.signal?.aborted) return Promise.reject(opts.signal.reason);
    const key = [
      cls,
      series.region,
      series.exchange,
      series.kType,
      opts.limit,
      opts.endTime,
      opts.deferred === true,
    ].join('\u0000');
    const batch = this.#pending.get(key) ?? this.#open(key, cls, series, opts);
    return new Promise<Candle[]>((resolve, reject) => {
      const signal = opts.signal;
      // A waiter whose own signal fires stops waiting; the shared request carries on for the rest.
      const onAbort = () => reject(signal!.reason);
      signal?.addEventListener('abort', onAbort, { once: true });
      batch.waiters.push({
        code: series.code,
        signal,
        resolve: (c) => {
          signal?.removeEventListener('abort', onAbort);
          resolve(c);
        },
        reject: (e) => {
          signal?.removeEventListener('abort', onAbort);
          reject(e);
        },
      });
    });
  }

  /**
   * One news page; `cursor` null/absent = the newest. Asked through the client's
   * deferred view: on a small plan a chart's history goes first, and news waits its turn.
   */
  async fetchNews(query: NewsFetch): Promise<NewsPage> {
    const r = await this.#client.deferred().news(
      {
        market: query.market,
        lang: query.lang,
        limit: query.limit,
        ...(query.cursor ? { cursor: query.cursor } : {}),
      },
      query.signal ? { signal: query.signal } : {},
    );
    if (!r.ok) throw r.error;
    return r.value;
  }

  #open(key: string, cls: KlineClass, series: SeriesKey, opts: CandleFetch): PendingBatch {
    const batch: PendingBatch = { cls, series, opts, waiters: [] };
    this.#pending.set(key, batch);
    // Callers that start in the same tick share the request.
    queueMicrotask(() => {
      this.#pending.delete(key);
      void this.#flush(batch);
    });
    return batch;
  }

  async #flush(batch: PendingBatch): Promise<void> {
    const { cls, series, opts, waiters } = batch;
    const signals = new Set(waiters.map((w) => w.signal));
    // Only a signal every waiter shares may cancel the shared request.
    const [only] = signals;
    const signal = signals.size === 1 ? only : undefined;
    const client = opts.deferred ? this.#client.deferred() : this.#client;
    const r = await client.klines(
      cls,
      {
        region: series.region,
        ...(series.exchange ? { exchange: series.exchange } : {}),
        codes: waiters.map((w) => w.code),
        kType: series.kType,
        limit: opts.limit,
        ...(opts.endTime === undefined ? {} : { et: opts.endTime }),
      },
      signal ? { signal } : {},
    );
    for (const w of waiters) {
      if (!r.ok) {
        w.reject(r.error);
        continue;
      }
      const candles = r.value.data[w.code];
      const failed = r.value.failed[w.code];
      if (candles) w.resolve(candles);
      else if (failed) w.reject(failed);
      else w.reject(missingError(w.code));
    }
  }
}

/**
 * A code the service answered without a record (null, or left out): it has no such
 * product (the client reports these per code in `BatchResult.missing`). Thrown rather
 * than answered with `[]`: the cache reads a short answer as "history starts here".
 */
function missingError(code: string): ApiError {
  return new ApiError({
    kind: 'unknown-symbol',
    operation: 'klines',
    symbol: code,
    message: `unknown symbol: the service has no candles for ${code}; check the code and region`,
  });
}
