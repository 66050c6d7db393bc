import { describe, expect, it } from 'vitest';
import type { Candle } from '../../../../shared/model';
import { OverlayCalc, overlayLines } from './overlays';

const candle = (i: number): Candle => {
  const close = 100 + Math.sin(i / 3) * 5 + i * 0.1;
  return {
    time: i * 60_000,
    open: close,
    high: close + 1,
    low: close - 1,
    close,
    volume: 10,
    turnover: 1000,
  };
};
const series = (n: number) => Array.from({ length: n }, (_, i) => candle(i));

describe('overlayLines', () => {
  it('lists valid, distinct periods and the three bands', () => {
    const lines = overlayLines({ sma: [20, 20, 0, 50], ema: [12], bollinger: true });
    expect(lines.map((l) => l.id)).toEqual([
      'sma20',
      'sma50',
      'ema12',
      'bb-upper',
      'bb-middle',
      'bb-lower',
    ]);
  });
});

describe('OverlayCalc', () => {
  const lines = overlayLines({ sma: [5], ema: [4], bollinger: true });

  it('drops points before a full window', () => {
    const out = new OverlayCalc(lines).full(series(30));
    expect(out.get('sma5')).toHaveLength(26);
    expect(out.get('ema4')).toHaveLength(27);
    expect(out.get('bb-middle')).toHaveLength(11);
  });

  it('updates the forming candle like a full recompute', () => {
    const candles = series(40);
    const calc = new OverlayCalc(lines);
    calc.full(candles);
    // The forming candle moves, then a new one opens.
    candles[39] = { ...candles[39]!, close: 130 };
    const moved = calc.at(candles, 39);
    candles.push({ ...candle(40), close: 90 });
    const appended = calc.at(candles, 40);
    const expected = new OverlayCalc(lines).full(candles);
    for (const line of lines) {
      const points = expected.get(line.id)!;
      expect(moved.get(line.id)!.value).toBeCloseTo(points.at(-2)!.value, 9);
      expect(appended.get(line.id)!.value).toBeCloseTo(points.at(-1)!.value, 9);
      expect(appended.get(line.id)!.time).toBe(40 * 60_000);
    }
  });

  it('answers null while the window is not full', () => {
    const candles = series(3);
    const calc = new OverlayCalc(lines);
    calc.full(candles);
    expect(calc.at(candles, 2).get('sma5')).toBeNull();
  });
});
