/**
 * Retention and tools behind `marketdesk cache stats|prune|clear`: plain functions that
 * return data; the CLI formats it.
 *
 * The size budget counts the pages in use (page_count − freelist_count), the figure
 * pruning can act on. Pruning drops the rows of unknown origin first (cached before
 * sources were recorded: no read can show them), then the oldest intraday candles
 * (cheapest to refetch, largest by far), then the oldest news, and daily-or-longer
 * candles only as a last resort; freed pages go back to the file system through
 * incremental vacuum. Pruning and clearing act on every source; stats count per source.
 */
import { statSync } from 'node:fs';
import type { DataSourceId, UnixMs } from '../../shared/model';
import { DEFAULT_CACHE_BUDGET_BYTES, KTYPES, isIntraday, type KType } from '../../shared/model';
import { trimSpansToCandles } from './candle-spans';
import { prepare, resetHandleCaches, inTransaction, type CacheDb } from './db';
import { UNKNOWN_SOURCE } from './migrations';

/** The size budget when none is given: the settings' default. */
export const DEFAULT_BUDGET_BYTES = DEFAULT_CACHE_BUDGET_BYTES;

/** A min/max time span; both null when the table is empty. */
export interface TimeSpan {
  oldest: UnixMs | null;
  newest: UnixMs | null;
}

/** The rows one source holds. */
export interface SourceRows {
  /** `unknown`: rows cached before sources were recorded, never shown. */
  source: DataSourceId | typeof UNKNOWN_SOURCE;
  series: number;
  candles: number;
  newsItems: number;
  newsPages: number;
  snapshots: number;
}

export interface CacheStats {
  path: string;
  /** Schema version (`user_version`). */
  schemaVersion: number;
  /** Bytes of the database file, its -wal and its -shm. */
  fileBytes: number;
  walBytes: number;
  /** Bytes of the pages in use: what the budget is measured against. */
  usedBytes: number;
  rows: {
    series: number;
    candles: number;
    newsItems: number;
    newsPages: number;
    snapshots: number;
  };
  /** The same rows by source (demo, each live origin, unknown), sorted by source. */
  sources: SourceRows[];
  /** Series holding at least one candle. */
  seriesWithCandles: number;
  candles: TimeSpan;
  news: TimeSpan;
  snapshots: TimeSpan;
}

export interface PruneResult {
  budgetBytes: number;
  usedBytesBefore: number;
  usedBytesAfter: number;
  /** File size (db + wal) after pruning and vacuum. */
  fileBytesAfter: number;
  deleted: {
    /** Candles, news items and snapshots of unknown origin (all of them go at once). */
    unknownSource: number;
    intradayCandles: number;
    newsItems: number;
    dailyCandles: number;
  };
}

const INTRADAY = (Object.keys(KTYPES).map(Number) as KType[]).filter(isIntraday);
const INTRADAY_LIST = INTRADAY.join(', ');

/** Pages in use × page size. Cheap: two header reads. */
export function usedBytes(db: CacheDb): number {
  const pages = db.sqlite.pragma('page_count', { simple: true }) as number;
  const free = db.sqlite.pragma('freelist_count', { simple: true }) as number;
  const size = db.sqlite.pragma('page_size', { simple: true }) as number;
  return (pages - free) * size;
}

function fileSize(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

function count(db: CacheDb, table: string): number {
  return prepare<[], number>(db, `SELECT count(*) FROM ${table}`).pluck().get()!;
}

function span(db: CacheDb, sql: string): TimeSpan {
  return prepare<[], TimeSpan>(db, sql).get() ?? { oldest: null, newest: null };
}

/** Sizes, row counts and time spans of the cache. Scans the tables: a tool, not a hot path. */
export function stats(db: CacheDb): CacheStats {
  const walBytes = fileSize(`${db.path}-wal`);
  return {
    path: db.path,
    schemaVersion: db.sqlite.pragma('user_version', { simple: true }) as number,
    fileBytes: fileSize(db.path) + walBytes + fileSize(`${db.path}-shm`),
    walBytes,
    usedBytes: usedBytes(db),
    rows: {
      series: count(db, 'series'),
      candles: count(db, 'candles'),
      newsItems: count(db, 'news_items'),
      newsPages: count(db, 'news_pages'),
      snapshots: count(db, 'snapshots'),
    },
    sources: rowsBySource(db),
    seriesWithCandles: prepare<[], number>(
      db,
      'SELECT count(*) FROM series s WHERE EXISTS (SELECT 1 FROM candles c WHERE c.series_id = s.id)',
    )
      .pluck()
      .get()!,
    candles: span(db, 'SELECT min(time) AS oldest, max(time) AS newest FROM candles'),
    news: span(
      db,
      'SELECT min(published_at) AS oldest, max(published_at) AS newest FROM news_items',
    ),
    snapshots: span(db, 'SELECT min(at) AS oldest, max(at) AS newest FROM snapshots'),
  };
}

function rowsBySource(db: CacheDb): SourceRows[] {
  return prepare<[], SourceRows>(
    db,
    `SELECT source, sum(series) AS series, sum(candles) AS candles, sum(news_items) AS newsItems,
       sum(news_pages) AS newsPages, sum(snapshots) AS snapshots
     FROM (
       SELECT s.source, count(DISTINCT s.id) AS series, count(c.time) AS candles,
         0 AS news_items, 0 AS news_pages, 0 AS snapshots
       FROM series s LEFT JOIN candles c ON c.series_id = s.id GROUP BY s.source
       UNION ALL SELECT source, 0, 0, count(*), 0, 0 FROM news_items GROUP BY source
       UNION ALL SELECT source, 0, 0, 0, count(*), 0 FROM news_pages GROUP BY source
       UNION ALL SELECT source, 0, 0, 0, 0, count(*) FROM snapshots GROUP BY source
     )
     GROUP BY source ORDER BY source`,
  ).all();
}

/** One pruning phase: how many rows it could still delete, and deleting the oldest n. */
interface Phase {
  key: keyof PruneResult['deleted'];
  remaining(db: CacheDb): number;
  deleteOldest(db: CacheDb, n: number): number;
}

const candlePhase = (key: Phase['key'], intraday: boolean): Phase => {
  const filter = `k_type ${intraday ? '' : 'NOT '}IN (${INTRADAY_LIST})`;
  return {
    key,
    remaining: (db) =>
      prepare<[], number>(
        db,
        `SELECT count(*) FROM candles WHERE series_id IN (SELECT id FROM series WHERE ${filter})`,
      )
        .pluck()
        .get()!,
    deleteOldest: (db, n) => {
      const deleted = prepare(
        db,
        `DELETE FROM candles WHERE (series_id, time) IN (
           SELECT series_id, time FROM candles
           WHERE series_id IN (SELECT id FROM series WHERE ${filter})
           ORDER BY time LIMIT ?)`,
      ).run(n).changes;
      // Coverage now starts at the oldest remaining candle; an emptied series is no longer
      // fresh either (it must refetch rather than answer "fresh, no candles").
      trimSpansToCandles(db);
      prepare(
        db,
        `UPDATE series SET refreshed_at = NULL, complete_until = NULL
         WHERE ${filter} AND NOT EXISTS (SELECT 1 FROM candles c WHERE c.series_id = series.id)`,
      ).run();
      return deleted;
    },
  };
};

/**
 * Rows of unknown origin: no read ever asks for them, so there is no "oldest first"
 * worth keeping the rest for; once over budget they all go, series, spans, pages and all.
 */
const unknownPhase: Phase = {
  key: 'unknownSource',
  remaining: (db) =>
    prepare<[string, string, string, string], number>(
      db,
      `SELECT (SELECT count(*) FROM series WHERE source = ?)
         + (SELECT count(*) FROM news_items WHERE source = ?)
         + (SELECT count(*) FROM news_pages WHERE source = ?)
         + (SELECT count(*) FROM snapshots WHERE source = ?)`,
    )
      .pluck()
      .get(UNKNOWN_SOURCE, UNKNOWN_SOURCE, UNKNOWN_SOURCE, UNKNOWN_SOURCE)!,
  deleteOldest: (db) => {
    const candles = prepare<[string], number>(
      db,
      'SELECT count(*) FROM candles WHERE series_id IN (SELECT id FROM series WHERE source = ?)',
    )
      .pluck()
      .get(UNKNOWN_SOURCE)!;
    // Candles and spans go with their series (ON DELETE CASCADE).
    prepare(db, 'DELETE FROM series WHERE source = ?').run(UNKNOWN_SOURCE);
    const news = prepare(db, 'DELETE FROM news_items WHERE source = ?').run(UNKNOWN_SOURCE);
    prepare(db, 'DELETE FROM news_pages WHERE source = ?').run(UNKNOWN_SOURCE);
    const snaps = prepare(db, 'DELETE FROM snapshots WHERE source = ?').run(UNKNOWN_SOURCE);
    return candles + news.changes + snaps.changes;
  },
};

const newsPhase: Phase = {
  key: 'newsItems',
  remaining: (db) => count(db, 'news_items'),
  deleteOldest: (db, n) => {
    const deleted = prepare(
      db,
      `DELETE FROM news_items WHERE id IN (
         SELECT id FROM news_items ORDER BY published_at LIMIT ?)`,
    ).run(n).changes;
    // A page whose oldest item is gone can no longer be replayed from the cache.
    prepare(
      db,
      `DELETE FROM news_pages WHERE oldest_at IS NOT NULL AND oldest_at < coalesce(
         (SELECT min(published_at) FROM news_items i WHERE i.source = news_pages.source
            AND i.market = news_pages.market AND i.lang = news_pages.lang),
         9007199254740991)`,
    ).run();
    return deleted;
  },
};

const PHASES: readonly Phase[] = [
  unknownPhase,
  candlePhase('intradayCandles', true),
  newsPhase,
  candlePhase('dailyCandles', false),
];

/**
 * Deletes data until the pages in use fit `budgetBytes`, in the order rows of unknown
 * origin → oldest intraday candles → oldest news → oldest daily+ candles, then returns
 * freed pages to the file system.
 */
export function prune(db: CacheDb, budgetBytes: number = DEFAULT_BUDGET_BYTES): PruneResult {
  const before = usedBytes(db);
  const deleted = { unknownSource: 0, intradayCandles: 0, newsItems: 0, dailyCandles: 0 };
  for (const phase of PHASES) {
    for (let used = usedBytes(db); used > budgetBytes; used = usedBytes(db)) {
      const remaining = phase.remaining(db);
      if (remaining === 0) break;
      // Estimate the rows to drop from the average row size, overshooting a little so the
      // loop converges in a few rounds; never less than 256 rows per round.
      const rows = count(db, 'candles') + count(db, 'news_items') || 1;
      const perRow = used / rows;
      const n = Math.min(
        remaining,
        Math.max(256, Math.ceil(((used - budgetBytes) / perRow) * 1.1)),
      );
      deleted[phase.key] += inTransaction(db, () => phase.deleteOldest(db, n));
    }
  }
  if (before !== usedBytes(db)) {
    db.sqlite.pragma('incremental_vacuum');
    db.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  }
  return {
    budgetBytes,
    usedBytesBefore: before,
    usedBytesAfter: usedBytes(db),
    fileBytesAfter: fileSize(db.path) + fileSize(`${db.path}-wal`),
    deleted,
  };
}

/**
 * Prunes only when over budget, the cheap check (three header reads) the history service
 * runs after writes. It prunes down to 90% of the budget: a prune scans the tables, so it
 * should happen once in a long while, not after every write at the edge of the budget.
 */
export function enforceBudget(db: CacheDb, budgetBytes: number): PruneResult | null {
  return usedBytes(db) > budgetBytes ? prune(db, Math.floor(budgetBytes * 0.9)) : null;
}

/** Empties every table (keeps the schema) and shrinks the file. Returns the rows removed. */
export function clear(db: CacheDb): CacheStats['rows'] {
  const rows = inTransaction(db, () => {
    const removed = {
      series: 0,
      candles: prepare(db, 'DELETE FROM candles').run().changes,
      newsItems: prepare(db, 'DELETE FROM news_items').run().changes,
      newsPages: prepare(db, 'DELETE FROM news_pages').run().changes,
      snapshots: prepare(db, 'DELETE FROM snapshots').run().changes,
    };
    removed.series = prepare(db, 'DELETE FROM series').run().changes;
    // The calendar and corporate-event lists and news details (events-store.ts) go too:
    // small, and fetched again the next time they are shown.
    prepare(db, 'DELETE FROM event_lists').run();
    prepare(db, 'DELETE FROM news_details').run();
    return removed;
  });
  resetHandleCaches(db);
  db.sqlite.exec('VACUUM');
  db.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  return rows;
}

/**
 * Deletes every row filed under `source` (a replay's, when it stops: its answers are the
 * recording's, already kept there). Candles and spans go with their series.
 */
export function forgetSource(db: CacheDb, source: DataSourceId): void {
  inTransaction(db, () => {
    for (const table of [
      'series',
      'news_items',
      'news_pages',
      'snapshots',
      'event_lists',
      'news_details',
    ]) {
      prepare(db, `DELETE FROM ${table} WHERE source = ?`).run(source);
    }
  });
}
