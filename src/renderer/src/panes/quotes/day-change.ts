/**
 * A crypto quote has no session close, so no change of its own (the API sends none).
 * The board shows instead the change over the last 24 hours, from the 1-hour candles:
 * against the open of the first hourly candle of the window (it starts at most an
 * hour after `quote time − 24 h`), named as such wherever it is shown. Pure.
 */
import { KTYPES, type Candle, type KType, type UnixMs } from '../../../../shared/model';

/** The candles the 24 h change is taken from: 1 hour. */
export const DAY_CHANGE_KTYPE: KType = 5;
const HOUR_MS = KTYPES[DAY_CHANGE_KTYPE].ms;
export const DAY_MS = 24 * HOUR_MS;
/** Candles asked for: the 24 hours, the forming one, and a margin for a late hour. */
export const DAY_CHANGE_CANDLES = 30;

/** The price a 24 h change is measured from, and when it was. */
export interface DayReference {
  price: number;
  /** Open time of the candle whose open is `price`. */
  since: UnixMs;
}

/**
 * Which window a quote at `time` needs: the hour its 24 h window starts in. A new
 * hour is a new reference; within one hour the reference does not move.
 */
export function dayWindow(time: UnixMs): number {
  return Math.floor((time - DAY_MS) / HOUR_MS);
}

/**
 * The reference for a quote at `time`: the open of the first 1-hour candle (ascending)
 * at or after `time − 24 h`; null when the candles do not reach back to within an
 * hour of it (a gap, a young listing): then there is no 24 h change to show.
 */
export function dayReference(candles: readonly Candle[], time: UnixMs): DayReference | null {
  const from = time - DAY_MS;
  const candle = candles.find((c) => c.time >= from);
  if (!candle || candle.time - from >= HOUR_MS || !(candle.open > 0)) return null;
  return { price: candle.open, since: candle.time };
}

/** The change of `last` against a reference: absolute and in percent. */
export function dayChange(
  last: number,
  reference: DayReference,
): { change: number; changePercent: number } {
  const change = last - reference.price;
  return { change, changePercent: (change / reference.price) * 100 };
}

/** A row's change as the board shows it: the quote's own (a session's), or the 24 h one. */
export interface ShownChange {
  change: number | null;
  changePercent: number | null;
  /** `session`: the quote's change against the previous close; `24h`: from 1-hour candles. */
  basis: 'session' | '24h' | null;
  /** The 24 h change's reference, when that is the basis. */
  reference: DayReference | null;
}

/** What the Chg and Chg % cells show for a quote (and its 24 h reference, for crypto). */
export function shownChange(
  quote: { last: number; change: number | null; changePercent: number | null } | null,
  reference: DayReference | null,
): ShownChange {
  if (!quote) return { change: null, changePercent: null, basis: null, reference: null };
  if (quote.change !== null) {
    return {
      change: quote.change,
      changePercent: quote.changePercent,
      basis: 'session',
      reference: null,
    };
  }
  if (!reference) return { change: null, changePercent: null, basis: null, reference: null };
  return { ...dayChange(quote.last, reference), basis: '24h', reference };
}

/** The words naming a 24 h change (tooltip, accessible name, the CSV's basis column). */
export const DAY_CHANGE_NAME = 'change over 24 h from 1-hour candles';
