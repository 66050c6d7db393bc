/**
 * The forming candle of a live chart between REST refreshes, from streamed quotes.
 *
 * A quote carries the last price and the day's running open, high, low, volume and
 * turnover; a candle is the same figures over its own period. So the forming candle
 * moves by the same rule the service builds it with: the close is the last price, the
 * high and low take it in, and volume and turnover grow by what the day's grew since
 * the quote before. A new day high or low reached between two pushes is the candle's
 * too (it happened inside it). Where that is all the stream can say — a trade between
 * pushes that set no day extreme — REST's bar, asked when the bar closes
 * (stream-candles.ts), puts the candle right; for a symbol that trades every second the
 * two agree exactly.
 *
 * Volume: every class the stream serves quotes for carries the day's cumulative volume
 * and turnover, so a bar's volume is what the day's grew between its pushes (ticks
 * carry a trade's size too, but only crypto streams them, and a missed tick would be
 * volume lost for good; a missed quote is not). The rule at the close: the streamed
 * volume never runs ahead of the service's, and the service's figure wins.
 *
 * After a REST answer, what the day grew is counted from the quote the service's bar
 * counted to (`countedTo`): the quote the hub's own bar was built through, when the
 * service's bar is that very bar (both counted the same trades: a replay's loopback
 * service builds it from the quotes it pushed, and answers at a moment no quote marks);
 * after a replay's seek, the quote pushed before the series' first answer (the sought
 * time's, which that answer counted); else a quote of the answer's second that the
 * answer's bar ends on (its price is the bar's close); else none, and the first push
 * after it adds nothing (what traded between is the next refresh's to add).
 *
 * "The answer's second" is read on the hub's clock, the quote's time is the service's:
 * the two clocks differ (a live service's is its own; after demo → live the service is
 * another machine's, or another process started apart), so a quote of the hub's second
 * may be one the service had already traded past when it answered. Its answer then
 * ends on the later trade's price, and that quote is not what it counted to: were it
 * taken, the later trade's push would add its volume to a bar that counts it already
 * (session 40's QA: a chart's first bar after setting a token, volume 5.6783 streamed,
 * 5.5852 the service's).
 */
import type { Candle, KType, Quote, UnixMs } from '../../shared/model';
import { KTYPES } from '../../shared/model';

/** What a quote does to a series' newest candles. */
export type FormingUpdate =
  /** The forming candle moved: the series with it replaced. */
  | { kind: 'moved'; candles: Candle[] }
  /** Nothing to change (an older quote, the same figures, no candle yet). */
  | { kind: 'same' }
  /** The quote is past the forming candle's period: a new candle began, ask REST for it. */
  | { kind: 'rolled' };

/** Months have no fixed length: their candles are left to REST. */
const FIXED_PERIOD: ReadonlySet<KType> = new Set(
  (Object.keys(KTYPES).map(Number) as KType[]).filter((k) => k !== 10),
);

/** Whether a kType's bars have a fixed length, so the stream can build them (not months). */
export const hasFixedPeriod = (kType: KType): boolean => FIXED_PERIOD.has(kType);

/**
 * The candles `candles` (ascending, the last one forming) after the quote `quote`, with
 * `previous` the quote of the same symbol before it (null when none was seen).
 */
export function formingCandle(
  candles: readonly Candle[],
  kType: KType,
  quote: Quote,
  previous: Quote | null,
): FormingUpdate {
  const last = candles.at(-1);
  if (!last || !FIXED_PERIOD.has(kType) || quote.time < last.time) return { kind: 'same' };
  if (quote.time >= last.time + KTYPES[kType].ms) return { kind: 'rolled' };
  // The day's figures since the quote before, when that quote is of this candle and day.
  const base = previous !== null && previous.time <= quote.time ? previous : null;
  const sameDay = base !== null && quote.volume >= base.volume;
  // The bar's figure plus what the day's grew, to the decimals its inputs have: binary
  // noise (87535.18050001) rounded off, so equal figures compare equal.
  const grown = (bar: number, now: number, before: number | undefined) => {
    if (before === undefined) return bar;
    const places = Math.max(decimals(bar), decimals(now), decimals(before));
    return round(bar + (sameDay ? now - before : now), places);
  };
  let high = Math.max(last.high, quote.last);
  let low = Math.min(last.low, quote.last);
  if (sameDay && base.time >= last.time) {
    if (quote.high > base.high) high = Math.max(high, quote.high);
    if (quote.low < base.low) low = Math.min(low, quote.low);
  }
  const next: Candle = {
    ...last,
    high,
    low,
    close: quote.last,
    volume: grown(last.volume, quote.volume, base?.volume),
    turnover: grown(last.turnover, quote.turnover, base?.turnover),
  };
  const same =
    next.high === last.high &&
    next.low === last.low &&
    next.close === last.close &&
    next.volume === last.volume &&
    next.turnover === last.turnover;
  return same ? { kind: 'same' } : { kind: 'moved', candles: [...candles.slice(0, -1), next] };
}

/**
 * The forming bar a series shows, and the quote it counts the day's figures through. A
 * null bar: the quote came before the series' first answer after a replay's seek, both
 * the source's records at the sought time (the answer counts that quote).
 */
export interface CountedBar {
  bar: Candle | null;
  quote: Quote;
}

/**
 * The quote a REST answer's forming bar `answered` counted the day to, as far as the hub
 * can tell: the one its own bar was counted through when the two are the same bar, else
 * `latest` when it is of the answer's second (`now`, the hub's clock) and the answered
 * bar is its bar and ends on its price, else null (not known: the next push adds
 * nothing). An answer that traded past `latest` (the service's clock ahead of the hub's)
 * ends on a later price: never taken for `latest`'s, whose next push it counts already.
 */
export function countedTo(
  answered: Candle | undefined,
  held: CountedBar | undefined,
  latest: Quote | null,
  now: UnixMs,
): Quote | null {
  if (answered && held) {
    if (held.bar === null ? held.quote.time >= answered.time : sameBar(answered, held.bar))
      return held.quote;
  }
  const second = (t: UnixMs) => Math.floor(t / 1000);
  if (!latest || second(latest.time) !== second(now)) return null;
  if (answered && (latest.time < answered.time || answered.close !== latest.last)) return null;
  return latest;
}

/** The same bar: its time and prices, and its volume and turnover but for binary noise. */
export function sameBar(a: Candle, b: Candle): boolean {
  const near = (x: number, y: number) => Math.abs(x - y) <= 1e-9 * Math.max(1, Math.abs(x));
  return (
    a.time === b.time &&
    a.open === b.open &&
    a.high === b.high &&
    a.low === b.low &&
    a.close === b.close &&
    near(a.volume, b.volume) &&
    near(a.turnover, b.turnover)
  );
}

/** Decimal places of a figure as the service wrote it (at most 10). */
function decimals(x: number): number {
  const text = String(x);
  if (text.includes('e')) return 10;
  const dot = text.indexOf('.');
  return dot < 0 ? 0 : Math.min(10, text.length - dot - 1);
}

function round(x: number, places: number): number {
  const f = 10 ** places;
  return Math.round(x * f) / f;
}
