/**
 * The recording file's tables. One file per data source (`recording-files.ts`), so a
 * row never needs a source column: demo and live cannot meet in one query.
 *
 * `frames` is append-only and keyed by its rowid, in arrival order; arrival times are
 * kept non-decreasing in that order (a clock that steps back is held at the last time),
 * so a time is found by a binary search over ids and the table needs no time index.
 * `keyframes` indexes each instrument's whole books (one every few seconds), so any
 * moment's book is its key frame plus at most a few seconds of deltas.
 */
import type Database from 'better-sqlite3';

/** The newest schema this app writes. */
export const RECORDING_VERSION = 1;

const V1 = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE sessions (
  id INTEGER PRIMARY KEY,
  started_at INTEGER NOT NULL,
  ended_at INTEGER NOT NULL,
  first_frame INTEGER,
  last_frame INTEGER,
  frames INTEGER NOT NULL DEFAULT 0,
  bytes INTEGER NOT NULL DEFAULT 0,
  closed INTEGER NOT NULL DEFAULT 0
);
CREATE TABLE instruments (
  id INTEGER PRIMARY KEY,
  key TEXT NOT NULL UNIQUE,
  class TEXT NOT NULL,
  region TEXT NOT NULL,
  exchange TEXT NOT NULL,
  code TEXT NOT NULL,
  recorded INTEGER NOT NULL DEFAULT 1
);
CREATE TABLE frames (
  id INTEGER PRIMARY KEY,
  t INTEGER NOT NULL,
  exch_t INTEGER,
  kind INTEGER NOT NULL,
  instrument INTEGER NOT NULL,
  payload BLOB NOT NULL
);
CREATE TABLE keyframes (
  instrument INTEGER NOT NULL,
  t INTEGER NOT NULL,
  frame INTEGER NOT NULL,
  PRIMARY KEY (instrument, t, frame)
) WITHOUT ROWID;
`;

/** A recording file from a newer Marketdesk: left untouched. */
export class RecordingTooNewError extends Error {
  override readonly name = 'RecordingTooNewError';
  constructor(found: number, file: string) {
    super(
      `This recording was written by a newer Marketdesk (schema ${found}, this app knows ` +
        `${RECORDING_VERSION}). Update Marketdesk or move ${file} away.`,
    );
  }
}

/** Brings the file to the newest schema in one transaction; a newer file is refused. */
export function migrateRecording(sqlite: Database.Database, file: string): void {
  const version = sqlite.pragma('user_version', { simple: true }) as number;
  if (version > RECORDING_VERSION) throw new RecordingTooNewError(version, file);
  if (version === RECORDING_VERSION) return;
  sqlite
    .transaction(() => {
      sqlite.exec(V1);
      sqlite.pragma(`user_version = ${RECORDING_VERSION}`);
    })
    .immediate();
}

/** Frame kinds as stored: a depth key frame or delta, a quote, a tick. */
export const KIND = { depthKey: 0, depthDelta: 1, quote: 2, tick: 3 } as const;
export type Channel = 'depth' | 'quote' | 'tick';
export const CHANNEL_OF_KIND: readonly Channel[] = ['depth', 'depth', 'quote', 'tick'];
