/**
 * Keeps the errors the history service swallows. `HistoryService` answers a source
 * failure with the cache and an `offline` flag, but the command line still needs the
 * network error's own words when the cache has nothing to show.
 */
import type { CandleFetch, CandleSource, NewsFetch, NewsSource } from '../core/cache';
import type { Candle, NewsPage, SeriesKey } from '../shared/model';

/** The key under which a news failure is recorded. */
export const NEWS_KEY = '\u0000news';

export class RecordingSources implements CandleSource, NewsSource {
  /** The last failure per code (candles) or under {@link NEWS_KEY} (news). */
  readonly errors = new Map<string, unknown>();

  constructor(private readonly inner: CandleSource & NewsSource) {}

  async fetchCandles(series: SeriesKey, opts: CandleFetch): Promise<Candle[]> {
    try {
      return await this.inner.fetchCandles(series, opts);
    } catch (error) {
      this.errors.set(series.code, error);
      throw error;
    }
  }

  async fetchNews(query: NewsFetch): Promise<NewsPage> {
    try {
      return await this.inner.fetchNews(query);
    } catch (error) {
      this.errors.set(NEWS_KEY, error);
      throw error;
    }
  }
}
