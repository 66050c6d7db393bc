/**
 * Candle storage: the `series` and `candles` tables (schema in migrations.ts, 1 and 4).
 * Candles are keyed by (series_id, time) in a WITHOUT ROWID table: two integers per
 * key, one b-tree, range reads are a single index walk. Every read is ascending.
 *
 * A series belongs to one source (`DataSourceId`): the same instrument from the demo
 * simulator and from the live service are two series, and every function here takes
 * the source it reads or writes, so no caller can read one source's candles as another's.
 */
import type { Candle, DataSourceId, Instrument, SeriesKey, UnixMs } from '../../shared/model';
import { KTYPES, seriesKey } from '../../shared/model';
import { inTransaction, prepare, type CacheDb } from './db';
import type { UNKNOWN_SOURCE } from './migrations';

/** What the cache knows about how current a series is. */
export interface SeriesFreshness {
  /** Last successful refresh from the source; null when never refreshed. */
  refreshedAt: UnixMs | null;
  /** The newest candle that was already closed at that refresh (its open time). */
  completeUntil: UnixMs | null;
}

/** A series row, as listed by {@link listSeries}. */
export interface StoredSeries extends SeriesFreshness {
  /** Where its candles came from; `unknown` for rows cached before sources were recorded. */
  source: DataSourceId | typeof UNKNOWN_SOURCE;
  series: SeriesKey;
  /** Cached candles. */
  candles: number;
}

const COLUMNS = 'time, open, high, low, close, volume, turnover';

/** The key of `db.seriesIds`: the source and the series. */
const idKey = (source: DataSourceId, series: SeriesKey) => `${source}\u0000${seriesKey(series)}`;

/**
 * The id of `source`'s series, creating the series row when `create` (default). Null
 * when absent.
 */
export function seriesId(
  db: CacheDb,
  source: DataSourceId,
  series: SeriesKey,
  create = true,
): number | null {
  const key = idKey(source, series);
  const cached = db.seriesIds.get(key);
  if (cached !== undefined) return cached;
  const args = [source, series.class, series.region, series.exchange, series.code, series.kType];
  let id = prepare<unknown[], number>(
    db,
    `SELECT id FROM series
     WHERE source = ? AND class = ? AND region = ? AND exchange = ? AND code = ? AND k_type = ?`,
  )
    .pluck()
    .get(...args);
  if (id === undefined) {
    if (!create) return null;
    id = prepare<unknown[], number>(
      db,
      `INSERT INTO series (source, class, region, exchange, code, k_type)
       VALUES (?, ?, ?, ?, ?, ?) RETURNING id`,
    )
      .pluck()
      .get(...args)!;
  }
  db.seriesIds.set(key, id);
  return id;
}

/** Rows per multi-row INSERT, largest first; a batch is cut greedily into these. */
const UPSERT_CHUNKS = [256, 16, 1] as const;

function upsertSql(rows: number): string {
  const values = Array.from({ length: rows }, () => '(?, ?, ?, ?, ?, ?, ?, ?)').join(', ');
  return `INSERT INTO candles (series_id, ${COLUMNS}) VALUES ${values}
     ON CONFLICT (series_id, time) DO UPDATE SET
       open = excluded.open, high = excluded.high, low = excluded.low, close = excluded.close,
       volume = excluded.volume, turnover = excluded.turnover`;
}

/**
 * Merges candles fetched from `source` into its stored series in one transaction. Fetched candles win
 * for the times they cover (so the newest, still-forming candle is replaced by its
 * latest state; a time repeated within the batch: the last one wins); stored candles
 * outside them are kept; gaps are allowed. Returns the number of candles written.
 */
export function upsertCandles(
  db: CacheDb,
  source: DataSourceId,
  series: SeriesKey,
  candles: readonly Candle[],
): number {
  if (candles.length === 0) return 0;
  try {
    return inTransaction(db, () => {
      const id = seriesId(db, source, series)!;
      // Multi-row statements: one native call per 256 candles instead of one per candle
      // is what makes this ~3× faster than a loop over a single-row prepared INSERT.
      let i = 0;
      for (const rows of UPSERT_CHUNKS) {
        if (candles.length - i < rows) continue;
        const stmt = prepare(db, upsertSql(rows));
        const args: number[] = new Array<number>(rows * 8);
        for (; candles.length - i >= rows; i += rows) {
          for (let j = 0; j < rows; j++) {
            const c = candles[i + j]!;
            const o = j * 8;
            args[o] = id;
            args[o + 1] = c.time;
            args[o + 2] = c.open;
            args[o + 3] = c.high;
            args[o + 4] = c.low;
            args[o + 5] = c.close;
            args[o + 6] = c.volume;
            args[o + 7] = c.turnover;
          }
          stmt.run(...args);
        }
      }
      return candles.length;
    });
  } catch (err) {
    // A rolled-back transaction may have created (and un-created) the series row.
    db.seriesIds.delete(idKey(source, series));
    throw err;
  }
}

/**
 * The candles of `source`'s stored series that `clause` picks and orders (its `?`s
 * bound to `args`); none when the series is not stored.
 */
function selectCandles(
  db: CacheDb,
  source: DataSourceId,
  series: SeriesKey,
  clause: string,
  ...args: number[]
): Candle[] {
  const id = seriesId(db, source, series, false);
  if (id === null) return [];
  return prepare<unknown[], Candle>(
    db,
    `SELECT ${COLUMNS} FROM candles WHERE series_id = ? ${clause}`,
  ).all(id, ...args);
}

/** The newest `limit` candles, ascending. */
export function readNewestCandles(
  db: CacheDb,
  source: DataSourceId,
  series: SeriesKey,
  limit: number,
): Candle[] {
  return selectCandles(db, source, series, 'ORDER BY time DESC LIMIT ?', limit).reverse();
}

/** The newest `limit` candles strictly before `before`, ascending (paging back). */
export function readCandlesBefore(
  db: CacheDb,
  source: DataSourceId,
  series: SeriesKey,
  before: UnixMs,
  limit: number,
): Candle[] {
  const clause = 'AND time < ? ORDER BY time DESC LIMIT ?';
  return selectCandles(db, source, series, clause, before, limit).reverse();
}

/** The oldest `limit` candles strictly after `after`, ascending (keyset paging forward). */
export function readCandlesAfter(
  db: CacheDb,
  source: DataSourceId,
  series: SeriesKey,
  after: UnixMs,
  limit: number,
): Candle[] {
  return selectCandles(db, source, series, 'AND time > ? ORDER BY time LIMIT ?', after, limit);
}

/** Number of cached candles of the series. */
export function countCandles(db: CacheDb, source: DataSourceId, series: SeriesKey): number {
  const id = seriesId(db, source, series, false);
  if (id === null) return 0;
  return prepare<unknown[], number>(db, 'SELECT count(*) FROM candles WHERE series_id = ?')
    .pluck()
    .get(id)!;
}

/** The series' freshness; both null when never refreshed. */
export function readFreshness(
  db: CacheDb,
  source: DataSourceId,
  series: SeriesKey,
): SeriesFreshness {
  const id = seriesId(db, source, series, false);
  if (id === null) return { refreshedAt: null, completeUntil: null };
  const row = prepare<unknown[], SeriesFreshness>(
    db,
    'SELECT refreshed_at AS refreshedAt, complete_until AS completeUntil FROM series WHERE id = ?',
  ).get(id);
  return row ?? { refreshedAt: null, completeUntil: null };
}

/**
 * Records a successful refresh at `at` that fetched `candles` (ascending): the newest
 * candle whose interval had ended by `at` becomes `completeUntil`.
 */
export function markRefreshed(
  db: CacheDb,
  source: DataSourceId,
  series: SeriesKey,
  at: UnixMs,
  candles: readonly Candle[],
): SeriesFreshness {
  const interval = KTYPES[series.kType].ms;
  let closed: UnixMs | null = null;
  for (let i = candles.length - 1; i >= 0; i--) {
    const t = candles[i]!.time;
    if (t + interval <= at) {
      closed = t;
      break;
    }
  }
  const id = seriesId(db, source, series)!;
  prepare(
    db,
    `UPDATE series SET refreshed_at = ?,
       complete_until = max(coalesce(complete_until, ?), coalesce(?, complete_until))
     WHERE id = ?`,
  ).run(at, closed, closed, id);
  return readFreshness(db, source, series);
}

/**
 * Every stored series of every source (`unknown` included) with its bookkeeping: what
 * the cache holds, for `marketdesk cache stats`. Never a source of data to show.
 */
export function listSeries(db: CacheDb): StoredSeries[] {
  const rows = prepare<
    [],
    {
      source: StoredSeries['source'];
      class: SeriesKey['class'];
      region: string;
      exchange: string;
      code: string;
      kType: SeriesKey['kType'];
      refreshedAt: UnixMs | null;
      completeUntil: UnixMs | null;
      candles: number;
    }
  >(
    db,
    `SELECT source, class, region, exchange, code, k_type AS kType, refreshed_at AS refreshedAt,
       complete_until AS completeUntil,
       (SELECT count(*) FROM candles c WHERE c.series_id = s.id) AS candles
     FROM series s ORDER BY source, class, region, exchange, code, k_type`,
  ).all();
  return rows.map(({ source, refreshedAt, completeUntil, candles, ...series }) => ({
    source,
    series,
    refreshedAt,
    completeUntil,
    candles,
  }));
}

/** Every instrument `source` has candles of (the symbol directory's "seen" set). */
export function seriesInstruments(db: CacheDb, source: DataSourceId): Instrument[] {
  return prepare<[DataSourceId], Instrument>(
    db,
    'SELECT DISTINCT class, region, exchange, code FROM series WHERE source = ?',
  ).all(source);
}
