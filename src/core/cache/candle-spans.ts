/**
 * Coverage of the candle cache: the `candle_spans` table (migrations.ts, 1). A span
 * [start, end] says the cache held every candle the source had in that time range when
 * it was fetched. Spans are what tell "the market was closed" apart from "we were
 * offline for two days": a read that leaves its span goes back to the source.
 */
import type { UnixMs } from '../../shared/model';
import { prepare, type CacheDb } from './db';

/**
 * Span start meaning "from the beginning of the source's history". Written only when a
 * page back (an `endTime` request) came back with no candles older than the ones held,
 * never for a merely short answer: the service documents no maximum `limit`, so a short
 * page may be a cap, and a wrong start would stop the chart paging back for good.
 */
export const HISTORY_START = Number.MIN_SAFE_INTEGER;

export interface CandleSpan {
  start: UnixMs;
  end: UnixMs;
}

/**
 * Records that [start, end] is complete in the cache, merging it with every span it
 * overlaps or touches (integer ms: end + 1 = start touches). Call inside the
 * transaction that wrote the candles.
 */
export function addSpan(db: CacheDb, seriesId: number, start: UnixMs, end: UnixMs): void {
  const touching = prepare<unknown[], CandleSpan>(
    db,
    `SELECT start_time AS start, end_time AS end FROM candle_spans
     WHERE series_id = ? AND start_time <= ? + 1 AND end_time >= ? - 1`,
  ).all(seriesId, end, start);
  let lo = start;
  let hi = end;
  for (const s of touching) {
    lo = Math.min(lo, s.start);
    hi = Math.max(hi, s.end);
  }
  prepare(
    db,
    `DELETE FROM candle_spans WHERE series_id = ? AND start_time <= ? + 1 AND end_time >= ? - 1`,
  ).run(seriesId, end, start);
  prepare(db, 'INSERT INTO candle_spans (series_id, start_time, end_time) VALUES (?, ?, ?)').run(
    seriesId,
    lo,
    hi,
  );
}

/** The start of the span containing `time`, or null when `time` is not covered. */
export function coveredSince(db: CacheDb, seriesId: number, time: UnixMs): UnixMs | null {
  return (
    prepare<unknown[], UnixMs>(
      db,
      `SELECT start_time FROM candle_spans
       WHERE series_id = ? AND start_time <= ? AND end_time >= ?
       ORDER BY start_time DESC LIMIT 1`,
    )
      .pluck()
      .get(seriesId, time, time) ?? null
  );
}

/**
 * After pruning the oldest candles, spans may no longer begin where the cache does:
 * cut each series' spans to start at its oldest remaining candle (dropping those that
 * end before it, and all of an emptied series').
 */
export function trimSpansToCandles(db: CacheDb): void {
  prepare(
    db,
    `DELETE FROM candle_spans WHERE end_time < coalesce(
       (SELECT min(time) FROM candles c WHERE c.series_id = candle_spans.series_id),
       9007199254740991)`,
  ).run();
  prepare(
    db,
    `UPDATE candle_spans SET start_time =
       (SELECT min(time) FROM candles c WHERE c.series_id = candle_spans.series_id)
     WHERE start_time < (SELECT min(time) FROM candles c WHERE c.series_id = candle_spans.series_id)`,
  ).run();
}
