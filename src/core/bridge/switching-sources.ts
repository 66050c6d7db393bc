/**
 * The history service's sources while the market link swaps clients under them.
 */
import type { Candle, DataSourceId, NewsPage, SeriesKey } from '../../shared/model';
import type { CandleFetch, CandleSource, NewsFetch, NewsSource } from '../cache';
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
    if (!this.current) return Promise.reject(new Error('market data is not connected yet'));
    return this.current.fetchCandles(series, opts);
  }
  fetchNews(query: NewsFetch): Promise<NewsPage> {
    if (!this.current) return Promise.reject(new Error('market data is not connected yet'));
    return this.current.fetchNews(query);
  }
}
