import { describe, expect, it } from 'vitest';
import type { Candle } from '../../../../shared/model';
import {
  NO_SPLITS,
  adjustCandles,
  factorAt,
  readjustCandles,
  splitFactors,
  splitLabel,
  splitStep,
} from './split-adjust';

const DAY = 86_400_000;
const candle = (day: number, o: number, h: number, l: number, c: number, v: number): Candle => ({
  time: day * DAY,
  open: o,
  high: h,
  low: l,
  close: c,
  volume: v,
  turnover: o * v,
});

// A stock at ~400 that splits 4:1 on day 3 and 3:2 on day 5 (by hand: a bar before both
// is divided by 4 × 1.5 = 6, a bar between them by 1.5, a bar from day 5 on by nothing).
const RAW = [
  candle(1, 396, 408, 390, 402, 1_000),
  candle(2, 402, 414, 396, 408, 1_200),
  candle(3, 102, 105, 100, 104, 4_800), // the first day at 4:1
  candle(4, 104, 106, 101, 105, 5_000),
  candle(5, 70, 71, 68, 69, 7_500), // the first day at 3:2
  candle(6, 69, 72, 69, 71, 7_000),
];
const SPLITS = [
  { time: 5 * DAY, factor: 1.5 },
  { time: 3 * DAY, factor: 4 },
];

describe('split adjustment', () => {
  it('divides prices and multiplies volume by the splits after each bar', () => {
    const adjusted = adjustCandles(RAW, splitFactors(SPLITS));
    expect(adjusted.map((c) => [c.open, c.high, c.low, c.close, c.volume])).toEqual([
      [66, 68, 65, 67, 6_000],
      [67, 69, 66, 68, 7_200],
      [68, 70, 66.66666666666667, 69.33333333333333, 7_200],
      [69.33333333333333, 70.66666666666667, 67.33333333333333, 70, 7_500],
      [70, 71, 68, 69, 7_500],
      [69, 72, 69, 71, 7_000],
    ]);
    // Times and turnover (money traded) are what the market traded.
    expect(adjusted.map((c) => c.time)).toEqual(RAW.map((c) => c.time));
    expect(adjusted.map((c) => c.turnover)).toEqual(RAW.map((c) => c.turnover));
    // The raw candles are untouched.
    expect(RAW[0]!.open).toBe(396);
  });

  it('treats the split day as already split', () => {
    const f = splitFactors(SPLITS);
    expect(factorAt(f, 3 * DAY - 1)).toBe(6);
    expect(factorAt(f, 3 * DAY)).toBe(1.5);
    expect(factorAt(f, 5 * DAY)).toBe(1);
  });

  it('answers the same array when no bar changes', () => {
    expect(adjustCandles(RAW, NO_SPLITS)).toBe(RAW);
    const old = splitFactors([{ time: 0, factor: 2 }]);
    expect(adjustCandles(RAW, old)).toBe(RAW);
  });

  it('skips factors that are no split at all', () => {
    expect(splitFactors([{ time: DAY, factor: 0 }])).toBe(NO_SPLITS);
    expect(splitFactors([{ time: DAY, factor: Number.NaN }])).toBe(NO_SPLITS);
    expect(splitFactors([{ time: DAY, factor: 1 }])).toBe(NO_SPLITS);
  });

  it('adjusts a reverse split upwards', () => {
    const f = splitFactors([{ time: 2 * DAY, factor: 0.1 }]);
    const [before] = adjustCandles([candle(1, 1.5, 1.6, 1.4, 1.5, 10_000)], f);
    expect(before!.close).toBe(15);
    expect(before!.volume).toBe(1_000);
  });

  it('goes back to raw and to adjusted again', () => {
    const f = splitFactors(SPLITS);
    const adjusted = adjustCandles(RAW, f);
    const raw = readjustCandles(adjusted, f, NO_SPLITS);
    raw.forEach((c, i) => {
      const want = RAW[i]!;
      for (const k of ['open', 'high', 'low', 'close', 'volume'] as const) {
        expect(c[k]).toBeCloseTo(want[k], 9);
      }
    });
    expect(readjustCandles(raw, NO_SPLITS, f)[0]!.open).toBeCloseTo(66, 9);
  });

  it('reads a split of `from` old shares to `to` new as a factor of to ÷ from', () => {
    expect(splitStep({ date: DAY, from: 1, to: 4 })).toEqual({ time: DAY, factor: 4 });
    expect(splitStep({ date: DAY, from: 10, to: 1 }).factor).toBe(0.1);
  });

  it('labels a factor as new shares to old', () => {
    expect(splitLabel(2)).toBe('2:1');
    expect(splitLabel(0.1)).toBe('1:10');
    expect(splitLabel(1.5)).toBe('3:2');
    expect(splitLabel(20)).toBe('20:1');
  });

  it('adjusts a month across a split part by part, and has it raw again', () => {
    const MONTH = 30 * DAY;
    // A 4:1 split on day 45, inside the second monthly bar (days 30–59): it opened at 400
    // (before), closed at 105 (after); its high 410 was before the split (102.5, under its
    // close), its low 98 after.
    const raw = [
      candle(0, 380, 405, 370, 400, 1_000),
      candle(30, 400, 410, 98, 105, 3_000),
      candle(60, 105, 112, 100, 110, 4_000),
    ];
    const f = splitFactors([{ time: 45 * DAY, factor: 4 }]);
    const kept = new Map<number, Candle>();
    const adjusted = adjustCandles(raw, f, MONTH, kept);
    expect(adjusted.map((c) => [c.open, c.high, c.low, c.close, c.volume])).toEqual([
      [95, 101.25, 92.5, 100, 4_000],
      [100, 105, 98, 105, 3_000],
      [105, 112, 100, 110, 4_000],
    ]);
    expect([...kept.keys()]).toEqual([30 * DAY]);
    // Daily bars never straddle: the day before the split is wholly before it.
    expect(adjustCandles(raw, f, DAY)[1]!.close).toBe(26.25);
    // Raw again, exactly.
    expect(readjustCandles(adjusted, f, NO_SPLITS, MONTH, kept)[1]).toEqual(raw[1]);
  });
});
