/** Candles for tests. */
import type { Candle } from '../model';

/** A candle at `time` whose open, high, low and close are all `close`, volume 1. */
export function flatCandle(time: number, close: number): Candle {
  return { time, open: close, high: close, low: close, close, volume: 1, turnover: 1 };
}
