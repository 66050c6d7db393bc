/**
 * The calendar and corporate-event lists of a region (`event_lists`) and news items'
 * details (`news_details`), keyed by source like every cached row. Schema in
 * migrations.ts (5). A list is stored as the source last answered it, whole, with the
 * time it was fetched: the events service decides from that time whether to ask again.
 */
import type { EventListKind } from '../../shared/bridge';
import type { DataSourceId, UnixMs } from '../../shared/model';
import { prepare, type CacheDb } from './db';

export type { EventListKind };

/** A stored list and when it was fetched. */
export interface StoredList<T> {
  rows: T[];
  fetchedAt: UnixMs;
}

/** Stores (replaces) a region's list as fetched from `source`. */
export function saveEventList(
  db: CacheDb,
  source: DataSourceId,
  kind: EventListKind,
  region: string,
  rows: readonly unknown[],
  fetchedAt: UnixMs,
): void {
  prepare(
    db,
    `INSERT OR REPLACE INTO event_lists (source, kind, region, fetched_at, data)
     VALUES (?, ?, ?, ?, ?)`,
  ).run(source, kind, region, fetchedAt, JSON.stringify(rows));
}

/** The region's list as last fetched from `source`, or null when never. */
export function readEventList<T>(
  db: CacheDb,
  source: DataSourceId,
  kind: EventListKind,
  region: string,
): StoredList<T> | null {
  const row = prepare<unknown[], { data: string; fetchedAt: number }>(
    db,
    `SELECT data, fetched_at AS fetchedAt FROM event_lists
     WHERE source = ? AND kind = ? AND region = ?`,
  ).get(source, kind, region);
  if (!row) return null;
  const rows: unknown = JSON.parse(row.data);
  return { rows: Array.isArray(rows) ? (rows as T[]) : [], fetchedAt: row.fetchedAt };
}

/** Stores a news item's detail as fetched from `source`. */
export function saveNewsDetail(
  db: CacheDb,
  source: DataSourceId,
  id: string,
  detail: unknown,
  fetchedAt: UnixMs,
): void {
  prepare(
    db,
    `INSERT OR REPLACE INTO news_details (source, id, fetched_at, data) VALUES (?, ?, ?, ?)`,
  ).run(source, id, fetchedAt, JSON.stringify(detail));
}

/** The details cached for `ids` (those never fetched are absent from the map). */
export function readNewsDetails<T>(
  db: CacheDb,
  source: DataSourceId,
  ids: readonly string[],
): Map<string, T> {
  const found = new Map<string, T>();
  const one = prepare<unknown[], string>(
    db,
    'SELECT data FROM news_details WHERE source = ? AND id = ?',
  ).pluck();
  for (const id of ids) {
    const data = one.get(source, id);
    if (data !== undefined) found.set(id, JSON.parse(data) as T);
  }
  return found;
}
