/**
 * The last quote, depth book, tick and stock info per instrument, with their time, so
 * the first paint works offline. Schema in migrations.ts (3). Records are stored as
 * JSON: they are small, read whole, and their shape belongs to src/shared/model.
 */
import type { DepthBook, Instrument, Quote, StockInfo, Tick, UnixMs } from '../../shared/model';
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

const UPSERT = `INSERT INTO snapshots (kind, instrument, at, data) VALUES (?, ?, ?, ?)
  ON CONFLICT (kind, instrument) DO UPDATE SET at = excluded.at, data = excluded.data
  WHERE excluded.at >= snapshots.at`;
const SELECT = 'SELECT at, data FROM snapshots WHERE kind = ? AND instrument = ?';

/** Saves the latest snapshot; an older one (`at` before the stored time) is ignored. */
export function saveSnapshot<K extends SnapshotKind>(
  db: CacheDb,
  kind: K,
  instrument: Instrument,
  record: SnapshotRecords[K],
  at: UnixMs,
): void {
  prepare(db, UPSERT).run(kind, instrumentKey(instrument), at, JSON.stringify(record));
}

/** Saves many snapshots of one kind in one transaction (one poll's worth). */
export function saveSnapshots<K extends SnapshotKind>(
  db: CacheDb,
  kind: K,
  entries: readonly { instrument: Instrument; record: SnapshotRecords[K]; at: UnixMs }[],
): void {
  const stmt = prepare(db, UPSERT);
  inTransaction(db, () => {
    for (const e of entries) {
      stmt.run(kind, instrumentKey(e.instrument), e.at, JSON.stringify(e.record));
    }
  });
}

/** The stored snapshot, or null. */
export function loadSnapshot<K extends SnapshotKind>(
  db: CacheDb,
  kind: K,
  instrument: Instrument,
): Snapshot<K> | null {
  const row = prepare<unknown[], { at: number; data: string }>(db, SELECT).get(
    kind,
    instrumentKey(instrument),
  );
  return row ? { at: row.at, record: JSON.parse(row.data) as SnapshotRecords[K] } : null;
}

/** The stored snapshots of many instruments, keyed by `instrumentKey`; missing ones absent. */
export function loadSnapshots<K extends SnapshotKind>(
  db: CacheDb,
  kind: K,
  instruments: readonly Instrument[],
): Map<string, Snapshot<K>> {
  const stmt = prepare<unknown[], { at: number; data: string }>(db, SELECT);
  const out = new Map<string, Snapshot<K>>();
  for (const i of instruments) {
    const key = instrumentKey(i);
    const row = stmt.get(kind, key);
    if (row) out.set(key, { at: row.at, record: JSON.parse(row.data) as SnapshotRecords[K] });
  }
  return out;
}
