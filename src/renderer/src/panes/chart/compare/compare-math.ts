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
 */
export function percentFrom(
  candles: readonly Candle[],
  from: number | null,
  at: number | null,
): number | null {
  if (candles.length === 0) return null;
  const base = from === null ? 0 : firstAtOrAfter(candles, from);
  const end = at === null ? candles.length - 1 : lastAtOrBefore(candles, at);
  if (base >= candles.length || end < base) return null;
  const b = candles[base]!.close;
  return b === 0 ? null : (candles[end]!.close / b - 1) * 100;
}
