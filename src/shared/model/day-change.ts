/**
 * A crypto quote has no session close, so no change of its own (the API sends none),
 * and its open, high, low, volume and turnover are the UTC day's (since 00:00 UTC).
 * Shown beside a change over 24 hours, those would mix two windows on one row, so a
 * row with a 24 h change shows every figure over the same 24 hours:
 *
 * - the window starts at the first 1-hour candle at or after `quote time − 24 h`
 *   (at most an hour later); its open is the reference the change is measured from;
 * - the window's start is never after the UTC day's start (both lie on the hour, and
 *   the day began less than 24 h ago), so the window is the closed hourly candles from
 *   the window's start to 00:00 UTC, then the UTC day the quote itself describes. The
 *   high, low, volume and turnover join those two parts; they move with every quote,
 *   exactly, without asking for candles more than once an hour.
 *
 * The app's quote board and the command line both show crypto this way. Pure.
 */
import { KTYPES, type Candle, type KType, type Quote, type UnixMs } from './index';

/** The candles the 24 h figures are taken from: 1 hour. */
export const DAY_CHANGE_KTYPE: KType = 5;
const HOUR_MS = KTYPES[DAY_CHANGE_KTYPE].ms;
export const DAY_MS = 24 * HOUR_MS;
/** Candles asked for: the 24 hours, the forming one, and a margin for a late hour. */
export const DAY_CHANGE_CANDLES = 30;

/** The closed hours of a 24 h window before the UTC day began: what the quote does not hold. */
export interface PriorHours {
  /** 00:00 UTC of the quote's day: where these hours end and the quote's own figures begin. */
  until: UnixMs;
  /** Highest high and lowest low of those hours; null when the window starts at 00:00 UTC. */
  high: number | null;
  low: number | null;
  volume: number;
  turnover: number;
}

/** The price a 24 h change is measured from, when it was, and the hours before the UTC day. */
export interface DayReference {
  price: number;
  /** Open time of the candle whose open is `price`: where the 24 h window starts. */
  since: UnixMs;
  prior: PriorHours;
}

/** 00:00 UTC of the day holding `time`. */
export const utcDayStart = (time: UnixMs): UnixMs => Math.floor(time / DAY_MS) * DAY_MS;

/**
 * Which window a quote at `time` needs: the hour its 24 h window starts in. A new
 * hour is a new reference; within one hour the reference does not move (nor the UTC
 * day: hours never straddle midnight).
 */
export function dayWindow(time: UnixMs): number {
  return Math.floor((time - DAY_MS) / HOUR_MS);
}

/**
 * The reference for a quote at `time`: the open of the first 1-hour candle (ascending)
 * at or after `time − 24 h`, and the candles from there to 00:00 UTC. Null when the
 * candles do not reach back to within an hour of it (a gap, a young listing), or miss
 * an hour before 00:00 UTC (the sums would be short): then there are no 24 h figures.
 */
export function dayReference(candles: readonly Candle[], time: UnixMs): DayReference | null {
  const from = time - DAY_MS;
  const first = candles.findIndex((c) => c.time >= from);
  const candle = candles[first];
  if (!candle || candle.time - from >= HOUR_MS || !(candle.open > 0)) return null;
  const until = utcDayStart(time);
  const prior: PriorHours = { until, high: null, low: null, volume: 0, turnover: 0 };
  let expected = candle.time;
  for (let i = first; i < candles.length && candles[i]!.time < until; i++) {
    const c = candles[i]!;
    if (c.time !== expected) return null;
    expected += HOUR_MS;
    prior.high = Math.max(prior.high ?? c.high, c.high);
    prior.low = Math.min(prior.low ?? c.low, c.low);
    prior.volume += c.volume;
    prior.turnover += c.turnover;
  }
  if (expected < until) return null;
  return { price: candle.open, since: candle.time, prior };
}

/** The change of `last` against a reference: absolute and in percent. */
export function dayChange(
  last: number,
  reference: Pick<DayReference, 'price'>,
): { change: number; changePercent: number } {
  const change = last - reference.price;
  return { change, changePercent: (change / reference.price) * 100 };
}

/** The figures of a row, all over one basis. */
export interface RowFigures {
  open: number | null;
  high: number | null;
  low: number | null;
  prevClose: number | null;
  volume: number | null;
  turnover: number | null;
  change: number | null;
  changePercent: number | null;
}

/** The window a row's figures are over. */
export type RowBasis = 'session' | '24h' | 'utc-day';

/** A row's figures as shown: the quote's own (a session's), or over the 24 h window. */
export interface ShownChange extends RowFigures {
  /**
   * `session`: the quote's own figures, change against the previous close; `24h`: every
   * figure over 24 hours, from 1-hour candles and the quote; `utc-day`: a quote without a
   * change of its own (crypto) before its 24 h reference is known: the UTC day's figures
   * and no change; null: no quote.
   */
  basis: RowBasis | null;
  /** The 24 h window's reference, when that is the basis. */
  reference: DayReference | null;
}

const NONE: RowFigures = {
  open: null,
  high: null,
  low: null,
  prevClose: null,
  volume: null,
  turnover: null,
  change: null,
  changePercent: null,
};

/**
 * What a row shows for a quote: with a change of its own, the quote as it is; without
 * (crypto), every figure over 24 hours when the reference is known and belongs to the
 * quote's UTC day; else no change and the UTC day's figures, named as such.
 */
export function shownChange(quote: Quote | null, reference: DayReference | null): ShownChange {
  if (!quote) return { ...NONE, basis: null, reference: null };
  const own: RowFigures = {
    open: quote.open,
    high: quote.high,
    low: quote.low,
    prevClose: quote.prevClose,
    volume: quote.volume,
    turnover: quote.turnover,
    change: quote.change,
    changePercent: quote.changePercent,
  };
  if (quote.change !== null) return { ...own, basis: 'session', reference: null };
  if (!reference || reference.prior.until !== utcDayStart(quote.time)) {
    return { ...own, basis: 'utc-day', reference: null };
  }
  const { prior } = reference;
  return {
    ...dayChange(quote.last, reference),
    open: reference.price,
    high: Math.max(prior.high ?? quote.high, quote.high, quote.last),
    low: Math.min(prior.low ?? quote.low, quote.low, quote.last),
    prevClose: null,
    volume: prior.volume + quote.volume,
    turnover: prior.turnover + quote.turnover,
    basis: '24h',
    reference,
  };
}

/** The words naming the 24 h basis (tooltip, accessible name, the CSV's basis column). */
export const DAY_CHANGE_NAME = 'over 24 h from 1-hour candles and the UTC day';

/** The words naming a crypto row's basis before its 24 h reference is known. */
export const UTC_DAY_NAME = 'UTC day since 00:00 UTC, no change';
