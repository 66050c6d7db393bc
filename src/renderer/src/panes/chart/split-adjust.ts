/**
 * Split adjustment of a chart's candles. The cache keeps the candles as the market
 * traded them (raw); the chart draws them adjusted unless told otherwise: every bar
 * before a split is divided by that split's factor (and by every later split's), its
 * volume multiplied, so a 2:1 split is not a 50% fall. Pure: arrays in, arrays out.
 */
import type { Candle, Split, UnixMs } from '../../../../shared/model';

/** One split as the chart applies it. */
export interface SplitStep {
  /** The first trading day at the new share count (the ex-date, Unix ms). */
  time: UnixMs;
  /** New shares per old share: 2 for a 2:1 split, 0.1 for a 1:10 reverse split. */
  factor: number;
}

/** A split as the chart applies it: `from` old shares became `to` new ones. */
export function splitStep(split: Pick<Split, 'date' | 'from' | 'to'>): SplitStep {
  return { time: split.date, factor: split.to / split.from };
}

/**
 * The cumulative factors of a split table: `times[k]` is a split's time and `after[k]`
 * the product of the factors of the splits from k on (a bar before split k is divided
 * by it). Splits are sorted; a factor that is not a finite positive number is skipped.
 */
export interface SplitFactors {
  readonly times: readonly UnixMs[];
  readonly after: readonly number[];
}

/** No adjustment (raw, or no splits). */
export const NO_SPLITS: SplitFactors = { times: [], after: [] };

/** The cumulative factors of `splits` (any order). */
export function splitFactors(splits: readonly SplitStep[]): SplitFactors {
  const usable = splits
    .filter((s) => Number.isFinite(s.factor) && s.factor > 0 && s.factor !== 1)
    .sort((a, b) => a.time - b.time);
  if (usable.length === 0) return NO_SPLITS;
  const after = new Array<number>(usable.length);
  let product = 1;
  for (let k = usable.length - 1; k >= 0; k--) {
    product *= usable[k]!.factor;
    after[k] = product;
  }
  return { times: usable.map((s) => s.time), after };
}

/** The factor a bar at `time` is divided by: the product of the splits after it (1 when none). */
export function factorAt(factors: SplitFactors, time: UnixMs): number {
  const { times, after } = factors;
  // The first split strictly after the bar's time: a bar on the ex-date already trades split.
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (times[mid]! <= time) lo = mid + 1;
    else hi = mid;
  }
  return lo < after.length ? after[lo]! : 1;
}

/** One candle scaled by `factor`: prices ÷ factor, volume × factor (turnover unchanged). */
export function scaleCandle(c: Candle, factor: number): Candle {
  if (factor === 1) return c;
  return {
    time: c.time,
    open: c.open / factor,
    high: c.high / factor,
    low: c.low / factor,
    close: c.close / factor,
    volume: c.volume * factor,
    turnover: c.turnover,
  };
}

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => Math.floor(ms / DAY_MS);

/**
 * The split a bar of `spanMs` straddles (it opened before the split's day and its
 * last day is on or after it: a week or a month across the ex-date), as its index in
 * `factors`, or -1. Bars of a day or less never do: a split takes effect between days.
 */
function straddled(
  factors: SplitFactors,
  c: Candle,
  next: number | undefined,
  spanMs: number,
): number {
  if (spanMs <= DAY_MS) return -1;
  const { times } = factors;
  let k = 0;
  while (k < times.length && times[k]! <= c.time) k++;
  const split = times[k];
  if (split === undefined || dayOf(split) <= dayOf(c.time)) return -1;
  const inside = next === undefined ? split < c.time + spanMs : dayOf(split) < dayOf(next);
  return inside ? k : -1;
}

/**
 * A bar across a split, adjusted as well as its four prices allow: its open traded
 * before the split (÷ every factor after the bar), its close after it (÷ only the later
 * splits'); its high is the part before the split's in a forward split (the higher
 * prices), its low the part after, the other way round in a reverse split. Its volume
 * counts on the new share count.
 */
function straddleCandle(c: Candle, before: number, after: number): Candle {
  const open = c.open / before;
  const close = c.close / after;
  const forward = before > after;
  const high = forward ? c.high / before : c.high / after;
  const low = forward ? c.low / after : c.low / before;
  return {
    time: c.time,
    open,
    high: Math.max(high, open, close),
    low: Math.min(low, open, close),
    close,
    volume: c.volume * after,
    turnover: c.turnover,
  };
}

/** One bar of a series adjusted: `next` is the following bar's time (undefined: the newest). */
function adjustOne(
  c: Candle,
  next: number | undefined,
  factors: SplitFactors,
  spanMs: number,
  straddles?: Map<number, Candle>,
): Candle {
  const f = factorAt(factors, c.time);
  if (f === 1) return c;
  const k = straddled(factors, c, next, spanMs);
  if (k < 0) return scaleCandle(c, f);
  straddles?.set(c.time, c);
  return straddleCandle(c, f, factors.after[k + 1] ?? 1);
}

/**
 * `candles` (raw, ascending, bars of `spanMs`) adjusted for `factors`. Answers
 * `candles` itself when no bar changes (no splits, or every split older than the first
 * bar), so a series without splits costs no copy. A bar across a split (a week or a
 * month) is adjusted part by part (`straddleCandle`); its raw candle is kept in
 * `straddles` (by time), as it cannot be had back from the adjusted one.
 */
export function adjustCandles(
  candles: readonly Candle[],
  factors: SplitFactors,
  spanMs = DAY_MS,
  straddles?: Map<number, Candle>,
): Candle[] {
  const first = candles[0];
  if (!first || factorAt(factors, first.time) === 1) return candles as Candle[];
  return candles.map((c, i) => adjustOne(c, candles[i + 1]?.time, factors, spanMs, straddles));
}

/**
 * Candles drawn with `from`'s factors redrawn with `to`'s (switching between adjusted
 * and raw, or a split table that arrived after the candles). Each bar is scaled by
 * its factor under `from` over its factor under `to`.
 */
export function readjustCandles(
  candles: readonly Candle[],
  from: SplitFactors,
  to: SplitFactors,
  spanMs = DAY_MS,
  straddles: Map<number, Candle> = new Map(),
): Candle[] {
  if (from === to) return candles as Candle[];
  return candles.map((c, i) => {
    const next = candles[i + 1]?.time;
    // A bar across a split comes back from its raw candle, kept when it was adjusted.
    const raw = straddles.get(c.time);
    if (raw) return adjustOne(raw, next, to, spanMs, straddles);
    const f = factorAt(to, c.time) / factorAt(from, c.time);
    if (f === 1) return c;
    const k = straddled(to, c, next, spanMs);
    if (k < 0) return scaleCandle(c, f);
    // Drawn raw until now (no split known): adjusted part by part from here on.
    return adjustOne(scaleCandle(c, 1 / factorAt(from, c.time)), next, to, spanMs, straddles);
  });
}

/** "2:1" for a factor of 2, "1:10" for 0.1, "3:2" for 1.5: new shares to old. */
export function splitLabel(factor: number): string {
  if (!(factor > 0) || !Number.isFinite(factor)) return '?';
  // The smallest denominator (to 1,000) that makes the factor a whole number.
  for (let old = 1; old <= 1000; old++) {
    const shares = factor * old;
    if (Math.abs(shares - Math.round(shares)) < 1e-9 * Math.max(1, shares)) {
      return `${Math.round(shares)}:${old}`;
    }
  }
  return `${factor.toPrecision(4)}:1`;
}
