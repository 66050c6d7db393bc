/**
 * Cache-first news: the newest page answers from SQLite at once and refreshes in the
 * background; older pages replay the remembered cursor chain, else ask the source, else
 * (offline) show the cached items older than the page the user scrolled from. Used
 * through {@link HistoryService}.
 */
import type { DataSourceId, NewsItem, UnixMs } from '../../shared/model';
import type { HistoryDeps } from './history-deps';
import { ASKED_WAIT_MS } from './link-state';
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
  /** The source the request was made against, whose items these are (see `CandleAnswer.source`). */
  source: DataSourceId;
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

export type NewsHistoryDeps = HistoryDeps<NewsSource, NewsAnswer>;

export class NewsHistory {
  readonly #inflight = new Map<string, Promise<NewsAnswer>>();

  constructor(private readonly deps: NewsHistoryDeps) {}

  /** See `HistoryService.loadNews`. */
  async loadNews(query: NewsQuery): Promise<NewsAnswer> {
    const feed = { market: query.market, lang: query.lang };
    const limit = Math.max(1, Math.floor(query.limit));
    const cursor = query.cursor ?? null;
    const { db, source, now } = this.deps;
    // Captured once: a cursor, like every row, means something only to its own source.
    const sourceId = this.deps.sourceId();
    const page = readNewsPageRecord(db, sourceId, feed, cursor);
    if (cursor === null) {
      const refreshing =
        source !== null && isStale(page?.fetchedAt ?? null, NEWS_STALE_AFTER_MS, now());
      // The outcome travels through onNews (see CandleHistory.loadCandles).
      if (refreshing) this.#refreshFrom(sourceId, { ...feed, limit }).catch(() => undefined);
      return this.#fromPage(sourceId, feed, null, page, limit, { refreshing });
    }
    // An older page never changes: once fetched, it is the answer.
    if (page || !source) return this.#fromPage(sourceId, feed, cursor, page, limit, {});
    return this.#fetch(sourceId, feed, cursor, limit, query.signal, null);
  }

  /** Fetches the newest page, stores it and emits it as an `onNews` event (also returned). */
  refreshNews(query: NewsFeed & { limit: number }): Promise<NewsAnswer> {
    return this.#refreshFrom(this.deps.sourceId(), query);
  }

  /** Shared per source and feed (see `CandleHistory`). */
  #refreshFrom(sourceId: DataSourceId, query: NewsFeed & { limit: number }): Promise<NewsAnswer> {
    const key = `${sourceId}\u0000${query.market}\u0000${query.lang}`;
    let pending = this.#inflight.get(key);
    if (!pending) {
      const feed = { market: query.market, lang: query.lang };
      const { listeners } = this.deps;
      pending = this.#fetch(sourceId, feed, null, query.limit, undefined, listeners).finally(() =>
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
    sourceId: DataSourceId,
    feed: NewsFeed,
    cursor: string | null,
    limit: number,
    signal: AbortSignal | undefined,
    emitTo: NewsHistoryDeps['listeners'] | null,
  ): Promise<NewsAnswer> {
    const { db, source, link, now, lifetime } = this.deps;
    const combined = signal ? AbortSignal.any([signal, lifetime]) : lifetime;
    let answer: NewsAnswer;
    // The newest page's refresh is the health service's probe while offline.
    const attempt = link.attempt(emitTo ? () => this.refreshNews({ ...feed, limit }) : undefined);
    try {
      if (!source) throw new Error('no news source');
      // A background refresh waits out a rate limit; an older page the user asked for, briefly.
      await attempt.cleared(combined, emitTo ? Infinity : ASKED_WAIT_MS);
      const fetched = await source.fetchNews({
        ...feed,
        limit,
        cursor,
        signal: combined,
        sourceId,
      });
      if (combined.aborted) throw combined.reason;
      const at = now();
      // Filed under the source asked, even if the user has switched since (see CandleHistory).
      saveNewsPage(db, sourceId, feed, cursor, fetched, at);
      attempt.succeeded();
      this.deps.afterWrite();
      answer = {
        ...feed,
        source: sourceId,
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
      const failure = attempt.failed(err);
      const stored = readNewsPageRecord(db, sourceId, feed, cursor);
      answer = this.#fromPage(sourceId, feed, cursor, stored, limit, {
        error: failure.offline ? undefined : failure.message,
      });
    }
    // Listeners show the current source: an answer for the one before a switch is dropped.
    if (this.deps.sourceId() === sourceId) emitTo?.fire(answer);
    return answer;
  }

  /** The answer the cache can give for `cursor`: the remembered page, or what is older. */
  #fromPage(
    sourceId: DataSourceId,
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
      items = readNewsInPage(db, sourceId, feed, page, Math.max(limit, page.itemCount));
    } else if (cursor === null) {
      items = readNewestNews(db, sourceId, feed, limit);
    } else {
      // Never fetched this page: continue below the page the user scrolled from.
      const from = readNewsPageProducing(db, sourceId, feed, cursor);
      items =
        from?.oldestAt != null ? readNewsBefore(db, sourceId, feed, from.oldestAt, limit) : [];
      // Keep the chain going where a remembered page holds the oldest item shown.
      const oldest = items.at(-1);
      const holder = oldest ? readNewsPageContaining(db, sourceId, feed, oldest.publishedAt) : null;
      nextCursor = holder?.nextCursor ?? null;
      hasMore = holder?.hasMore ?? false;
    }
    const answer: NewsAnswer = {
      ...feed,
      source: sourceId,
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
