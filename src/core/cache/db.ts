/**
 * The typed handle every cache function takes: the better-sqlite3 connection plus
 * per-handle caches (prepared statements, series ids), so domain files can stay
 * free functions (docs/architecture.md, rule 4) without re-preparing SQL on every call.
 */
import type Database from 'better-sqlite3';

/** An open cache database. Create it with `openCache`; close it with `closeCache`. */
export interface CacheDb {
  readonly sqlite: Database.Database;
  /** The database file. */
  readonly path: string;
  /** Prepared statements by SQL text; statements belong to one connection. */
  readonly statements: Map<string, Database.Statement>;
  /** Series key (`seriesKey`) → `series.id`, filled lazily by candles.ts. */
  readonly seriesIds: Map<string, number>;
}

/** Wraps a connection in a cache handle. */
export function wrapDb(sqlite: Database.Database, path: string): CacheDb {
  return { sqlite, path, statements: new Map(), seriesIds: new Map() };
}

/** The cached prepared statement for `sql` on this handle. */
export function prepare<P extends unknown[] = unknown[], R = unknown>(
  db: CacheDb,
  sql: string,
): Database.Statement<P, R> {
  let stmt = db.statements.get(sql);
  if (!stmt) {
    stmt = db.sqlite.prepare(sql);
    db.statements.set(sql, stmt);
  }
  return stmt as unknown as Database.Statement<P, R>;
}

/** Runs `fn` in one immediate transaction (writers take the lock up front, no upgrade deadlock). */
export function inTransaction<T>(db: CacheDb, fn: () => T): T {
  return db.sqlite.transaction(fn).immediate();
}

/** Forgets the per-handle caches (after `clear`, which removes series ids). */
export function resetHandleCaches(db: CacheDb): void {
  db.seriesIds.clear();
}
