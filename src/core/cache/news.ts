/**
 * News storage: `news_items` by id and `news_pages`, the cursor chain — which cursor
 * produced which page (its publish-time range and next cursor) — so scrolling back
 * offline replays the pages already seen. Schema in migrations.ts (2 and 4).
 *
 * Items and pages belong to the source that served them: an item id or a cursor means
 * something only to the service that issued it, so both are keyed by source, and every
 * function here takes the source it reads or writes.
 */
import type { DataSourceId, NewsItem, NewsPage, UnixMs } from '../../shared/model';
import { inTransaction, prepare, type CacheDb } from './db';

/** Which news list: the API's `market` and `lang`. */
export interface NewsFeed {
  market: string;
  lang: string;
}

/** A remembered page of the cursor chain. */
export interface StoredNewsPage {
  /** The cursor that produced the page; null for the newest page. */
  cursor: string | null;
  nextCursor: string | null;
  hasMore: boolean;
  newestAt: UnixMs | null;
  oldestAt: UnixMs | null;
  itemCount: number;
  fetchedAt: UnixMs;
}

const ITEM_COLUMNS =
  'id, title, published_at AS publishedAt, market, lang AS language, link, provider';

/**
 * The items `where` picks (its parameters, then `limit`), newest first: the order of the
 * API's pages, ties broken by id.
 */
function newestItems(db: CacheDb, where: string, params: unknown[]): NewsItem[] {
  return prepare<unknown[], NewsItem>(
    db,
    `SELECT ${ITEM_COLUMNS} FROM news_items WHERE ${where}
     ORDER BY published_at DESC, id DESC LIMIT ?`,
  ).all(...params);
}

/** The feed's remembered page `where` picks (its parameters after the feed's), most recently fetched first. */
function pageWhere(
  db: CacheDb,
  source: DataSourceId,
  feed: NewsFeed,
  where: string,
  ...params: unknown[]
): StoredNewsPage | null {
  const key = prepare<unknown[], string>(
    db,
    `SELECT cursor FROM news_pages WHERE source = ? AND market = ? AND lang = ? AND ${where}
     ORDER BY fetched_at DESC LIMIT 1`,
  )
    .pluck()
    .get(source, feed.market, feed.lang, ...params);
  return key === undefined ? null : readNewsPageRecord(db, source, feed, key === '' ? null : key);
}

/**
 * Stores a page fetched from `source`: its items are merged by id (a re-fetched item is
 * updated) and the page is recorded under the cursor that produced it (`null` = newest).
 */
export function saveNewsPage(
  db: CacheDb,
  source: DataSourceId,
  feed: NewsFeed,
  cursor: string | null,
  page: NewsPage,
  fetchedAt: UnixMs,
): void {
  const item = prepare(
    db,
    `INSERT INTO news_items
       (source, id, market, lang, published_at, title, link, provider, fetched_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
     ON CONFLICT (source, id) DO UPDATE SET published_at = excluded.published_at,
       title = excluded.title, link = excluded.link, provider = excluded.provider,
       fetched_at = excluded.fetched_at`,
  );
  const pageRow = prepare(
    db,
    `INSERT OR REPLACE INTO news_pages (source, market, lang, cursor, next_cursor, has_more,
       newest_at, oldest_at, item_count, fetched_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  inTransaction(db, () => {
    let newest: UnixMs | null = null;
    let oldest: UnixMs | null = null;
    for (const n of page.items) {
      // Items are filed under the feed that was asked for, which is how they are read back.
      item.run(
        source,
        n.id,
        feed.market,
        feed.lang,
        n.publishedAt,
        n.title,
        n.link,
        n.provider,
        fetchedAt,
      );
      newest = newest === null ? n.publishedAt : Math.max(newest, n.publishedAt);
      oldest = oldest === null ? n.publishedAt : Math.min(oldest, n.publishedAt);
    }
    pageRow.run(
      source,
      feed.market,
      feed.lang,
      cursor ?? '',
      page.nextCursor,
      page.hasMore ? 1 : 0,
      newest,
      oldest,
      page.items.length,
      fetchedAt,
    );
  });
}

/** The page that `cursor` produced (null = newest page), if it was fetched before. */
export function readNewsPageRecord(
  db: CacheDb,
  source: DataSourceId,
  feed: NewsFeed,
  cursor: string | null,
): StoredNewsPage | null {
  const row = prepare<
    unknown[],
    Omit<StoredNewsPage, 'cursor' | 'hasMore'> & { cursor: string; hasMore: number }
  >(
    db,
    `SELECT cursor, next_cursor AS nextCursor, has_more AS hasMore, newest_at AS newestAt,
       oldest_at AS oldestAt, item_count AS itemCount, fetched_at AS fetchedAt
     FROM news_pages WHERE source = ? AND market = ? AND lang = ? AND cursor = ?`,
  ).get(source, feed.market, feed.lang, cursor ?? '');
  if (!row) return null;
  return { ...row, cursor: row.cursor === '' ? null : row.cursor, hasMore: row.hasMore === 1 };
}

/** The page whose `nextCursor` is `cursor`: the page the user scrolled from. */
export function readNewsPageProducing(
  db: CacheDb,
  source: DataSourceId,
  feed: NewsFeed,
  cursor: string,
): StoredNewsPage | null {
  return pageWhere(db, source, feed, 'next_cursor = ?', cursor);
}

/** The newest `limit` items of the feed, newest first (the order of the API's pages). */
export function readNewestNews(
  db: CacheDb,
  source: DataSourceId,
  feed: NewsFeed,
  limit: number,
): NewsItem[] {
  return newestItems(db, 'source = ? AND market = ? AND lang = ?', [
    source,
    feed.market,
    feed.lang,
    limit,
  ]);
}

/** Up to `limit` items published strictly before `before`, newest first. */
export function readNewsBefore(
  db: CacheDb,
  source: DataSourceId,
  feed: NewsFeed,
  before: UnixMs,
  limit: number,
): NewsItem[] {
  return newestItems(db, 'source = ? AND market = ? AND lang = ? AND published_at < ?', [
    source,
    feed.market,
    feed.lang,
    before,
    limit,
  ]);
}

/** The items of a remembered page (its publish-time range), newest first. */
export function readNewsInPage(
  db: CacheDb,
  source: DataSourceId,
  feed: NewsFeed,
  page: StoredNewsPage,
  limit: number,
): NewsItem[] {
  if (page.newestAt === null || page.oldestAt === null) return [];
  return newestItems(
    db,
    'source = ? AND market = ? AND lang = ? AND published_at BETWEEN ? AND ?',
    [source, feed.market, feed.lang, page.oldestAt, page.newestAt, limit],
  );
}

/** The remembered page whose publish-time range contains `time` (most recent fetch first). */
export function readNewsPageContaining(
  db: CacheDb,
  source: DataSourceId,
  feed: NewsFeed,
  time: UnixMs,
): StoredNewsPage | null {
  return pageWhere(db, source, feed, 'oldest_at <= ? AND newest_at >= ?', time, time);
}

/**
 * Every cached item of a news market (all languages) published in [from, to], newest
 * first, at most `limit`: what a chart matches against its instrument.
 */
export function readNewsBetween(
  db: CacheDb,
  source: DataSourceId,
  market: string,
  from: UnixMs,
  to: UnixMs,
  limit: number,
): NewsItem[] {
  return newestItems(db, 'source = ? AND market = ? AND published_at BETWEEN ? AND ?', [
    source,
    market,
    from,
    to,
    limit,
  ]);
}
