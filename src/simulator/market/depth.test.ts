import { describe, expect, it } from 'vitest';
import type { WireDepth } from '../../shared/api/wire';
import type { AssetClass } from '../../shared/model';
import { listedMarket } from './test-market';

const US_SESSION = Date.parse('2026-11-18T15:30:17.250Z');
const market = (now = US_SESSION) => listedMarket({ seed: 11, now: () => now });

const filled = (d: WireDepth, side: 'a' | 'b') =>
  d[side].filter((l) => l.p !== undefined && l.p > 0);

function expectOrderedBook(d: WireDepth, ld: number) {
  expect(d.a.map((l) => l.po)).toEqual(d.a.map((_, i) => i + 1));
  expect(d.b.map((l) => l.po)).toEqual(d.b.map((_, i) => i + 1));
  const asks = filled(d, 'a').map((l) => l.p!);
  const bids = filled(d, 'b').map((l) => l.p!);
  expect(asks.length).toBeGreaterThan(0);
  expect(bids.length).toBeGreaterThan(0);
  expect(bids[0]!).toBeLessThan(asks[0]!);
  expect(bids[0]!).toBeLessThanOrEqual(ld);
  expect(asks[0]!).toBeGreaterThanOrEqual(ld);
  for (let i = 1; i < asks.length; i++) expect(asks[i]!).toBeGreaterThan(asks[i - 1]!);
  for (let i = 1; i < bids.length; i++) expect(bids[i]!).toBeLessThan(bids[i - 1]!);
}

describe('order books', () => {
  const cases: Array<[AssetClass, string, string, number]> = [
    ['stock', 'US', 'AAPL', 10],
    ['stock', 'HK', '700', 10],
    ['stock', 'HK', '968', 10],
    ['crypto', 'BA', 'BTCUSDT', 5],
    ['fund', 'US', 'QQQ', 10],
    ['indices', 'GB', 'FTSE', 1],
    ['indices', 'GB', 'RUT', 5],
    ['forex', 'GB', 'EURUSD', 1],
    ['forex', 'GB', 'EURSEK', 5],
    ['future', 'US', 'NQ', 10],
    ['future', 'US', 'ZC', 5],
    ['future', 'CN', 'IF', 10],
  ];
  it.each(cases)(
    '%s %s %s: %i levels per side around the last price',
    (cls, region, code, levels) => {
      const m = market();
      const d = m.depth(cls, region, '', code);
      expect(d.s).toBe(code);
      expect(d.a).toHaveLength(levels);
      expect(d.b).toHaveLength(levels);
      expectOrderedBook(d, m.quote(cls, region, '', code).ld);
    },
  );

  it('crypto levels carry fractional volumes repeated in o', () => {
    const d = market().depth('crypto', 'BA', '', 'ETHUSDT');
    for (const l of [...d.a, ...d.b]) expect(l.o).toBe(l.v);
    expect([...d.a, ...d.b].some((l) => !Number.isInteger(l.v))).toBe(true);
  });

  it('stock levels are whole board lots with order counts', () => {
    const d = market().depth('stock', 'HK', '', '700');
    for (const l of [...d.a, ...d.b]) {
      expect(l.v % 100).toBe(0);
      expect(Number.isInteger(l.o) && l.o >= 1).toBe(true);
    }
  });

  it('thin books: empty future levels have no price; empty fund and index levels have price 0', () => {
    const m = market();
    const future = m.depth('future', 'US', '', 'ZC');
    const emptyFuture = future.a.filter((l) => !('p' in l));
    expect(emptyFuture.length).toBeGreaterThan(0);
    for (const l of emptyFuture) expect(l).toEqual({ po: l.po, v: 0, o: 0 });
    const index = m.depth('indices', 'GB', '', 'RUT');
    expect(index.b.slice(1)).toEqual([2, 3, 4, 5].map((po) => ({ po, p: 0, v: 0, o: 0 })));
    const funds = ['XLF', 'TLT', 'EEM', 'HYG'].map((c) => m.depth('fund', 'US', '', c));
    const empties = funds.flatMap((d) => d.a.filter((l) => l.p === 0));
    expect(empties.length).toBeGreaterThan(0);
    for (const l of empties) expect([0, 1]).toContain(l.o);
  });

  it('the book changes within a session and stands still when the market is closed', () => {
    const a = market(US_SESSION).depth('stock', 'US', '', 'AAPL');
    const b = market(US_SESSION + 3000).depth('stock', 'US', '', 'AAPL');
    expect(b).not.toEqual(a);
    const saturday = Date.parse('2026-11-21T15:00:00Z');
    expect(market(saturday).depth('stock', 'US', '', 'AAPL')).toEqual(
      market(saturday + 3_600_000).depth('stock', 'US', '', 'AAPL'),
    );
  });
});
