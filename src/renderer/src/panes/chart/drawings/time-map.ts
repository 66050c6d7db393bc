/**
 * Anchor times (Unix ms, any instant) to the chart's logical bar positions and back.
 * lightweight-charts places bar i at logical i and knows only the bars' own times
 * (`timeToCoordinate` answers null for any other), but a drawing made on 1m must land
 * on a 1d chart, and the far end of a trend line may sit in the future. So:
 *
 * - at or between loaded bars, a time is interpolated between the bar at or before it
 *   and the next one: 10:37 on a daily chart lands inside that day's bar, in proportion;
 * - before the first bar or after the last, it is extrapolated at one interval per bar
 *   (the chart's own spacing for the bars that are not there).
 *
 * The bar array is read, never copied, on every call: the chart grows it in place for
 * the forming candle.
 */
import type { UnixMs } from '../../../../../shared/model';

/** Anything with a bar time in Unix ms, ascending. */
export interface Timed {
  readonly time: UnixMs;
}

export class TimeMap {
  constructor(
    private readonly bars: () => readonly Timed[],
    private readonly intervalMs: number,
  ) {}

  /** The logical position of `time` (fractional between bars); null without bars. */
  toLogical(time: UnixMs): number | null {
    const bars = this.bars();
    const n = bars.length;
    if (n === 0) return null;
    const first = bars[0]!.time;
    const last = bars[n - 1]!.time;
    if (time <= first) return (time - first) / this.intervalMs;
    if (time >= last) return n - 1 + (time - last) / this.intervalMs;
    const i = lastAtOrBefore(bars, time);
    const t0 = bars[i]!.time;
    const t1 = bars[i + 1]!.time;
    return i + (time - t0) / (t1 - t0);
  }

  /** The time at a logical position, rounded to the millisecond; null without bars. */
  toTime(logical: number): UnixMs | null {
    const bars = this.bars();
    const n = bars.length;
    if (n === 0) return null;
    if (logical <= 0) return Math.round(bars[0]!.time + logical * this.intervalMs);
    if (logical >= n - 1)
      return Math.round(bars[n - 1]!.time + (logical - n + 1) * this.intervalMs);
    const i = Math.floor(logical);
    const t0 = bars[i]!.time;
    const t1 = bars[i + 1]!.time;
    return Math.round(t0 + (logical - i) * (t1 - t0));
  }
}

/** Index of the last bar at or before `time` (bars[0].time ≤ time < bars[n-1].time). */
function lastAtOrBefore(bars: readonly Timed[], time: UnixMs): number {
  let lo = 0;
  let hi = bars.length - 1;
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1;
    if (bars[mid]!.time <= time) lo = mid;
    else hi = mid;
  }
  return lo;
}
