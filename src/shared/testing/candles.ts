/** Candles for tests. */
import type { Candle } from '../model';

/** A candle at `time` whose open, high, low and close are all `close`, volume 1. */
export function flatCandle(time: number, close: number): Candle {
  return { time, open: close, high: close, low: close, close, volume: 1, turnover: 1 };
}

/**
 * Hourly candles from `t0 + from` hours, `count` of them, each opening at 100 + its
 * hour (high +1, low −1, close +0.5), volume 2 and turnover 200.
 */
export function hourlyCandles(t0: number, from: number, count: number): Candle[] {
  return Array.from({ length: count }, (_, i) => {
    const h = from + i;
    return {
      time: t0 + h * 3_600_000,
      open: 100 + h,
      high: 101 + h,
      low: 99 + h,
      close: 100.5 + h,
      volume: 2,
      turnover: 200,
    };
  });
}
