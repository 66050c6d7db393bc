import { describe, expect, it } from 'vitest';
import { bollinger, bollingerAt, ema, emaNext, sma, smaAt } from './indicators';

const closes = [10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21];

describe('sma', () => {
  it('averages the window and is NaN before it fills', () => {
    const out = sma(closes, 3);
    expect(Number.isNaN(out[1])).toBe(true);
    expect(out[2]).toBeCloseTo(11);
    expect(out[11]).toBeCloseTo(20);
  });
  it('agrees with the single-point form', () => {
    const out = sma(closes, 5);
    for (let i = 4; i < closes.length; i++) expect(smaAt(closes, 5, i)).toBeCloseTo(out[i]!);
    expect(Number.isNaN(smaAt(closes, 5, 3))).toBe(true);
  });
});

describe('ema', () => {
  it('seeds with the SMA and steps with alpha 2/(n+1)', () => {
    const out = ema([1, 2, 3, 4], 3);
    expect(out[2]).toBeCloseTo(2);
    expect(out[3]).toBeCloseTo(0.5 * 4 + 0.5 * 2);
  });
  it('updates the last point incrementally like a full recompute', () => {
    const values = [...closes];
    const full = ema(values, 4);
    values[values.length - 1] = 30;
    const recomputed = ema(values, 4);
    const incremental = emaNext(full[values.length - 2]!, 30, 4);
    expect(incremental).toBeCloseTo(recomputed[values.length - 1]!);
  });
  it('is all NaN when the series is shorter than the period', () => {
    expect([...ema([1, 2], 5)].every(Number.isNaN)).toBe(true);
  });
});

describe('bollinger', () => {
  it('brackets the SMA by k population deviations', () => {
    const b = bollinger([2, 4, 4, 4, 5, 5, 7, 9], 8, 2);
    expect(b.middle[7]).toBeCloseTo(5);
    expect(b.upper[7]).toBeCloseTo(9);
    expect(b.lower[7]).toBeCloseTo(1);
  });
  it('agrees with the single-point form', () => {
    const values = closes.map((c, i) => c + Math.sin(i) * 3);
    const b = bollinger(values, 5, 2);
    const p = bollingerAt(values, 9, 5, 2)!;
    expect(p.upper).toBeCloseTo(b.upper[9]!);
    expect(p.lower).toBeCloseTo(b.lower[9]!);
    expect(bollingerAt(values, 2, 5, 2)).toBeNull();
  });
});
