/**
 * The news feed's logic, without runes (unit-tested in Node): the cache-first
 * newest page, live items from the subscription in front (deduplicated), older
 * pages through the cursor behind. A failed first page is retried when the bridge
 * or the API comes back, or on `retry()`. Writes what the UI shows into
 * `NewsFields`, which `NewsState` backs with `$state`.
 */
import type { MarketdeskBridge } from '../../../../shared/bridge';
import type { NewsItem, UnixMs } from '../../../../shared/model';
import { RetryWhenBack, type ReconnectSignal } from '../common/retry-when-back';
import { PaneSubscription, type StatusView } from '../common/subscription';
import { appendNews, prependNews } from './news-list';
import { errorMessage } from '../../../../shared/errors';

/** Items per page. */
export const NEWS_PAGE = 30;

/** What the UI shows of a news feed. */
export interface NewsFields {
  items: readonly NewsItem[];
  status: StatusView;
  offline: boolean;
  asOf: UnixMs | null;
  error: string | null;
  loading: boolean;
  loadingMore: boolean;
  hasMore: boolean;
}

export class NewsController {
  #bridge: MarketdeskBridge;
  #f: NewsFields;
  #sub: PaneSubscription<'news'>;
  #filter: { market: string; lang: string } | null = null;
  #cursor: string | null = null;
  #generation = 0;
  #retry: RetryWhenBack;

  /** `reconnects`: the pane context's `onReconnect` (a failed load retries on it). */
  constructor(bridge: MarketdeskBridge, fields: NewsFields, reconnects?: ReconnectSignal) {
    this.#bridge = bridge;
    this.#f = fields;
    this.#retry = new RetryWhenBack(bridge, reconnects, () => void this.retry());
    this.#sub = new PaneSubscription(
      bridge,
      'news',
      (p) => (this.#f.items = prependNews(this.#f.items, p.items)),
      (s) => (this.#f.status = s),
    );
  }

  /** Shows a market and language: newest page (cache-first), then live items. */
  async setFilter(market: string, lang: string): Promise<void> {
    const generation = ++this.#generation;
    this.#filter = { market, lang };
    this.#cursor = null;
    this.#f.items = [];
    this.#f.hasMore = false;
    this.#f.offline = false;
    this.#f.asOf = null;
    this.#f.error = null;
    this.#f.loading = true;
    this.#retry.clear();
    void this.#follow(generation, market, lang);
    try {
      const page = await this.#bridge.invoke('loadNews', { market, lang, limit: NEWS_PAGE });
      if (generation !== this.#generation) return;
      // Live items may already have arrived: keep them in front.
      this.#f.items = appendNews(this.#f.items, page.items);
      this.#cursor = page.nextCursor;
      this.#f.hasMore = page.hasMore && page.nextCursor !== null;
      this.#f.offline = page.offline;
      this.#f.asOf = page.asOf;
      this.#f.error = page.error ?? null;
      if (this.#f.items.length === 0 && page.error) this.#retry.failed();
    } catch (error) {
      if (generation === this.#generation) {
        this.#f.error = errorMessage(error);
        this.#retry.failed();
      }
    } finally {
      if (generation === this.#generation) this.#f.loading = false;
    }
  }

  /** Loads the newest page again after a failure (the "Retry" button, or reconnection). */
  async retry(): Promise<void> {
    const filter = this.#filter;
    if (!filter || this.#f.loading) return;
    await this.setFilter(filter.market, filter.lang);
  }

  /** Subscribes to live items; a subscribe lost with the connection retries too. */
  async #follow(generation: number, market: string, lang: string): Promise<void> {
    await this.#sub.set({ kind: 'news', market, lang });
    if (generation === this.#generation && this.#sub.id === null) this.#retry.failed();
  }

  /** The next older page through the cursor (infinite scroll). */
  async loadMore(): Promise<void> {
    const filter = this.#filter;
    const cursor = this.#cursor;
    if (!filter || !cursor || !this.#f.hasMore || this.#f.loading || this.#f.loadingMore) return;
    const generation = this.#generation;
    this.#f.loadingMore = true;
    try {
      const page = await this.#bridge.invoke('loadNews', { ...filter, limit: NEWS_PAGE, cursor });
      if (generation !== this.#generation) return;
      const before = this.#f.items;
      this.#f.items = appendNews(this.#f.items, page.items);
      this.#cursor = page.nextCursor;
      // A page adding nothing new would loop the sentinel forever.
      this.#f.hasMore = page.hasMore && page.nextCursor !== null && this.#f.items !== before;
      this.#f.offline = page.offline;
      if (page.error) this.#f.error = page.error;
    } catch (error) {
      if (generation === this.#generation) {
        this.#f.error = errorMessage(error);
        this.#f.hasMore = false;
      }
    } finally {
      if (generation === this.#generation) this.#f.loadingMore = false;
    }
  }

  dispose(): void {
    this.#generation++;
    this.#sub.dispose();
    this.#retry.dispose();
  }
}
