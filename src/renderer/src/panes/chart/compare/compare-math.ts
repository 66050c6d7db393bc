/**
 * The compare legend's numbers: a series' change in percent from its first bar in
 * view (the bar the percent scale is based on) to the bar under the crosshair, or
 * the newest.
 */
import type { Candle } from '../../../../../shared/model';

/** Index of the first bar at or after `time` (ms); -1 when none. */
function firstAtOrAfter(candles: readonly Candle[], time: number): number {
  let lo = 0;
  let hi = candles.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (candles[mid]!.time < time) lo = mid + 1;
    else hi = mid;
  }
  return lo < candles.length ? lo : -1;
}

/** Index of the last bar at or before `time` (ms); -1 when none. */
function lastAtOrBefore(candles: readonly Candle[], time: number): number {
  const i = firstAtOrAfter(candles, time);
  if (i < 0) return candles.length - 1;
  return candles[i]!.time === time ? i : i - 1;
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
  if (base < 0 || end < base) return null;
  const b = candles[base]!.close;
  return b === 0 ? null : (candles[end]!.close / b - 1) * 100;
}
