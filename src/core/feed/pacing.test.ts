import { describe, expect, it } from 'vitest';
import { candlePollLimit, normaliseIntervals, MIN_INTERVAL_MS } from './intervals';
import { backoffDelay, planBudget } from './pacing';
import { requestsPerPoll, routeOf } from './routes';

describe('planBudget', () => {
  it('leaves intervals alone while the wanted rate fits the hub’s share of the background quarter', () => {
    // 2,400 a minute: the background quarter is 600, the hub plans for 80 % of it.
    const b = planBudget([{ wantedMs: 1000, requestsPerTick: 3 }], 2_400, 0.8);
    expect(b).toEqual({
      requestsPerMinute: 480,
      wantedPerMinute: 180,
      stretch: 1,
      oneOffRequests: 0,
    });
  });

  it('reserves the streamed bar closes before stretching the clocks, and never stretches them', () => {
    // Base: 120 a minute, a quarter is 30, 90 % of it 27; a 1-minute chart's close costs 1.
    const b = planBudget(
      [
        { wantedMs: 1000, requestsPerTick: 2 },
        { wantedMs: 60_000, requestsPerTick: 1 },
        { wantedMs: 60_000, requestsPerTick: 1, fixed: true },
      ],
      120,
      0.9,
    );
    expect(b.requestsPerMinute).toBe(27);
    expect(b.wantedPerMinute).toBe(122);
    expect(b.stretch).toBeCloseTo(121 / 26);
    // Polled rows every 4.65 s: inside the 5 s the base plan promises.
    expect(1000 * b.stretch).toBeLessThan(5000);
  });

  it('counts requests asked once apart: neither a rate nor a cause of stretch', () => {
    const b = planBudget(
      [
        { wantedMs: 60_000, requestsPerTick: 1 },
        { wantedMs: 1, requestsPerTick: 4, once: true },
      ],
      5,
      0.9,
    );
    expect(b).toEqual({
      requestsPerMinute: 3.6,
      wantedPerMinute: 1,
      stretch: 1,
      oneOffRequests: 4,
    });
  });

  it('still refreshes, rarely, when the closes take the whole allowance', () => {
    const b = planBudget(
      [
        { wantedMs: 1000, requestsPerTick: 5 },
        { wantedMs: 60_000, requestsPerTick: 4, fixed: true },
      ],
      5,
      0.9,
    );
    expect(b.stretch).toBe(1000);
  });

  it('stretches every clock by one factor when it does not', () => {
    const b = planBudget(
      [
        { wantedMs: 1000, requestsPerTick: 4 },
        { wantedMs: 2000, requestsPerTick: 2 },
        { wantedMs: 60_000, requestsPerTick: 1 },
      ],
      60,
      0.8,
    );
    expect(b.wantedPerMinute).toBe(301);
    // 60 a minute: the background quarter is 15, the hub plans for 12.
    expect(b.stretch).toBeCloseTo(301 / 12);
  });

  it('never stretches without a limit', () => {
    expect(planBudget([{ wantedMs: 1, requestsPerTick: 1000 }], Infinity, 0.8).stretch).toBe(1);
  });
});

describe('backoffDelay', () => {
  it('doubles from the interval and caps at max(cap, 5 intervals)', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map((f) => backoffDelay(1000, f, 60_000))).toEqual([
      2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000,
    ]);
    expect(backoffDelay(60_000, 9, 60_000)).toBe(300_000);
  });

  it('honours a longer Retry-After', () => {
    expect(backoffDelay(1000, 1, 60_000, 45_000)).toBe(45_000);
  });
});

describe('intervals', () => {
  it('asks 3 candles normally and the missed ones after a pause, capped', () => {
    expect(candlePollLimit(1, null, 0)).toBe(3);
    expect(candlePollLimit(1, 0, 2000)).toBe(3);
    expect(candlePollLimit(1, 0, 10 * 60_000)).toBe(12);
    expect(candlePollLimit(1, 0, 10 * 86_400_000)).toBe(300);
  });

  it('fills defaults and floors silly intervals', () => {
    const i = normaliseIntervals({ quotes: 10, news: Number.NaN, candles: { 1: 1 } });
    expect(i).toEqual({
      quotes: MIN_INTERVAL_MS,
      depth: 1000,
      ticks: 1000,
      news: 60_000,
      candles: { 1: MIN_INTERVAL_MS },
    });
  });
});

describe('routeOf', () => {
  it('groups by operation, class, region and exchange (stock only)', () => {
    const a = routeOf({
      kind: 'quotes',
      class: 'stock',
      region: 'US',
      exchange: 'NYSE',
      codes: [' A ', 'A', 'B', ''],
    });
    const b = routeOf({
      kind: 'quotes',
      class: 'crypto',
      region: 'BA',
      exchange: 'X',
      codes: ['BTCUSDT'],
    });
    expect(a).toMatchObject({
      ok: true,
      groupKey: 'quotes|stock|US|NYSE',
      lane: 'quotes',
      codes: ['A', 'B'],
    });
    expect(b).toMatchObject({ ok: true, groupKey: 'quotes|crypto|BA|' });
  });

  it('puts candles on one clock per kType and ticks on crypto', () => {
    const c = routeOf({
      kind: 'candles',
      series: { class: 'forex', region: 'GB', exchange: '', code: 'EURUSD', kType: 8 },
    });
    expect(c).toMatchObject({ ok: true, lane: 'candles:8', codes: ['EURUSD'] });
    expect(routeOf({ kind: 'ticks', region: 'BA', codes: ['BTCUSDT'] })).toMatchObject({
      route: { kind: 'ticks', region: 'BA' },
    });
  });

  it('refuses what the API does not serve', () => {
    expect(
      routeOf({ kind: 'quotes', class: 'forex', region: 'GB', exchange: '', codes: ['EURUSD'] }).ok,
    ).toBe(false);
    for (const cls of ['fund', 'future'] as const) {
      const r = routeOf({
        kind: 'candles',
        series: { class: cls, region: 'US', exchange: '', code: 'X', kType: 1 },
      });
      expect(r.ok).toBe(false);
    }
    for (const cls of ['stock', 'crypto', 'fund', 'forex', 'future', 'indices'] as const) {
      expect(
        routeOf({ kind: 'depth', class: cls, region: 'US', exchange: '', codes: ['X'] }).ok,
      ).toBe(true);
    }
  });

  it('costs ceil(codes / plan max) requests a poll; news one', () => {
    const route = { kind: 'quotes', cls: 'stock', region: 'US', exchange: '' } as const;
    expect([0, 1, 10, 11, 25].map((n) => requestsPerPoll(route, n, 10))).toEqual([0, 1, 1, 2, 3]);
    expect(requestsPerPoll({ kind: 'news', market: 'stock', lang: 'en' }, 0, 10)).toBe(1);
  });
});
