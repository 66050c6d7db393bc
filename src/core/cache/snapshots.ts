/**
 * The last quote, depth book, tick and stock info per instrument and source, with their
 * time, so the first paint works offline. Schema in migrations.ts (3 and 4). Records are
 * stored as JSON: they are small, read whole, and their shape belongs to src/shared/model.
 * Every function takes the source it reads or writes: a demo quote is never a live one.
 */
import type {
  DataSourceId,
  DepthBook,
  Instrument,
  Quote,
  StockInfo,
  Tick,
  UnixMs,
} from '../../shared/model';
import { instrumentKey } from '../../shared/model';
import { inTransaction, prepare, type CacheDb } from './db';

/** The record type of each snapshot kind. */
export interface SnapshotRecords {
  quote: Quote;
  depth: DepthBook;
  tick: Tick;
  info: StockInfo;
}
export type SnapshotKind = keyof SnapshotRecords;

/** A stored snapshot and the time it was received. */
export interface Snapshot<K extends SnapshotKind> {
  record: SnapshotRecords[K];
  at: UnixMs;
}

const UPSERT = `INSERT INTO snapshots (source, kind, instrument, at, data) VALUES (?, ?, ?, ?, ?)
  ON CONFLICT (source, kind, instrument) DO UPDATE SET at = excluded.at, data = excluded.data
  WHERE excluded.at >= snapshots.at`;
const SELECT = 'SELECT at, data FROM snapshots WHERE source = ? AND kind = ? AND instrument = ?';

/**
 * Saves the latest snapshots received from `source`, of one kind, in one transaction (one
 * poll's worth); one older than the stored one (`at` before its time) is ignored.
 */
export function saveSnapshots<K extends SnapshotKind>(
  db: CacheDb,
  source: DataSourceId,
  kind: K,
  entries: readonly { instrument: Instrument; record: SnapshotRecords[K]; at: UnixMs }[],
): void {
  const stmt = prepare(db, UPSERT);
  inTransaction(db, () => {
    for (const e of entries) {
      stmt.run(source, kind, instrumentKey(e.instrument), e.at, JSON.stringify(e.record));
    }
  });
}

/**
 * `source`'s stored snapshots of many instruments, keyed by `instrumentKey`; missing
 * ones absent.
 */
export function loadSnapshots<K extends SnapshotKind>(
  db: CacheDb,
  source: DataSourceId,
  kind: K,
  instruments: readonly Instrument[],
): Map<string, Snapshot<K>> {
  const stmt = prepare<unknown[], { at: number; data: string }>(db, SELECT);
  const out = new Map<string, Snapshot<K>>();
  for (const i of instruments) {
    const key = instrumentKey(i);
    const row = stmt.get(source, kind, key);
    if (row) out.set(key, { at: row.at, record: JSON.parse(row.data) as SnapshotRecords[K] });
  }
  return out;
}

/** An instrument `source` has a snapshot of, with the name and exchange its info gave. */
export interface SnapshotInstrument {
  /** `instrumentKey` of the instrument. */
  key: string;
  /** From the stock info snapshot; null for other kinds. */
  name: string | null;
  exchange: string | null;
}

/**
 * Every instrument `source` has a snapshot of (the symbol directory's "seen" set): one
 * row per kind, with the name and exchange of the info snapshots.
 */
export function snapshotInstruments(db: CacheDb, source: DataSourceId): SnapshotInstrument[] {
  return prepare<[DataSourceId], SnapshotInstrument>(
    db,
    `SELECT instrument AS key,
       CASE WHEN kind = 'info' THEN json_extract(data, '$.name') END AS name,
       CASE WHEN kind = 'info' THEN json_extract(data, '$.exchange') END AS exchange
     FROM snapshots WHERE source = ?`,
  ).all(source);
}
