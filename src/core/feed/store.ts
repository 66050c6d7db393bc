/**
 * Where the hub's results go and where a new subscriber's first paint comes from:
 * quotes, depth and ticks as snapshots, candles merged into the series (with the span
 * and freshness bookkeeping the history service reads), news as the newest page.
 * `cacheFeedStore` is the SQLite implementation over src/core/cache, scoped to the
 * current source; tests may pass any other.
 */
import type {
  Candle,
  DataSourceId,
  Instrument,
  NewsItem,
  NewsPage,
  SeriesKey,
  UnixMs,
} from '../../shared/model';
import {
  loadSnapshots,
  markRefreshed,
  readFreshness,
  readNewestCandles,
  readNewestNews,
  readNewsPageRecord,
  saveNewsPage,
  saveSnapshots,
  seriesId,
  upsertCandles,
  type CacheDb,
  type NewsFeed,
  type SnapshotRecords,
} from '../cache';
import { addSpan } from '../cache/candle-spans';
import { inTransaction } from '../cache/db';

/** The snapshot kinds the hub keeps (stock info is not polled). */
export type FeedSnapshotKind = 'quote' | 'depth' | 'tick';

/** A stored record and when it was received. */
export interface Stored<T> {
  record: T;
  at: UnixMs;
}

/** The hub's view of the cache. Methods may throw (disk full…): the hub reports and carries on. */
export interface FeedStore {
  /** Stored snapshots of `instruments`, keyed by `instrumentKey`. */
  loadSnapshots<K extends FeedSnapshotKind>(
    kind: K,
    instruments: readonly Instrument[],
  ): Map<string, Stored<SnapshotRecords[K]>>;
  saveSnapshots<K extends FeedSnapshotKind>(
    kind: K,
    entries: readonly { instrument: Instrument; record: SnapshotRecords[K]; at: UnixMs }[],
  ): void;
  /** The newest `limit` cached candles (ascending) and when the series was refreshed. */
  loadCandles(series: SeriesKey, limit: number): Stored<Candle[]> | null;
  /** Merges the newest candles of a series fetched at `at` (ascending, contiguous). */
  saveCandles(series: SeriesKey, candles: readonly Candle[], at: UnixMs): void;
  /** The newest `limit` cached items (newest first) and when the newest page was fetched. */
  loadNews(feed: NewsFeed, limit: number): Stored<NewsItem[]> | null;
  saveNews(feed: NewsFeed, page: NewsPage, at: UnixMs): void;
}

export interface CacheFeedStoreOptions {
  /** Runs after each write, e.g. the cache's size-budget check. */
  afterWrite?: () => void;
}

/**
 * The SQLite cache as the hub's store, scoped to `sourceOf()`: the source of the client
 * the hub polls, read at every call. A write always lands under the source its request
 * was made against because the two switch together: the source changes in the same
 * synchronous step as the hub's client (`MarketLink` sets both before any answer can
 * arrive), and the hub drops every answer of a client it has switched away from.
 */
export function cacheFeedStore(
  db: CacheDb,
  sourceOf: () => DataSourceId,
  options: CacheFeedStoreOptions = {},
): FeedStore {
  const after = options.afterWrite ?? (() => undefined);
  return {
    loadSnapshots: (kind, instruments) => loadSnapshots(db, sourceOf(), kind, instruments),
    saveSnapshots(kind, entries) {
      if (entries.length === 0) return;
      saveSnapshots(db, sourceOf(), kind, entries);
      after();
    },
    loadCandles(series, limit) {
      const source = sourceOf();
      const candles = readNewestCandles(db, source, series, limit);
      if (candles.length === 0) return null;
      const at = readFreshness(db, source, series).refreshedAt ?? candles.at(-1)!.time;
      return { record: candles, at };
    },
    saveCandles(series, candles, at) {
      if (candles.length === 0) return;
      const source = sourceOf();
      inTransaction(db, () => {
        upsertCandles(db, source, series, candles);
        // The newest candles, fetched together, are complete from the first to now: the
        // history service's spans then know the head of the series is current.
        const id = seriesId(db, source, series)!;
        addSpan(db, id, candles[0]!.time, Math.max(at, candles.at(-1)!.time));
        markRefreshed(db, source, series, at, candles);
      });
      after();
    },
    loadNews(feed, limit) {
      const source = sourceOf();
      const items = readNewestNews(db, source, feed, limit);
      if (items.length === 0) return null;
      const at = readNewsPageRecord(db, source, feed, null)?.fetchedAt ?? items[0]!.publishedAt;
      return { record: items, at };
    },
    saveNews(feed, page, at) {
      saveNewsPage(db, sourceOf(), feed, null, page, at);
      after();
    },
  };
}

/**
 * `source`, or a TypeError when there is none: a cache needs the source of its rows,
 * and a guessed default is how demo rows would be filed as live.
 */
export function requireSource(source: (() => DataSourceId) | undefined): () => DataSourceId {
  if (!source) throw new TypeError('a feed store over the cache needs the source of its rows');
  return source;
}

/** A store that remembers nothing (no cache configured). */
export const NO_STORE: FeedStore = {
  loadSnapshots: () => new Map(),
  saveSnapshots: () => undefined,
  loadCandles: () => null,
  saveCandles: () => undefined,
  loadNews: () => null,
  saveNews: () => undefined,
};
