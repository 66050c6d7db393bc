/**
 * A replayed chart's candles: never one the replay clock has not reached. The closed bars
 * are the recorded source's cached candles that closed by the replay time; the bar
 * forming at that time is built from the recording's quotes since it opened, by the rule
 * the live chart's forming bar follows (feed/forming-candle.ts): the last price as the
 * close, its extremes, and what the day's volume and turnover grew.
 */
import type { Candle, DataSourceId, Instrument, KType, UnixMs } from '../../shared/model';
import { KTYPES, isIntraday } from '../../shared/model';
import { readCandlesBefore, type CacheDb } from '../cache';
import { read, type RecordingDb } from '../recording';

/** The bar of `kType` that `t` falls in opens here (intraday bars are aligned to the epoch). */
function barOpen(kType: KType, t: UnixMs): UnixMs {
  const ms = KTYPES[kType].ms;
  return Math.floor(t / ms) * ms;
}

/** The forming bar at `t`, from the recorded quotes of `instrument` since `open`; null without one. */
export function formingBarAt(
  recording: RecordingDb,
  instrument: Instrument,
  open: UnixMs,
  t: UnixMs,
): Candle | null {
  let bar: Candle | null = null;
  let first: { volume: number; turnover: number } | null = null;
  for (const f of read(recording, { from: open, to: t }, [instrument])) {
    if (f.channel !== 'quote') continue;
    const q = f.record;
    if (q.time < open || q.time > t) continue;
    first ??= { volume: q.volume, turnover: q.turnover };
    if (!bar) {
      bar = {
        time: open,
        open: q.last,
        high: q.last,
        low: q.last,
        close: q.last,
        volume: 0,
        turnover: 0,
      };
    }
    bar.high = Math.max(bar.high, q.last);
    bar.low = Math.min(bar.low, q.last);
    bar.close = q.last;
    // The day's running figures: a new day (they fall) starts counting again.
    if (q.volume < first.volume) first = { volume: 0, turnover: 0 };
    bar.volume = q.volume - first.volume;
    bar.turnover = q.turnover - first.turnover;
  }
  return bar;
}

/**
 * The newest `limit` candles of `instrument` at `kType` as of replay time `t`: the cached
 * closed bars of `recorded` that closed by `t`, and the forming bar (intraday) from the
 * recording.
 */
export function replayCandles(
  cache: CacheDb,
  recording: RecordingDb,
  recorded: DataSourceId,
  instrument: Instrument,
  kType: KType,
  limit: number,
  t: UnixMs,
): Candle[] {
  const series = { ...instrument, kType };
  if (!isIntraday(kType)) {
    // A day or longer: only bars wholly before the replay time.
    return readCandlesBefore(cache, recorded, series, t - KTYPES[kType].ms + 1, limit);
  }
  const open = barOpen(kType, t);
  const forming = formingBarAt(recording, instrument, open, t);
  const closed = readCandlesBefore(cache, recorded, series, open, forming ? limit - 1 : limit);
  return forming ? [...closed, forming] : closed;
}
