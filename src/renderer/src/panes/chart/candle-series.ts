/**
 * The chart's candle array, kept sorted by time: merging a page of older history
 * in front, applying live candles at the end (in place: the forming candle must
 * cost O(1), never a copy of the series), and bounding its length.
 */
import type { Candle, UnixMs } from '../../../../shared/model';

/**
 * Most bars the chart keeps (live appends may add TRIM_SLACK more before a trim).
 * lightweight-charts' `series.update` copies an index of the whole series, so a
 * forming-candle update grows with its size: bare lightweight-charts (candles and
 * volume) took ~0.37 ms at 5,000 bars, ~0.5 ms at 7,500, ~0.65–0.8 ms at 10,000
 * and ~3 ms at 50,000 in headless Chromium on a 2-core machine, and the pane adds
 * ~0.25 ms (event, legend). 5,000 keeps a live tick well inside the 1 ms budget
 * (`npm run bench -- ui-chart` measures it at MAX_BARS + TRIM_SLACK); older bars
 * stay a scroll away, paged in from the cache.
 */
export const MAX_BARS = 5_000;

/** Live appends may overshoot MAX_BARS by this much before one trim and redraw. */
export const TRIM_SLACK = 500;

/** Index of the first candle at or after `time` (ms), `candles.length` when none (binary search; candles ascending). */
export function firstAtOrAfter(candles: readonly { time: number }[], time: number): number {
  let lo = 0;
  let hi = candles.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (candles[mid]!.time < time) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Index of the candle at `time`, or -1. */
export function indexOfTime(candles: readonly Candle[], time: UnixMs): number {
  const i = firstAtOrAfter(candles, time);
  return candles[i]?.time === time ? i : -1;
}

/** Older candles in front of `candles` (only those strictly older than its first). */
export function prependOlder(
  candles: readonly Candle[],
  older: readonly Candle[],
): { merged: Candle[]; prepended: number } {
  const first = candles[0]?.time ?? Infinity;
  let end = older.length;
  while (end > 0 && older[end - 1]!.time >= first) end--;
  if (end === 0) return { merged: candles as Candle[], prepended: 0 };
  return { merged: older.slice(0, end).concat(candles), prepended: end };
}

/** What applying live candles did: updated bars in place, or needs a full redraw. */
export type LiveResult =
  | { kind: 'none' }
  /** `from`: index of the first bar changed; every bar from there on is new or updated. */
  | { kind: 'update'; from: number }
  | { kind: 'reset' };

/**
 * Applies pushed candles to `candles` IN PLACE: the forming bar is replaced, new
 * bars are appended; an older bar (a correction) is replaced too but asks for a
 * redraw, as does a gap insert.
 */
export function applyLive(candles: Candle[], incoming: readonly Candle[]): LiveResult {
  let from = Infinity;
  let reset = false;
  for (const c of incoming) {
    const n = candles.length;
    const last = candles[n - 1];
    if (!last || c.time > last.time) {
      candles.push(c);
      from = Math.min(from, n);
    } else if (c.time === last.time) {
      candles[n - 1] = c;
      from = Math.min(from, n - 1);
    } else {
      const i = indexOfTime(candles, c.time);
      if (i >= 0) {
        if (!sameCandle(candles[i]!, c)) {
          candles[i] = c;
          reset = true;
        }
      } else if (c.time > (candles[0]?.time ?? Infinity)) {
        // A bar missing inside the loaded range: insert it where it belongs.
        let at = n - 1;
        while (at > 0 && candles[at - 1]!.time > c.time) at--;
        candles.splice(at, 0, c);
        reset = true;
      }
      // Older than everything loaded: paging will bring it when scrolled to.
    }
  }
  if (reset) return { kind: 'reset' };
  return Number.isFinite(from) ? { kind: 'update', from } : { kind: 'none' };
}

function sameCandle(a: Candle, b: Candle): boolean {
  return (
    a.open === b.open &&
    a.high === b.high &&
    a.low === b.low &&
    a.close === b.close &&
    a.volume === b.volume
  );
}

/**
 * Bounds the series to `max` bars, dropping from the end away from the view:
 * the newest when the user is paging into history, the oldest otherwise.
 * Mutates `candles`; returns how many were dropped from the front.
 */
export function trimBars(candles: Candle[], keep: 'oldest' | 'newest', max = MAX_BARS): number {
  const excess = candles.length - max;
  if (excess <= 0) return 0;
  if (keep === 'oldest') {
    candles.length = max;
    return 0;
  }
  candles.splice(0, excess);
  return excess;
}
