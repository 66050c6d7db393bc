import { describe, expect, it } from 'vitest';
import type { WireKline, WireQuote } from '../../shared/api/wire';
import type { AssetClass, KType } from '../../shared/model';
import { listedMarket } from './test-market';
import { isOnGrid, tickRuleFor } from './ticks';

/** Wednesday 2026-11-18 10:30:17.250 in New York: the US session is open, Hong Kong has closed. */
const US_SESSION = Date.parse('2026-11-18T15:30:17.250Z');

const market = (now = US_SESSION, seed = 7) => listedMarket({ seed, now: () => now });

/** Folds candles the way the spec defines an interval: first open, last close, extremes, sums. */
function fold(minutes: WireKline[], volumeDecimals = 0): Omit<WireKline, 't'> {
  const f = 10 ** volumeDecimals;
  return {
    o: minutes[0]!.o,
    h: Math.max(...minutes.map((m) => m.h)),
    l: Math.min(...minutes.map((m) => m.l)),
    c: minutes[minutes.length - 1]!.c,
    v: minutes.reduce((s, m) => s + Math.round(m.v * f), 0) / f,
    tu: minutes.reduce((s, m) => s + m.tu, 0),
  };
}

const body = ({ o, h, l, c, v, tu }: WireKline) => ({ o, h, l, c, v, tu });

type Case = [AssetClass, string, string, number];
const CASES: Case[] = [
  ['stock', 'US', 'AAPL', 0],
  ['stock', 'HK', '700', 0],
  ['crypto', 'BA', 'BTCUSDT', 4],
  ['forex', 'GB', 'EURUSD', 0],
  ['future', 'US', 'NQ', 0],
];

describe('candles aggregate their minutes exactly', () => {
  it.each(CASES)(
    '%s %s %s: every 1-hour candle folds its 1-minute candles',
    (cls, region, code, dec) => {
      const m = market();
      const minutes = m.klines(cls, region, '', code, 1, 3000);
      const hours = m.klines(cls, region, '', code, 5, 40);
      let checked = 0;
      for (const hour of hours) {
        const inside = minutes.filter((x) => x.t >= hour.t && x.t < hour.t + 3_600_000);
        if (inside.length === 0 || inside[0]!.t !== hour.t) continue; // older than the minute window
        expect(body(hour)).toEqual(fold(inside, dec));
        checked++;
      }
      expect(checked).toBeGreaterThan(5);
    },
  );

  it.each(CASES)('%s %s %s: a daily candle folds that day’s minutes', (cls, region, code, dec) => {
    const m = market();
    const days = m.klines(cls, region, '', code, 8, 3);
    const minutes = m.klines(cls, region, '', code, 1, 5000);
    // Yesterday (closed) and today (forming): each day's minutes run until the next day's open.
    for (const [i, day] of [days[1]!, days[2]!].entries()) {
      const next = i === 0 ? days[2]!.t : Infinity;
      const inside = minutes.filter((x) => x.t >= day.t && x.t < next);
      expect(inside[0]!.t).toBe(day.t);
      expect(body(day)).toEqual(fold(inside, dec));
    }
  });

  it('weekly and monthly candles fold their daily candles', () => {
    const m = market();
    const days = m.klines('stock', 'US', '', 'MSFT', 8, 200);
    for (const kType of [9, 10] as KType[]) {
      const periods = m.klines('stock', 'US', '', 'MSFT', kType, 3);
      for (const [i, p] of periods.entries()) {
        const next = periods[i + 1]?.t ?? Infinity;
        const inside = days.filter((d) => d.t >= p.t && d.t < next);
        expect(inside[0]!.t).toBe(p.t);
        expect(body(p)).toEqual(fold(inside));
      }
    }
  });

  it('2-hour, 4-hour and 30-minute candles fold their minutes too', () => {
    const m = market();
    const minutes = m.klines('crypto', 'BA', '', 'ETHUSDT', 1, 1000);
    for (const kType of [4, 6, 7] as KType[]) {
      const ms = { 4: 1_800_000, 6: 7_200_000, 7: 14_400_000 }[kType as 4 | 6 | 7];
      const candles = m.klines('crypto', 'BA', '', 'ETHUSDT', kType, 3);
      const last = candles[candles.length - 1]!;
      expect(body(last)).toEqual(
        fold(
          minutes.filter((x) => x.t >= last.t && x.t < last.t + ms),
          4,
        ),
      );
    }
  });
});

describe('quotes agree with the candles', () => {
  it.each(CASES.filter(([c]) => c !== 'crypto'))('%s %s %s', (cls, region, code) => {
    const m = market();
    const q = m.quote(cls, region, '', code) as WireQuote;
    const [yesterday, today] = m.klines(cls, region, '', code, 8, 2);
    expect(q).toMatchObject({
      s: code,
      o: today!.o,
      h: today!.h,
      l: today!.l,
      ld: today!.c,
      v: today!.v,
      tu: today!.tu,
    });
    expect(q.p).toBe(yesterday!.c);
    expect(q.ch).toBeCloseTo(q.ld - q.p, 8);
    expect(q.chp).toBeCloseTo((q.ch / q.p) * 100, 3);
    expect(q.ts).toBe(0);
  });

  it('a crypto quote has no p, ch or chp and matches the forming UTC day', () => {
    const m = market();
    const q = m.quote('crypto', 'BA', '', 'BTCUSDT');
    expect(Object.keys(q).sort()).toEqual(['h', 'l', 'ld', 'o', 's', 't', 'ts', 'tu', 'v']);
    const today = m.klines('crypto', 'BA', '', 'BTCUSDT', 8, 1)[0]!;
    expect(today.t).toBe(Date.parse('2026-11-18T00:00:00Z'));
    expect(q).toMatchObject({ o: today.o, h: today.h, l: today.l, ld: today.c, v: today.v });
    expect(q.t).toBe(Math.floor(US_SESSION / 1000) * 1000);
  });

  it('a crypto tick trades at the quote’s last price', () => {
    const m = market();
    const q = m.quote('crypto', 'BA', '', 'ETHUSDT');
    const t = m.tick('BA', 'ETHUSDT');
    expect(t).toMatchObject({ s: 'ETHUSDT', ld: q.ld, t: q.t, ts: 0 });
    expect(t.v).toBeGreaterThan(0);
  });

  it('after the close a quote shows the whole session, last trade before the bell', () => {
    const q = market().quote('stock', 'HK', '', '700') as WireQuote; // 23:30 in Hong Kong
    const today = market().klines('stock', 'HK', '', '700', 8, 1)[0]!;
    expect(q.ld).toBe(today.c);
    expect(q.t).toBe(Date.parse('2026-11-18T07:59:59Z'));
  });
});

describe('prices sit on the tick grid', () => {
  const GRID_CASES: Case[] = [
    ...CASES,
    ['stock', 'JP', '7203', 0],
    ['stock', 'HK', '1', 0],
    ['stock', 'GB', 'BP', 0],
    ['forex', 'GB', 'USDJPY', 0],
    ['crypto', 'BA', 'DOGEUSDT', 0],
    ['future', 'US', 'ES', 0],
  ];
  it.each(GRID_CASES)('%s %s %s', (cls, region, code) => {
    const m = market();
    const rule = tickRuleFor(cls, region, code, code === 'NQ' || code === 'ES' ? 0.25 : undefined);
    const prices: number[] = [];
    for (const kType of [1, 5, 8] as KType[]) {
      for (const k of m.klines(cls, region, '', code, kType, 300)) prices.push(k.o, k.h, k.l, k.c);
    }
    const q = m.quote(cls, region, '', code);
    prices.push(q.ld, q.o, q.h, q.l);
    const d = m.depth(cls, region, '', code);
    for (const lv of [...d.a, ...d.b]) if (lv.p) prices.push(lv.p);
    const off = prices.filter((p) => !isOnGrid(p, rule));
    expect(off).toEqual([]);
  });

  it('every candle is well formed: low <= open, close <= high; volume and turnover not negative', () => {
    for (const [cls, region, code] of CASES) {
      for (const k of market().klines(cls, region, '', code, 1, 2000)) {
        expect(k.l).toBeLessThanOrEqual(Math.min(k.o, k.c));
        expect(k.h).toBeGreaterThanOrEqual(Math.max(k.o, k.c));
        expect(k.v).toBeGreaterThanOrEqual(0);
        expect(k.tu).toBeGreaterThanOrEqual(0);
      }
    }
  });
});
