/**
 * State of a news feed: the cache-first newest page, live items from the subscription
 * in front (deduplicated), older pages through the cursor behind. A failed first page
 * is retried when the bridge or the API comes back, or on `retry()`. Items are
 * `$state.raw`: replaced whole, never proxied.
 */
import type { MarketdeskBridge } from '../../../../shared/bridge';
import { errorMessage } from '../../../../shared/errors';
import type { NewsItem, UnixMs } from '../../../../shared/model';
import { RetryWhenBack, type ReconnectSignal } from '../common/retry-when-back';
import {
  INITIAL_STATUS,
  PaneSubscription,
  pageBadge,
  type StatusView,
} from '../common/subscription';
import { appendNews, prependNews } from './news-list';

/** Items per page. */
export const NEWS_PAGE = 30;

export class NewsState {
  items = $state.raw<readonly NewsItem[]>([]);
  status = $state.raw<StatusView>(INITIAL_STATUS);
  offline = $state(false);
  asOf = $state<UnixMs | null>(null);
  error = $state<string | null>(null);
  loading = $state(false);
  loadingMore = $state(false);
  hasMore = $state(false);

  /** The badge: the subscription's trouble, else a cached (offline) page. */
  badge = $derived(pageBadge(this));

  #bridge: MarketdeskBridge;
  #sub: PaneSubscription<'news'>;
  #filter: { market: string; lang: string } | null = null;
  #cursor: string | null = null;
  #generation = 0;
  #retry: RetryWhenBack;

  /** `reconnects`: the pane context's `onReconnect` (a failed load retries on it). */
  constructor(bridge: MarketdeskBridge, reconnects?: ReconnectSignal) {
    this.#bridge = bridge;
    this.#retry = new RetryWhenBack(bridge, reconnects, () => void this.retry());
    this.#sub = new PaneSubscription(
      bridge,
      'news',
      (p) => (this.items = prependNews(this.items, p.items)),
      (s) => (this.status = s),
    );
  }

  /** Shows a market and language: newest page (cache-first), then live items. */
  async setFilter(market: string, lang: string): Promise<void> {
    const generation = ++this.#generation;
    this.#filter = { market, lang };
    this.#cursor = null;
    this.items = [];
    this.hasMore = false;
    this.offline = false;
    this.asOf = null;
    this.error = null;
    this.loading = true;
    this.#retry.clear();
    void this.#follow(generation, market, lang);
    try {
      const page = await this.#bridge.invoke('loadNews', { market, lang, limit: NEWS_PAGE });
      if (generation !== this.#generation) return;
      // Live items may already have arrived: keep them in front.
      this.items = appendNews(this.items, page.items);
      this.#cursor = page.nextCursor;
      this.hasMore = page.hasMore && page.nextCursor !== null;
      this.offline = page.offline;
      this.asOf = page.asOf;
      this.error = page.error ?? null;
      if (this.items.length === 0 && page.error) this.#retry.failed();
    } catch (error) {
      if (generation === this.#generation) {
        this.error = errorMessage(error);
        this.#retry.failed();
      }
    } finally {
      if (generation === this.#generation) this.loading = false;
    }
  }

  /** Loads the newest page again after a failure (the "Retry" button, or reconnection). */
  async retry(): Promise<void> {
    const filter = this.#filter;
    if (!filter || this.loading) return;
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
    if (!filter || !cursor || !this.hasMore || this.loading || this.loadingMore) return;
    const generation = this.#generation;
    this.loadingMore = true;
    try {
      const page = await this.#bridge.invoke('loadNews', { ...filter, limit: NEWS_PAGE, cursor });
      if (generation !== this.#generation) return;
      const before = this.items;
      this.items = appendNews(this.items, page.items);
      this.#cursor = page.nextCursor;
      // A page adding nothing new would loop the sentinel forever.
      this.hasMore = page.hasMore && page.nextCursor !== null && this.items !== before;
      this.offline = page.offline;
      if (page.error) this.error = page.error;
    } catch (error) {
      if (generation === this.#generation) {
        this.error = errorMessage(error);
        this.hasMore = false;
      }
    } finally {
      if (generation === this.#generation) this.loadingMore = false;
    }
  }

  dispose(): void {
    this.#generation++;
    this.#sub.dispose();
    this.#retry.dispose();
  }
}
