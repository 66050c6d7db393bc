import { describe, expect, it } from 'vitest';
import type { KType } from '../../shared/model';
import { STATUS_SYMBOLS, SyntheticMarket } from './synthetic-market';
import { listedMarket } from './test-market';

const US_SESSION = Date.parse('2026-11-18T15:30:17.250Z');
const market = (now = US_SESSION, seed = 5) => listedMarket({ seed, now: () => now });

describe('determinism', () => {
  it('the same seed gives the same history, quotes and news; another seed does not', () => {
    const a = market();
    const b = market();
    const c = market(US_SESSION, 6);
    for (const kType of [1, 5, 8] as KType[]) {
      expect(b.klines('stock', 'US', '', 'TSLA', kType, 300)).toEqual(
        a.klines('stock', 'US', '', 'TSLA', kType, 300),
      );
      expect(c.klines('stock', 'US', '', 'TSLA', kType, 300)).not.toEqual(
        a.klines('stock', 'US', '', 'TSLA', kType, 300),
      );
    }
    expect(b.quote('crypto', 'BA', '', 'BTCUSDT')).toEqual(a.quote('crypto', 'BA', '', 'BTCUSDT'));
    expect(b.news('stock', 'en', 50)).toEqual(a.news('stock', 'en', 50));
    expect(c.news('stock', 'en', 50)).not.toEqual(a.news('stock', 'en', 50));
  });

  it('known symbols trade near their level; HK zero-padded and lower-case codes are the same instrument', () => {
    const m = market();
    expect(m.quote('stock', 'HK', '', '700').ld).toBeGreaterThan(300);
    expect(m.quote('stock', 'HK', '', '700').ld).toBeLessThan(900);
    expect(m.quote('crypto', 'BA', '', 'BTCUSDT').ld).toBeGreaterThan(50_000);
    expect(m.quote('forex', 'GB', '', 'USDJPY').ld).toBeGreaterThan(100);
    const bare = m.quote('stock', 'HK', '', '700');
    expect(m.quote('stock', 'HK', '', '00700')).toEqual({ ...bare, s: '00700' });
    const upper = m.quote('stock', 'US', '', 'AAPL');
    expect(m.quote('stock', 'US', '', 'aapl')).toEqual({ ...upper, s: 'aapl' });
    expect(m.info('HK', '', '00700', 'stock')).toEqual({
      ...m.info('HK', '', '700', 'stock'),
      c: '00700',
    });
  });

  it('a code outside the catalog gets no data, in every method', () => {
    const m = new SyntheticMarket({ seed: 5, now: () => US_SESSION });
    for (const [cls, region, code] of [
      ['stock', 'US', 'ZZZZ'],
      ['stock', 'US', 'FOOBAR'],
      ['stock', 'US', 'TENCENT'],
      ['stock', 'XX', 'AAPL'],
      ['stock', 'HK', 'AAPL'],
      ['crypto', 'BA', 'FOOUSDT'],
      ['indices', 'US', 'FTSE'],
      ['forex', 'GB', 'EURXYZ'],
      ['future', 'US', 'ZZTOP'],
      ['fund', 'US', 'AAA'],
    ] as const) {
      expect(m.quote(cls, region, '', code)).toBeNull();
      expect(m.depth(cls, region, '', code)).toBeNull();
      expect(m.klines(cls, region, '', code, 8, 5)).toBeNull();
    }
    expect(m.tick('BA', 'FOOUSDT')).toBeNull();
    expect(m.info('US', '', 'TENCENT', 'stock')).toBeNull();
    // A known stock on an exchange that does not list it is no product either.
    expect(m.quote('stock', 'US', 'LSE', 'AAPL')).toBeNull();
    expect(m.quote('stock', 'US', 'nasdaq', 'AAPL')).not.toBeNull();
  });

  it('the primary exchange spelled out is the same instrument as an empty exchange', () => {
    const m = market();
    expect(m.klines('stock', 'US', 'NASDAQ', 'AAPL', 8, 20)).toEqual(
      m.klines('stock', 'US', '', 'AAPL', 8, 20),
    );
  });
});

describe('time advances with the wall clock', () => {
  it('a second later the quote has moved; closed candles are identical', () => {
    const before = market(US_SESSION);
    const after = market(US_SESSION + 1000);
    expect(after.quote('stock', 'US', '', 'AAPL')).not.toEqual(
      before.quote('stock', 'US', '', 'AAPL'),
    );
    const k0 = before.klines('stock', 'US', '', 'AAPL', 1, 200);
    const k1 = after.klines('stock', 'US', '', 'AAPL', 1, 200);
    expect(k1.slice(0, -1)).toEqual(k0.slice(0, -1));
    expect(k1.at(-1)!.t).toBe(k0.at(-1)!.t);
    expect(k1.at(-1)!.v).toBeGreaterThanOrEqual(k0.at(-1)!.v);
  });

  it('five minutes later five new minute candles exist and the forming hour grew', () => {
    const before = market(US_SESSION);
    const after = market(US_SESSION + 5 * 60_000);
    const k0 = before.klines('stock', 'US', '', 'AAPL', 1, 100);
    const k1 = after.klines('stock', 'US', '', 'AAPL', 1, 105);
    expect(k1.slice(0, 99)).toEqual(k0.slice(0, 99)); // all but the then-forming minute
    expect(k1.at(-1)!.t - k0.at(-1)!.t).toBe(5 * 60_000);
    const h0 = before.klines('stock', 'US', '', 'AAPL', 5, 1)[0]!;
    const h1 = after.klines('stock', 'US', '', 'AAPL', 5, 1)[0]!;
    expect(h1.t).toBe(h0.t);
    expect(h1.v).toBeGreaterThan(h0.v);
  });

  it('every second of a minute reveals the path; the minute ends on its stored close', () => {
    const start = Date.parse('2026-11-18T15:30:00Z');
    const final = market(start + 61_000).klines('crypto', 'BA', '', 'BTCUSDT', 1, 2)[0]!;
    const seen = new Set<number>();
    for (let s = 0; s < 60; s++) {
      const forming = market(start + s * 1000).klines('crypto', 'BA', '', 'BTCUSDT', 1, 1)[0]!;
      expect(forming.t).toBe(final.t);
      expect(forming.h).toBeLessThanOrEqual(final.h);
      expect(forming.l).toBeGreaterThanOrEqual(final.l);
      seen.add(forming.c);
    }
    expect(seen.size).toBeGreaterThan(5);
  });
});

describe('paging with endTime', () => {
  it.each([
    [1, 'stock', 'HK', '700'],
    [5, 'stock', 'US', 'MSFT'],
    [8, 'crypto', 'BA', 'ETHUSDT'],
    [9, 'stock', 'US', 'MSFT'],
    [10, 'forex', 'GB', 'GBPUSD'],
  ] as const)(
    'kType %i %s %s %s: pages join without overlap or gap',
    (kType, cls, region, code) => {
      const m = market();
      const whole = m.klines(cls, region, '', code, kType, 60);
      const pages: typeof whole = [];
      let endTime: number | undefined;
      for (let i = 0; i < 3; i++) {
        const page = m.klines(cls, region, '', code, kType, 20, endTime);
        expect(page).toHaveLength(20);
        for (const k of page) if (endTime !== undefined) expect(k.t).toBeLessThanOrEqual(endTime);
        pages.unshift(...page);
        endTime = page[0]!.t - 1;
      }
      expect(pages).toEqual(whole);
      for (let i = 1; i < whole.length; i++) expect(whole[i]!.t).toBeGreaterThan(whole[i - 1]!.t);
    },
  );

  it('limit bounds the answer, capped at 5,000', () => {
    const m = market();
    expect(m.klines('crypto', 'BA', '', 'BTCUSDT', 1, 7)).toHaveLength(7);
    expect(m.klines('crypto', 'BA', '', 'BTCUSDT', 1, 9000)).toHaveLength(5000);
  });

  it('no candles before history begins', () => {
    expect(
      market().klines('stock', 'US', '', 'AAPL', 8, 10, Date.parse('2010-01-01T00:00:00Z')),
    ).toEqual([]);
  });
});

describe('trading status', () => {
  it('fixes a halted, a delisted and a circuit-breaker stock per major region', () => {
    for (const region of ['US', 'HK', 'SH', 'SZ', 'JP', 'GB']) {
      const statuses = STATUS_SYMBOLS.filter((s) => s.region === region).map((s) => s.status);
      expect(statuses.sort()).toEqual([1, 2, 3]);
    }
    const m = market();
    for (const s of STATUS_SYMBOLS)
      expect(m.quote('stock', s.region, '', s.code).ts).toBe(s.status);
    expect(m.quote('stock', 'US', '', 'AAPL').ts).toBe(0);
  });

  it('a delisted or halted stock’s price stops moving', () => {
    for (const code of ['DLST', 'HALT']) {
      const a = market(US_SESSION).quote('stock', 'US', '', code);
      const b = market(US_SESSION + 86_400_000 * 3).quote('stock', 'US', '', code);
      expect(b).toEqual(a);
    }
  });
});
