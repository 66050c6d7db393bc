/** Candles and pages for the chart's unit tests. */
import type { CandlesPage } from '../../../../shared/bridge';
import type { Candle, Instrument, SeriesKey } from '../../../../shared/model';

export const MIN = 60_000;

const btc: Instrument = { class: 'crypto', region: 'BA', exchange: '', code: 'BTCUSDT' };
/** Bitcoin on Binance by the minute: the series the chart tests show. */
export const series: SeriesKey = { ...btc, kType: 1 };

/** A candle without a range (open = high = low = close) at `time`. */
export function flat(time: number, close = 1): Candle {
  return { time, open: close, high: close, low: close, close, volume: 1, turnover: 1 };
}

/** Minute bar `i`, closing at 100 + i unless told. */
export const bar = (i: number, close = 100 + i): Candle => flat(i * MIN, close);

/** Minute bars `from` up to (not including) `to`. */
export const bars = (from: number, to: number): Candle[] =>
  Array.from({ length: to - from }, (_, k) => bar(from + k));

/** A page of `series` as `loadCandles` answers it. */
export const page = (candles: Candle[], extra: Partial<CandlesPage> = {}): CandlesPage => ({
  series,
  candles,
  atHistoryStart: false,
  offline: false,
  asOf: 1,
  refreshing: false,
  ...extra,
});
