/**
 * The compare legend's numbers: a series' change in percent from its first bar in
 * view (the bar the percent scale is based on) to the bar under the crosshair, or
 * the newest.
 */
import type { Candle } from '../../../../../shared/model';
import { firstAtOrAfter } from '../candle-series';

/** Index of the last bar at or before `time` (ms); -1 when none. */
function lastAtOrBefore(candles: readonly Candle[], time: number): number {
  const i = firstAtOrAfter(candles, time);
  return candles[i]?.time === time ? i : i - 1;
}

/**
 * Percent change of the close from the first bar at or after `from` to the bar at
 * or before `at` (null: the newest); null when either is missing or the base is 0.
 * `carried`: a compared series drawn on the chart's bars (`alignTo`), whose value at
 * `from` is its last close at or before it (a closed market's close).
 */
export function percentFrom(
  candles: readonly Candle[],
  from: number | null,
  at: number | null,
  carried = false,
): number | null {
  if (candles.length === 0) return null;
  const before = carried && from !== null ? lastAtOrBefore(candles, from) : -1;
  const base = from === null ? 0 : before >= 0 ? before : firstAtOrAfter(candles, from);
  const end = at === null ? candles.length - 1 : lastAtOrBefore(candles, at);
  if (base >= candles.length || end < base) return null;
  const b = candles[base]!.close;
  return b === 0 ? null : (candles[end]!.close / b - 1) * 100;
}

/**
 * A compared series on the chart's own bar times: at each of the chart's bars, the last
 * close of `compared` at or before it (nothing before `compared` begins). Two classes
 * trade at different hours (a stock's session, crypto around the clock): carried
 * forward, a symbol's line is flat while its market is closed, which is what it did,
 * and the chart's time axis keeps its own bars (the compared bars add no times to it).
 * Times in seconds, as the chart takes them.
 */
export function alignTo(
  base: readonly Candle[],
  compared: readonly Candle[],
): { time: number; value: number }[] {
  const out: { time: number; value: number }[] = [];
  let j = 0;
  for (const bar of base) {
    while (j < compared.length && compared[j]!.time <= bar.time) j++;
    if (j > 0) out.push({ time: Math.floor(bar.time / 1000), value: compared[j - 1]!.close });
  }
  return out;
}

/** The last close of `candles` at or before `time` (ms); null when none is. */
export function closeAt(candles: readonly Candle[], time: number): number | null {
  const i = lastAtOrBefore(candles, time);
  return i < 0 ? null : candles[i]!.close;
}
