/**
 * Chart overlays: simple and exponential moving averages and Bollinger bands.
 * Whole series are computed once in O(n) with running sums (on load and on each
 * page of older history); a live update of the forming candle recomputes only the
 * last point (`*At` / `emaNext`), so a 4 Hz tick costs O(period), not O(n).
 * Values before a full window are NaN.
 */

/** Simple moving average of `period` closes; NaN until the window is full. */
export function sma(values: ArrayLike<number>, period: number): Float64Array {
  const out = new Float64Array(values.length).fill(Number.NaN);
  if (period < 1) return out;
  let sum = 0;
  for (let i = 0; i < values.length; i++) {
    sum += values[i]!;
    if (i >= period) sum -= values[i - period]!;
    if (i >= period - 1) out[i] = sum / period;
  }
  return out;
}

/** The SMA at index `i` alone: O(period). */
export function smaAt(values: ArrayLike<number>, period: number, i: number): number {
  if (period < 1 || i < period - 1 || i >= values.length) return Number.NaN;
  let sum = 0;
  for (let j = i - period + 1; j <= i; j++) sum += values[j]!;
  return sum / period;
}

/** The EMA smoothing factor 2 / (period + 1). */
export function emaAlpha(period: number): number {
  return 2 / (period + 1);
}

/** One EMA step from the previous EMA value. */
export function emaNext(previous: number, value: number, period: number): number {
  const a = emaAlpha(period);
  return a * value + (1 - a) * previous;
}

/**
 * Exponential moving average, seeded with the SMA of the first `period` values
 * (the usual convention); NaN before the seed.
 */
export function ema(values: ArrayLike<number>, period: number): Float64Array {
  const out = new Float64Array(values.length).fill(Number.NaN);
  if (period < 1 || values.length < period) return out;
  let seed = 0;
  for (let i = 0; i < period; i++) seed += values[i]!;
  let prev = seed / period;
  out[period - 1] = prev;
  for (let i = period; i < values.length; i++) {
    prev = emaNext(prev, values[i]!, period);
    out[i] = prev;
  }
  return out;
}

/** Bollinger bands: middle SMA and ± `k` population standard deviations. */
export interface Bands {
  middle: Float64Array;
  upper: Float64Array;
  lower: Float64Array;
}

/** One point of the bands. */
export interface BandPoint {
  middle: number;
  upper: number;
  lower: number;
}

/** Bollinger bands over the whole series, O(n) with running sum and sum of squares. */
export function bollinger(values: ArrayLike<number>, period = 20, k = 2): Bands {
  const n = values.length;
  const middle = new Float64Array(n).fill(Number.NaN);
  const upper = new Float64Array(n).fill(Number.NaN);
  const lower = new Float64Array(n).fill(Number.NaN);
  if (period < 1) return { middle, upper, lower };
  let sum = 0;
  let sumSq = 0;
  for (let i = 0; i < n; i++) {
    const v = values[i]!;
    sum += v;
    sumSq += v * v;
    if (i >= period) {
      const old = values[i - period]!;
      sum -= old;
      sumSq -= old * old;
    }
    if (i >= period - 1) {
      const mean = sum / period;
      // Running sums can dip a hair below zero through cancellation.
      const sd = Math.sqrt(Math.max(0, sumSq / period - mean * mean));
      middle[i] = mean;
      upper[i] = mean + k * sd;
      lower[i] = mean - k * sd;
    }
  }
  return { middle, upper, lower };
}

/** The bands at index `i` alone: O(period), exact (two passes). */
export function bollingerAt(
  values: ArrayLike<number>,
  i: number,
  period = 20,
  k = 2,
): BandPoint | null {
  if (period < 1 || i < period - 1 || i >= values.length) return null;
  const mean = smaAt(values, period, i);
  let sq = 0;
  for (let j = i - period + 1; j <= i; j++) sq += (values[j]! - mean) ** 2;
  const sd = Math.sqrt(sq / period);
  return { middle: mean, upper: mean + k * sd, lower: mean - k * sd };
}
