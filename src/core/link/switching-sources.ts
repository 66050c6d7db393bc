/**
 * The history service's sources while the market link swaps clients under them.
 */
import type { Candle, DataSourceId, NewsPage, SeriesKey } from '../../shared/model';
import type { CandleFetch, CandleSource, NewsFetch, NewsSource } from '../cache';
import { ApiError } from '../api';
import type { MarketSources } from '../market-sources';

/**
 * The cache's sources, delegating to whichever client is current. `sourceId` switches
 * with `current`, in the same step as the feed hub's client (see `MarketLink`'s build), so a request
 * that captures it as it starts files its answer under the source that served it.
 */
export class SwitchingSources implements CandleSource, NewsSource {
  current: MarketSources | null = null;
  /** The source of the client in use (not the settings, which move before a rebuild). */
  get sourceId(): DataSourceId {
    if (!this.current) throw new Error('market data is not connected yet');
    return this.current.sourceId;
  }
  fetchCandles(series: SeriesKey, opts: CandleFetch): Promise<Candle[]> {
    const current = this.#serving(opts.sourceId, 'candles');
    return current instanceof Error ? Promise.reject(current) : current.fetchCandles(series, opts);
  }
  fetchNews(query: NewsFetch): Promise<NewsPage> {
    const current = this.#serving(query.sourceId, 'news');
    return current instanceof Error ? Promise.reject(current) : current.fetchNews(query);
  }

  /**
   * The client to ask for a request made for `sourceId`. A request that waited (a rate
   * limit) while the user switched source must not be answered by the new one: its
   * rows would be filed under the old one (demo candles in a live chart). It is
   * cancelled instead, which the health model does not count as a failure.
   */
  #serving(sourceId: DataSourceId | undefined, operation: string): MarketSources | Error {
    if (!this.current) return new Error('market data is not connected yet');
    if (sourceId !== undefined && sourceId !== this.current.sourceId) {
      return new ApiError({
        kind: 'aborted',
        operation,
        message: 'The data source changed while this request waited; it was not sent.',
      });
    }
    return this.current;
  }
}
