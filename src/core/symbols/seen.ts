/**
 * The directory's "seen" set: every instrument the user has seen from a source, read
 * from the cache (snapshots and candle series of that source only), with the names
 * and exchanges of its stock info snapshots.
 */
import {
  canonicalCode,
  canonicalRegion,
  instrumentKey,
  isAssetClass,
  type DataSourceId,
  type DirectoryEntry,
} from '../../shared/model';
import { seriesInstruments, snapshotInstruments, type CacheDb } from '../cache';

/** One directory entry per class, region and code. */
export const entryKey = (e: DirectoryEntry): string => `${e.class}:${e.region}:${e.code}`;

/** The instruments `source` has rows of in `db`. */
export function seenInCache(db: CacheDb, source: DataSourceId): DirectoryEntry[] {
  return seenEntries([
    ...snapshotInstruments(db, source),
    ...seriesInstruments(db, source).map((i) => ({ key: instrumentKey(i) })),
  ]);
}

/**
 * The seen set from cached rows' instrument keys and names (`class:region:exchange:code`):
 * canonical, one entry per class, region and code, names where an info snapshot gave one.
 */
export function seenEntries(
  rows: readonly { key: string; name?: string | null; exchange?: string | null }[],
): DirectoryEntry[] {
  const out = new Map<string, DirectoryEntry>();
  for (const row of rows) {
    const [cls, rawRegion, rawExchange, ...rest] = row.key.split(':');
    if (!isAssetClass(cls) || rawRegion === undefined || rest.length === 0) continue;
    const region = canonicalRegion(rawRegion);
    const code = canonicalCode(region, rest.join(':'));
    if (code === '') continue;
    const entry: DirectoryEntry = {
      class: cls,
      region,
      code,
      name: typeof row.name === 'string' ? row.name : '',
      exchange: typeof row.exchange === 'string' ? row.exchange : (rawExchange ?? ''),
    };
    const key = entryKey(entry);
    const held = out.get(key);
    if (!held) out.set(key, entry);
    else {
      if (held.name === '') held.name = entry.name;
      if (held.exchange === '') held.exchange = entry.exchange;
    }
  }
  return [...out.values()];
}
