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
  // 4 — provenance: every row records its source ('demo', or 'live:<origin>'), and the
  // source is part of each key, so demo and live rows of one instrument live side by
  // side and every read names the source it wants. Rows written before this migration
  // have no known origin: they move to the source 'unknown', which no read asks for and
  // the size budget prunes first (maintenance.ts) — never shown as live, nor as demo.
  // SQLite cannot change a key in place: each table is rebuilt (create, copy, drop,
  // rename). Series keep their ids, so candles and spans still point at them; migrate()
  // turns foreign keys off around the transaction, or dropping the old series table
  // would cascade-delete every candle.
  `
  CREATE TABLE series_v4 (
    id INTEGER PRIMARY KEY,
    source TEXT NOT NULL,
    class TEXT NOT NULL,
    region TEXT NOT NULL,
    exchange TEXT NOT NULL,
    code TEXT NOT NULL,
    k_type INTEGER NOT NULL,
    refreshed_at INTEGER,
    complete_until INTEGER,
    UNIQUE (source, class, region, exchange, code, k_type)
  );
  INSERT INTO series_v4 (id, source, class, region, exchange, code, k_type, refreshed_at,
    complete_until)
  SELECT id, 'unknown', class, region, exchange, code, k_type, refreshed_at, complete_until
  FROM series;
  DROP TABLE series;
  ALTER TABLE series_v4 RENAME TO series;

  CREATE TABLE news_items_v4 (
    source TEXT NOT NULL,
    id TEXT NOT NULL,
    market TEXT NOT NULL,
    lang TEXT NOT NULL,
    published_at INTEGER NOT NULL,
    title TEXT NOT NULL,
    link TEXT NOT NULL,
    provider TEXT NOT NULL,
    fetched_at INTEGER NOT NULL,
    PRIMARY KEY (source, id)
  ) WITHOUT ROWID;
  INSERT INTO news_items_v4
  SELECT 'unknown', id, market, lang, published_at, title, link, provider, fetched_at
  FROM news_items;
  DROP TABLE news_items;
  ALTER TABLE news_items_v4 RENAME TO news_items;
  CREATE INDEX news_items_by_time ON news_items (source, market, lang, published_at);

  CREATE TABLE news_pages_v4 (
    source TEXT NOT NULL,
    market TEXT NOT NULL,
    lang TEXT NOT NULL,
    cursor TEXT NOT NULL,
    next_cursor TEXT,
    has_more INTEGER NOT NULL,
    newest_at INTEGER,
    oldest_at INTEGER,
    item_count INTEGER NOT NULL,
    fetched_at INTEGER NOT NULL,
    PRIMARY KEY (source, market, lang, cursor)
  ) WITHOUT ROWID;
  INSERT INTO news_pages_v4
  SELECT 'unknown', market, lang, cursor, next_cursor, has_more, newest_at, oldest_at,
    item_count, fetched_at
  FROM news_pages;
  DROP TABLE news_pages;
  ALTER TABLE news_pages_v4 RENAME TO news_pages;

  CREATE TABLE snapshots_v4 (
    source TEXT NOT NULL,
    kind TEXT NOT NULL,
    instrument TEXT NOT NULL,
    at INTEGER NOT NULL,
    data TEXT NOT NULL,
    PRIMARY KEY (source, kind, instrument)
  ) WITHOUT ROWID;
  INSERT INTO snapshots_v4 SELECT 'unknown', kind, instrument, at, data FROM snapshots;
  DROP TABLE snapshots;
  ALTER TABLE snapshots_v4 RENAME TO snapshots;
  `,
  // 5 — a region's calendar and corporate events (splits, upcoming and recent IPOs,
  // holidays), each list as the source last answered it, with when; and a news item's
  // detail (its tags and the instruments it names), once fetched. Lists are small and
  // read whole, so a list is one JSON row rather than a table per kind.
  `
  CREATE TABLE event_lists (
    source TEXT NOT NULL,
    kind TEXT NOT NULL,         -- 'splits' | 'ipos-upcoming' | 'ipos-recent' | 'holidays'
    region TEXT NOT NULL,
    fetched_at INTEGER NOT NULL,
    data TEXT NOT NULL,         -- the normalised rows as a JSON array
    PRIMARY KEY (source, kind, region)
  ) WITHOUT ROWID;
  CREATE TABLE news_details (
    source TEXT NOT NULL,
    id TEXT NOT NULL,
    fetched_at INTEGER NOT NULL,
    data TEXT NOT NULL,         -- tags and named instruments as JSON
    PRIMARY KEY (source, id)
  ) WITHOUT ROWID;
  `,
];

/**
 * The source of rows cached before provenance was recorded (migration 4). Not a
 * `DataSourceId`: no read can ask for it, so these rows are never shown; the size
 * budget deletes them first.
 */
export const UNKNOWN_SOURCE = 'unknown';

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
  // SQLite's procedure for changing a table's keys (create, copy, drop, rename) needs
  // foreign keys off: dropping a parent table would otherwise cascade into its children.
  // The pragma is a no-op inside a transaction, so it wraps it; foreign_key_check then
  // proves, before the commit, that the rebuilt tables still hold every reference.
  const foreignKeys = sqlite.pragma('foreign_keys', { simple: true }) === 1;
  if (foreignKeys) sqlite.pragma('foreign_keys = OFF');
  try {
    sqlite
      .transaction(() => {
        for (let v = found; v < target; v++) {
          const m = migrations[v]!;
          if (typeof m === 'string') sqlite.exec(m);
          else m(sqlite);
        }
        const broken = sqlite.pragma('foreign_key_check') as { table: string }[];
        if (broken.length > 0) {
          throw new Error(
            `migration to schema ${target} left ${broken.length} broken references (first in ${broken[0]!.table})`,
          );
        }
        // user_version is a header field written inside the transaction: all or nothing.
        sqlite.pragma(`user_version = ${target}`);
      })
      .immediate();
  } finally {
    if (foreignKeys) sqlite.pragma('foreign_keys = ON');
  }
  return found;
}
