/**
 * Opening the cache file: pragmas, integrity, migrations, and recovery from a damaged
 * file (moved aside and recreated rather than crash-looping the app on every start).
 *
 * Durability: WAL with `synchronous = NORMAL`. A commit is written to the -wal file
 * (a write() into the OS page cache) before `COMMIT` returns, so an acknowledged batch
 * survives the process being killed at any instant (SIGKILL, crash) — the durability
 * test checks exactly that. Only an OS crash or power loss can drop the last few
 * commits (never corrupt the file), which is the right trade for a cache that can be
 * refetched; `synchronous = FULL` would fsync on every commit for no user-visible gain.
 */
import Database from 'better-sqlite3';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  statSync,
} from 'node:fs';
import path from 'node:path';
import { wrapDb, type CacheDb } from './db';
import { isCorruptionError, type CacheRecovery } from './errors';
import { migrate } from './migrations';
import { errorMessage } from '../../shared/errors';

/** The cache's file name inside the data folder. */
export const CACHE_FILE_NAME = 'cache.db';

export interface OpenCacheOptions {
  /**
   * `PRAGMA quick_check` on open catches a truncated or damaged file before the app trips
   * over it mid-session, but reads every page (about a second per GiB). `auto` (default)
   * runs it when it is cheap (file ≤ 256 MiB) or when there is reason to doubt the file:
   * a -wal left behind (the last session did not close cleanly) or a file shorter than
   * its header says. `quick` always runs it; `none` never (benchmarks).
   */
  integrityCheck?: 'auto' | 'quick' | 'none';
  /** The `auto` size threshold; default 256 MiB. */
  autoCheckMaxBytes?: number;
  /** Clock for the `corrupt-<timestamp>` suffix. */
  now?: () => number;
}

export interface OpenCacheResult {
  db: CacheDb;
  /** Set when the file was damaged and has been moved aside; show `message` to the user. */
  recovery: CacheRecovery | null;
}

/** The cache file in a data folder (see `src/core/data-folder.ts`). */
export function cacheFilePath(folder: string): string {
  return path.join(folder, CACHE_FILE_NAME);
}

/**
 * Opens (creating if needed) the cache at `file`. A file that is not a database or fails
 * its integrity check is renamed to `<file>.corrupt-<timestamp>` (with its -wal/-shm) and
 * a fresh cache is created. Throws `CacheTooNewError` for a file from a newer app —
 * that file is healthy and must not be moved.
 */
export function openCache(file: string, options: OpenCacheOptions = {}): OpenCacheResult {
  mkdirSync(path.dirname(file), { recursive: true });
  try {
    return { db: openChecked(file, options), recovery: null };
  } catch (err) {
    if (!isCorruptionError(err)) throw err;
    const reason = errorMessage(err);
    const movedTo = moveAside(file, (options.now ?? Date.now)());
    const db = openChecked(file, options);
    return {
      db,
      recovery: {
        movedTo,
        reason,
        message:
          `The offline cache was damaged (${reason}) and has been reset; ` +
          `the old file was kept as ${movedTo}. Charts and news will refill from the network.`,
      },
    };
  }
}

/** Closes the handle (the last connection's close checkpoints the WAL into the file). */
export function closeCache(db: CacheDb): void {
  db.statements.clear();
  db.sqlite.close();
}

class IntegrityError extends Error {
  readonly code = 'SQLITE_CORRUPT';
}

/** Decides, before SQLite touches the file, whether to run quick_check. */
export function wantsCheck(file: string, options: OpenCacheOptions): boolean {
  const mode = options.integrityCheck ?? 'auto';
  if (mode !== 'auto') return mode === 'quick';
  if (!existsSync(file)) return false;
  const size = statSync(file).size;
  const threshold = options.autoCheckMaxBytes ?? 256 * 1024 * 1024;
  if (size <= threshold || existsSync(`${file}-wal`)) return true;
  // Header: page size at byte 16 (1 means 65536), page count at byte 28, both big-endian.
  const header = Buffer.alloc(32);
  const fd = openSync(file, 'r');
  try {
    readSync(fd, header, 0, 32, 0);
  } finally {
    closeSync(fd);
  }
  const rawPageSize = header.readUInt16BE(16);
  const pageSize = rawPageSize === 1 ? 65536 : rawPageSize;
  return header.readUInt32BE(28) * pageSize > size;
}

/**
 * Opens `file` with the pragmas every Marketdesk database uses (WAL, `synchronous =
 * NORMAL`, foreign keys, incremental auto-vacuum for a new file) and, when `check`, its
 * `quick_check`; a damaged file throws a corruption error. Also the recordings' (core/recording).
 */
export function openSqliteChecked(file: string, check: boolean): Database.Database {
  const sqlite = new Database(file, { timeout: 5000 });
  try {
    // The first read of the schema is where a garbage file reports SQLITE_NOTADB.
    const tables = sqlite.prepare('SELECT count(*) FROM sqlite_schema').pluck().get() as number;
    // auto_vacuum can only be chosen before the first table; incremental lets prune()
    // hand freed pages back to the file system without a full VACUUM.
    if (tables === 0) sqlite.pragma('auto_vacuum = INCREMENTAL');
    sqlite.pragma('journal_mode = WAL');
    sqlite.pragma('synchronous = NORMAL');
    sqlite.pragma('foreign_keys = ON');
    if (check && tables > 0) {
      const rows = sqlite.pragma('quick_check(5)', { simple: false }) as { quick_check: string }[];
      const result = rows.map((r) => r.quick_check).join('; ');
      if (result !== 'ok') throw new IntegrityError(`integrity check failed: ${result}`);
    }
    return sqlite;
  } catch (err) {
    sqlite.close();
    throw err;
  }
}

function openChecked(file: string, options: OpenCacheOptions): CacheDb {
  const sqlite = openSqliteChecked(file, wantsCheck(file, options));
  try {
    migrate(sqlite, file);
    return wrapDb(sqlite, file);
  } catch (err) {
    sqlite.close();
    throw err;
  }
}

/** Renames `file` (and its -wal/-shm) to `<file>.corrupt-<timestamp>`; returns the new name. */
export function moveAside(file: string, now: number): string {
  const stamp = new Date(now).toISOString().replace(/[:.]/g, '-');
  const target = `${file}.corrupt-${stamp}`;
  for (const suffix of ['', '-wal', '-shm']) {
    if (existsSync(file + suffix)) renameSync(file + suffix, target + suffix);
  }
  return target;
}
