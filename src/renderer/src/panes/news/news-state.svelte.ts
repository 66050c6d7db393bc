/**
 * State of a news feed: the cache-first newest page, live items from the subscription
 * in front (deduplicated), older pages through the cursor behind. The first page is a
 * `PageLoad`: a failed one is loaded again when the bridge or the API comes back, or on
 * `retry()`. Items are `$state.raw`: replaced whole, never proxied.
 */
import type { MarketdeskBridge } from '../../../../shared/bridge';
import type { NewsItem } from '../../../../shared/model';
import { PageLoad } from '../common/page-load';
import type { ReconnectSignal } from '../common/retry-when-back';
import { PageView } from '../common/page-view.svelte';
import { PaneSubscription } from '../common/subscription';
import { appendNews, prependNews } from './news-list';

/** Items per page. */
export const NEWS_PAGE = 30;

/** Which news a feed shows. */
interface NewsFilter {
  market: string;
  lang: string;
}

export class NewsState extends PageView {
  items = $state.raw<readonly NewsItem[]>([]);
  loadingMore = $state(false);
  hasMore = $state(false);

  #bridge: MarketdeskBridge;
  #sub: PaneSubscription<'news'>;
  #page: PageLoad<NewsFilter>;
  #cursor: string | null = null;

  /** `reconnects`: the pane context's `onReconnect` (a failed load retries on it). */
  constructor(bridge: MarketdeskBridge, reconnects?: ReconnectSignal) {
    super();
    this.#bridge = bridge;
    this.#page = new PageLoad(bridge, reconnects, this, {
      reset: () => this.#reset(),
      load: (filter, current) => this.#loadNewest(filter, current),
    });
    this.#sub = new PaneSubscription(
      bridge,
      'news',
      (p) => (this.items = prependNews(this.items, p.items)),
      (s) => (this.status = s),
    );
  }

  /** Shows a market and language: newest page (cache-first), then live items. */
  setFilter(market: string, lang: string): Promise<void> {
    return this.#page.show({ market, lang });
  }

  /** Loads the newest page again after a failure (the "Retry" button, or reconnection). */
  retry(): Promise<void> {
    return this.#page.retry();
  }

  /** The next older page through the cursor (infinite scroll). */
  async loadMore(): Promise<void> {
    const filter = this.#page.target;
    const cursor = this.#cursor;
    if (!filter || !cursor || !this.hasMore || this.loading || this.loadingMore) return;
    await this.#page.more({
      busy: (running) => (this.loadingMore = running),
      request: () => this.#bridge.invoke('loadNews', { ...filter, limit: NEWS_PAGE, cursor }),
      apply: (page) => {
        const before = this.items;
        this.items = appendNews(this.items, page.items);
        this.#cursor = page.nextCursor;
        // A page adding nothing new would loop the sentinel forever.
        this.hasMore = page.hasMore && page.nextCursor !== null && this.items !== before;
        this.offline = page.offline;
        if (page.error) this.error = page.error;
      },
      failed: () => (this.hasMore = false),
    });
  }

  dispose(): void {
    this.#page.dispose();
    this.#sub.dispose();
  }

  #reset(): void {
    this.#cursor = null;
    this.items = [];
    this.hasMore = false;
    this.offline = false;
    this.asOf = null;
  }

  async #loadNewest(filter: NewsFilter, current: () => boolean): Promise<boolean> {
    void this.#goLive(filter, current);
    const page = await this.#bridge.invoke('loadNews', { ...filter, limit: NEWS_PAGE });
    if (!current()) return false;
    // Live items may already have arrived: keep them in front.
    this.items = appendNews(this.items, page.items);
    this.#cursor = page.nextCursor;
    this.hasMore = page.hasMore && page.nextCursor !== null;
    this.offline = page.offline;
    this.asOf = page.asOf;
    this.error = page.error ?? null;
    return this.items.length === 0 && Boolean(page.error);
  }

  /** Subscribes to live items; a subscribe lost with the connection retries too. */
  async #goLive(filter: NewsFilter, current: () => boolean): Promise<void> {
    await this.#sub.set({ kind: 'news', ...filter });
    if (this.#sub.id === null) this.#page.failed(current);
  }
}
