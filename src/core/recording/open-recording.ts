/**
 * Opening a source's recording file: where it lives, pragmas, integrity, migrations,
 * and a damaged file set aside (renamed, never emptied) with a notice, as the cache does.
 */
import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { DataSourceId } from '../../shared/model';
import { errorMessage } from '../../shared/errors';
import { isCorruptionError } from '../cache/errors';
import { moveAside, openSqliteChecked, wantsCheck } from '../cache/open-cache';
import { migrateRecording } from './schema';

/** The folder of recordings inside the data folder. */
export const RECORDINGS_FOLDER = 'recordings';

/** An open recording file of one source. */
export interface RecordingDb {
  readonly sqlite: Database.Database;
  readonly file: string;
  readonly source: DataSourceId;
}

export interface RecordingRecovery {
  movedTo: string;
  reason: string;
  /** A sentence for the user. */
  message: string;
}

export interface OpenRecordingResult {
  db: RecordingDb;
  recovery: RecordingRecovery | null;
}

/**
 * The file of `source`'s recording: `recordings/demo.db`, or `recordings/live-<host>-<hash>.db`
 * (the host for people, a hash of the whole origin so two origins never share a file).
 */
export function recordingFilePath(folder: string, source: DataSourceId): string {
  if (source === 'demo') return path.join(folder, RECORDINGS_FOLDER, 'demo.db');
  const origin = source.slice('live:'.length);
  const host = (URL.canParse(origin) ? new URL(origin).host : origin)
    .replace(/[^a-zA-Z0-9.-]+/g, '_')
    .slice(0, 60);
  const hash = createHash('sha256').update(source).digest('hex').slice(0, 8);
  return path.join(folder, RECORDINGS_FOLDER, `live-${host}-${hash}.db`);
}

function openChecked(file: string, source: DataSourceId): RecordingDb {
  // The cache's rule for when to run quick_check (up to 256 MiB, or after a crash).
  const sqlite = openSqliteChecked(file, file !== ':memory:' && wantsCheck(file, {}));
  try {
    migrateRecording(sqlite, file);
    const stored = sqlite.prepare("SELECT value FROM meta WHERE key = 'source'").pluck().get() as
      string | undefined;
    if (stored === undefined) {
      sqlite.prepare("INSERT INTO meta (key, value) VALUES ('source', ?)").run(source);
    } else if (stored !== source) {
      throw new Error(`${file} holds the recording of ${stored}, not of ${source}`);
    }
    return { sqlite, file, source };
  } catch (err) {
    sqlite.close();
    throw err;
  }
}

/**
 * Opens (creating if needed) the recording at `file` for `source`. A file that is not a
 * database or fails its integrity check is renamed `<file>.corrupt-<timestamp>` and a new
 * one started; the result's `recovery` says so. A newer app's file is refused (thrown).
 */
export function openRecording(
  file: string,
  source: DataSourceId,
  now: () => number = Date.now,
): OpenRecordingResult {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true });
  try {
    return { db: openChecked(file, source), recovery: null };
  } catch (err) {
    if (!isCorruptionError(err) || file === ':memory:') throw err;
    // One line: quick_check's report runs over several.
    const reason = errorMessage(err).replace(/\s+/g, ' ');
    const movedTo = moveAside(file, now());
    return {
      db: openChecked(file, source),
      recovery: {
        movedTo,
        reason,
        message:
          `The recording of ${source} was damaged (${reason}) and has been set aside as ` +
          `${movedTo}; recording starts afresh.`,
      },
    };
  }
}

/** Closes the file (the last connection's close checkpoints the WAL into it). */
export function closeRecording(db: RecordingDb): void {
  if (db.sqlite.open) db.sqlite.close();
}

/** The recording files in a data folder (one per source), by path. */
export function listRecordingFiles(folder: string): string[] {
  const dir = path.join(folder, RECORDINGS_FOLDER);
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith('.db'))
    .sort()
    .map((f) => path.join(dir, f));
}

/** Opens an existing recording file as the source it says it holds (the command line's `record`). */
export function openRecordingFile(file: string, now: () => number = Date.now): OpenRecordingResult {
  let source: DataSourceId | undefined;
  try {
    const probe = new Database(file, { readonly: true, fileMustExist: true, timeout: 5000 });
    try {
      source = probe.prepare("SELECT value FROM meta WHERE key = 'source'").pluck().get() as
        DataSourceId | undefined;
    } finally {
      probe.close();
    }
  } catch (error) {
    source = undefined;
    if (!isCorruptionError(error) && !/no such table/.test(errorMessage(error))) throw error;
  }
  // Its source unknown, nothing here may guess one (the app sets a damaged file aside when
  // it next records that source).
  if (source === undefined) throw new Error(`${file} is not a readable recording`);
  return openRecording(file, source, now);
}
