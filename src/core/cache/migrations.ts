/**
 * The numbered schema migrations of the cache. Migration `n` (1-based) brings the
 * database from `user_version` n−1 to n. All pending migrations run in ONE transaction,
 * so a crash mid-upgrade leaves the previous schema intact. Never edit a shipped
 * migration; append a new one.
 *
 * The table SQL lives here because a migration is a frozen historical fact; the queries
 * over each table live in the file that owns it (candles.ts, news.ts, snapshots.ts).
 */
import type Database from 'better-sqlite3';
import { CacheTooNewError } from './errors';

/** One migration: SQL text or a function over the connection. */
export type Migration = string | ((sqlite: Database.Database) => void);

export const MIGRATIONS: readonly Migration[] = [
  // 1 — candle series. A series row maps the text key to a small integer so candle keys
  // stay 2 integers (compact WITHOUT ROWID b-tree) and carries the freshness bookkeeping.
  `
  CREATE TABLE series (
    id INTEGER PRIMARY KEY,
    class TEXT NOT NULL,
    region TEXT NOT NULL,
    exchange TEXT NOT NULL,
    code TEXT NOT NULL,
    k_type INTEGER NOT NULL,
    refreshed_at INTEGER,   -- last successful refresh from the source (Unix ms)
    complete_until INTEGER, -- newest candle known closed at that refresh
    UNIQUE (class, region, exchange, code, k_type)
  );
  CREATE TABLE candles (
    series_id INTEGER NOT NULL REFERENCES series (id) ON DELETE CASCADE,
    time INTEGER NOT NULL,
    open REAL NOT NULL,
    high REAL NOT NULL,
    low REAL NOT NULL,
    close REAL NOT NULL,
    volume REAL NOT NULL,
    turnover REAL NOT NULL,
    PRIMARY KEY (series_id, time)
  ) WITHOUT ROWID;
  -- Spans of time the cache holds completely (every candle the source had when fetched),
  -- so a gap left by a long absence is refetched instead of shown. start_time is
  -- -9007199254740991 when the source's history is known to begin inside the span.
  CREATE TABLE candle_spans (
    series_id INTEGER NOT NULL REFERENCES series (id) ON DELETE CASCADE,
    start_time INTEGER NOT NULL,
    end_time INTEGER NOT NULL,
    PRIMARY KEY (series_id, start_time)
  ) WITHOUT ROWID;
  `,
  // 2 — news items and the cursor chain that produced them.
  `
  CREATE TABLE news_items (
    id TEXT PRIMARY KEY,
    market TEXT NOT NULL,
    lang TEXT NOT NULL,
    published_at INTEGER NOT NULL,
    title TEXT NOT NULL,
    link TEXT NOT NULL,
    provider TEXT NOT NULL,
    fetched_at INTEGER NOT NULL
  ) WITHOUT ROWID;
  CREATE INDEX news_items_by_time ON news_items (market, lang, published_at);
  CREATE TABLE news_pages (
    market TEXT NOT NULL,
    lang TEXT NOT NULL,
    cursor TEXT NOT NULL,       -- '' for the newest page
    next_cursor TEXT,
    has_more INTEGER NOT NULL,
    newest_at INTEGER,          -- publish time range of the page's items
    oldest_at INTEGER,
    item_count INTEGER NOT NULL,
    fetched_at INTEGER NOT NULL,
    PRIMARY KEY (market, lang, cursor)
  ) WITHOUT ROWID;
  `,
  // 3 — the last quote / depth / tick / info per instrument, for an offline first paint.
  `
  CREATE TABLE snapshots (
    kind TEXT NOT NULL,
    instrument TEXT NOT NULL,   -- instrumentKey()
    at INTEGER NOT NULL,
    data TEXT NOT NULL,         -- the record as JSON
    PRIMARY KEY (kind, instrument)
  ) WITHOUT ROWID;
  `,
];

/** The schema version this app writes. */
export const LATEST_VERSION = MIGRATIONS.length;

/**
 * Brings the database to {@link LATEST_VERSION} (or `target`, for tests) in one
 * transaction. Throws {@link CacheTooNewError} when the file is newer than this app.
 * Returns the version found before migrating.
 */
export function migrate(
  sqlite: Database.Database,
  path: string,
  target: number = LATEST_VERSION,
  migrations: readonly Migration[] = MIGRATIONS,
): number {
  const found = sqlite.pragma('user_version', { simple: true }) as number;
  if (found > migrations.length) throw new CacheTooNewError(found, migrations.length, path);
  if (found >= target) return found;
  sqlite
    .transaction(() => {
      for (let v = found; v < target; v++) {
        const m = migrations[v]!;
        if (typeof m === 'string') sqlite.exec(m);
        else m(sqlite);
      }
      // user_version is a header field written inside the transaction: all or nothing.
      sqlite.pragma(`user_version = ${target}`);
    })
    .immediate();
  return found;
}
