/**
 * Cache-first news: the newest page answers from SQLite at once and refreshes in the
 * background; older pages replay the remembered cursor chain, else ask the source, else
 * (offline) show the cached items older than the page the user scrolled from. Used
 * through {@link HistoryService}.
 */
import type { NewsItem, UnixMs } from '../../shared/model';
import type { CacheDb } from './db';
import type { LinkState, Listeners } from './link-state';
import {
  readNewestNews,
  readNewsBefore,
  readNewsInPage,
  readNewsPageContaining,
  readNewsPageProducing,
  readNewsPageRecord,
  saveNewsPage,
  type NewsFeed,
  type StoredNewsPage,
} from './news';
import type { NewsSource } from './sources';
import { NEWS_STALE_AFTER_MS, isStale } from './staleness';

/** What `loadNews` asks for. */
export interface NewsQuery extends NewsFeed {
  limit: number;
  /** A previous answer's `nextCursor`; absent/null = the newest page. */
  cursor?: string | null;
  signal?: AbortSignal;
}

/** An answer to `loadNews`, and the payload of `onNews` (for the newest page). */
export interface NewsAnswer extends NewsFeed {
  cursor: string | null;
  /** Newest first, like the API's pages. */
  items: NewsItem[];
  nextCursor: string | null;
  hasMore: boolean;
  offline: boolean;
  /** Why the source could not be reached (see `CandleAnswer.offlineReason`). */
  offlineReason?: string;
  /** When this page was fetched from the source; null when never. */
  asOf: UnixMs | null;
  refreshing: boolean;
  error?: string;
}

export interface NewsHistoryDeps {
  db: CacheDb;
  source: NewsSource | null;
  link: LinkState;
  listeners: Listeners<NewsAnswer>;
  now: () => UnixMs;
  afterWrite: () => void;
  lifetime: AbortSignal;
}

export class NewsHistory {
  readonly #inflight = new Map<string, Promise<NewsAnswer>>();

  constructor(private readonly deps: NewsHistoryDeps) {}

  /** See `HistoryService.loadNews`. */
  async loadNews(query: NewsQuery): Promise<NewsAnswer> {
    const feed = { market: query.market, lang: query.lang };
    const limit = Math.max(1, Math.floor(query.limit));
    const cursor = query.cursor ?? null;
    const { db, source, now } = this.deps;
    const page = readNewsPageRecord(db, feed, cursor);
    if (cursor === null) {
      const refreshing =
        source !== null && isStale(page?.fetchedAt ?? null, NEWS_STALE_AFTER_MS, now());
      // The outcome travels through onNews (see CandleHistory.loadCandles).
      if (refreshing) this.refreshNews({ ...feed, limit }).catch(() => undefined);
      return this.#fromPage(feed, null, page, limit, { refreshing });
    }
    // An older page never changes: once fetched, it is the answer.
    if (page || !source) return this.#fromPage(feed, cursor, page, limit, {});
    return this.#fetch(feed, cursor, limit, query.signal, null);
  }

  /** Fetches the newest page, stores it and emits it as an `onNews` event (also returned). */
  refreshNews(query: NewsFeed & { limit: number }): Promise<NewsAnswer> {
    const key = `${query.market}\u0000${query.lang}`;
    let pending = this.#inflight.get(key);
    if (!pending) {
      const feed = { market: query.market, lang: query.lang };
      pending = this.#fetch(feed, null, query.limit, undefined, this.deps.listeners).finally(() =>
        this.#inflight.delete(key),
      );
      this.#inflight.set(key, pending);
    }
    return pending;
  }

  async idle(): Promise<void> {
    while (this.#inflight.size > 0) await Promise.allSettled([...this.#inflight.values()]);
  }

  async #fetch(
    feed: NewsFeed,
    cursor: string | null,
    limit: number,
    signal: AbortSignal | undefined,
    emitTo: Listeners<NewsAnswer> | null,
  ): Promise<NewsAnswer> {
    const { db, source, link, now, lifetime } = this.deps;
    const combined = signal ? AbortSignal.any([signal, lifetime]) : lifetime;
    let answer: NewsAnswer;
    try {
      if (!source) throw new Error('no news source');
      const fetched = await source.fetchNews({ ...feed, limit, cursor, signal: combined });
      if (combined.aborted) throw combined.reason;
      const at = now();
      saveNewsPage(db, feed, cursor, fetched, at);
      link.succeeded();
      this.deps.afterWrite();
      answer = {
        ...feed,
        cursor,
        items: fetched.items,
        nextCursor: fetched.nextCursor,
        hasMore: fetched.hasMore,
        offline: false,
        asOf: at,
        refreshing: false,
      };
    } catch (err) {
      if (combined.aborted) throw err;
      const failure = link.failed(err);
      answer = this.#fromPage(feed, cursor, readNewsPageRecord(db, feed, cursor), limit, {
        error: failure.offline ? undefined : failure.message,
      });
    }
    emitTo?.emit(answer);
    return answer;
  }

  /** The answer the cache can give for `cursor`: the remembered page, or what is older. */
  #fromPage(
    feed: NewsFeed,
    cursor: string | null,
    page: StoredNewsPage | null,
    limit: number,
    extra: { refreshing?: boolean; error?: string | undefined },
  ): NewsAnswer {
    const { db, source, link } = this.deps;
    let items: NewsItem[];
    let nextCursor: string | null = page?.nextCursor ?? null;
    let hasMore = page?.hasMore ?? false;
    if (page) {
      items = readNewsInPage(db, feed, page, Math.max(limit, page.itemCount));
    } else if (cursor === null) {
      items = readNewestNews(db, feed, limit);
    } else {
      // Never fetched this page: continue below the page the user scrolled from.
      const from = readNewsPageProducing(db, feed, cursor);
      items = from?.oldestAt != null ? readNewsBefore(db, feed, from.oldestAt, limit) : [];
      // Keep the chain going where a remembered page holds the oldest item shown.
      const oldest = items.at(-1);
      const holder = oldest ? readNewsPageContaining(db, feed, oldest.publishedAt) : null;
      nextCursor = holder?.nextCursor ?? null;
      hasMore = holder?.hasMore ?? false;
    }
    const answer: NewsAnswer = {
      ...feed,
      cursor,
      items,
      nextCursor,
      hasMore,
      offline: source === null || link.offlineSince !== null,
      asOf: page?.fetchedAt ?? null,
      refreshing: extra.refreshing ?? false,
    };
    if (link.offlineReason !== null) answer.offlineReason = link.offlineReason;
    if (extra.error !== undefined) answer.error = extra.error;
    return answer;
  }
}
