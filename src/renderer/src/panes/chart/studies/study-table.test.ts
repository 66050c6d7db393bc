import { describe, expect, it } from 'vitest';
import type { Candle } from '../../../../../shared/model';
import { MIN } from '../test-candles';
import { STUDY_KINDS, STUDY_TABLE, clampParam, defaultParams, type StudyKind } from './study-table';

const ohlc = (i: number, high: number, low: number, close: number, volume = 1): Candle => ({
  time: i * MIN,
  open: close,
  high,
  low,
  close,
  volume,
  turnover: 0,
});
const closes = (xs: number[]) => xs.map((x, i) => ohlc(i, x, x, x));

/** Every bar added once: what `full` does on load. */
function batch(kind: StudyKind, candles: Candle[], params = defaultParams(kind)) {
  const s = STUDY_TABLE[kind].create(params);
  return candles.map((c) => s.step(c, false));
}

describe('study table: values against hand-checked references', () => {
  it('MA 3 of 1..5 is 2, 3, 4', () => {
    const out = batch('sma', closes([1, 2, 3, 4, 5]), { period: 3 });
    expect(out.map((v) => v[0])).toEqual([null, null, 2, 3, 4]);
  });

  it('EMA 3 (α = ½, seeded with the first close) shows from a full period', () => {
    // 1 → 1.5 → 2.25 → 3.125 → 4.0625, the first two hidden.
    const out = batch('ema', closes([1, 2, 3, 4, 5]), { period: 3 });
    expect(out.map((v) => v[0])).toEqual([null, null, 2.25, 3.125, 4.0625]);
  });

  it('Bollinger 3, 2 of 1, 2, 3: 2 ± 2·√(2/3)', () => {
    const [upper, middle, lower] = batch('bb', closes([1, 2, 3]), { period: 3, k: 2 })[2]!;
    const sd = Math.sqrt(2 / 3);
    expect(middle).toBe(2);
    expect(upper).toBeCloseTo(2 + 2 * sd, 12);
    expect(lower).toBeCloseTo(2 - 2 * sd, 12);
  });

  it("RSI 2 follows Wilder's smoothing: 50, 75, 87.5", () => {
    // Changes +1 −1 +1 +1: averages ½/½, then (½+1)/2 / ½·½, …
    const out = batch('rsi', closes([1, 2, 1, 2, 3]), { period: 2 });
    expect(out.map((v) => v[0])).toEqual([null, null, 50, 75, 87.5]);
  });

  it('RSI of a rising series is 100', () => {
    const out = batch('rsi', closes([1, 2, 3, 4, 5, 6]), { period: 3 });
    expect(out.at(-1)![0]).toBe(100);
  });

  it('MACD of a flat series is 0 with a 0 histogram', () => {
    const out = batch('macd', closes(Array<number>(40).fill(10)));
    expect(out.at(-1)).toEqual([0, 0, 0]);
  });

  it('Stochastic %K is 100 at the highest high and 0 at the lowest low', () => {
    const up = Array.from({ length: 10 }, (_, i) => ohlc(i, i + 1, i, i + 1));
    expect(batch('stoch', up, { k: 3, smooth: 1, d: 1 }).at(-1)).toEqual([100, 100]);
    const down = Array.from({ length: 10 }, (_, i) => ohlc(i, 20 - i, 19 - i, 19 - i));
    expect(batch('stoch', down, { k: 3, smooth: 1, d: 1 }).at(-1)).toEqual([0, 0]);
  });

  it('ATR of bars with a range of 2 and no gaps is 2', () => {
    const candles = [ohlc(0, 3, 1, 2), ohlc(1, 4, 2, 3), ohlc(2, 5, 3, 4), ohlc(3, 6, 4, 5)];
    expect(batch('atr', candles, { period: 2 }).map((v) => v[0])).toEqual([null, 2, 2, 2]);
  });

  it('VWAP weighs the typical price by volume and restarts each UTC day', () => {
    const day = 86_400_000;
    const candles = [
      { ...ohlc(0, 12, 8, 10, 1) }, // typical 10
      { ...ohlc(1, 24, 16, 20, 3) }, // typical 20 → (10 + 60) / 4 = 17.5
      { ...ohlc(0, 33, 27, 30, 2), time: day }, // next day: 30 alone
    ];
    expect(batch('vwap', candles).map((v) => v[0])).toEqual([10, 17.5, 30]);
  });

  it('volume MA averages the volume', () => {
    const candles = [1, 2, 3].map((v, i) => ohlc(i, 1, 1, 1, v * 10));
    expect(batch('volma', candles, { period: 3 }).at(-1)).toEqual([20]);
  });
});

/** A random walk with volume, the same every run. */
function walk(n: number): Candle[] {
  let seed = 7;
  const rnd = () => (seed = (seed * 16807) % 2147483647) / 2147483647;
  let price = 100;
  return Array.from({ length: n }, (_, i) => {
    const open = price;
    price = Math.max(1, price + (rnd() - 0.5) * 2);
    const high = Math.max(open, price) + rnd();
    const low = Math.min(open, price) - rnd();
    // Every 50th bar has no volume (VWAP must not count it), times cross UTC days.
    const volume = i % 50 === 0 ? 0 : Math.round(rnd() * 1000);
    return { time: i * 30 * MIN, open, high, low, close: price, volume, turnover: 0 };
  });
}

describe('study table: the forming bar stepped with replace equals adding the final bar', () => {
  const final = walk(300);
  for (const kind of STUDY_KINDS) {
    it(kind, () => {
      const expected = batch(kind, final);
      const s = STUDY_TABLE[kind].create(defaultParams(kind));
      const got = final.map((c) => {
        // The bar forms in three ticks (open, a low, the close), then the next opens.
        s.step({ ...c, high: c.open, low: c.open, close: c.open, volume: 0 }, false);
        s.step({ ...c, high: c.open, close: c.low, volume: Math.floor(c.volume / 2) }, true);
        return s.step(c, true);
      });
      expect(got.length).toBe(expected.length);
      got.forEach((values, i) =>
        values.forEach((v, j) => {
          const e = expected[i]![j]!;
          if (e === null) expect(v).toBeNull();
          else expect(v).toBeCloseTo(e, 9);
        }),
      );
    });
  }
});

describe('clampParam', () => {
  const spec = STUDY_TABLE.bb.params[1]!;
  it('rounds to the step and keeps within bounds', () => {
    expect(clampParam(spec, 2.3)).toBe(2.5);
    expect(clampParam(spec, 99)).toBe(5);
    expect(clampParam(spec, 0)).toBe(0.5);
  });
  it('refuses what is no number', () => {
    expect(clampParam(spec, '2')).toBeNull();
    expect(clampParam(spec, Number.NaN)).toBeNull();
  });
});
