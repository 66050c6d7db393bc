import { describe, expect, it } from 'vitest';
import type { DepthBook, DepthLevel } from '../../../../shared/model';
import { depthCurve } from './depth-curve';
import { buildLadder } from './ladder';

const level = (i: number, price: number | null, volume: number): DepthLevel => ({
  level: i,
  price,
  volume,
  orders: 1,
});
const book = (asks: DepthLevel[], bids: DepthLevel[]): DepthBook =>
  ({ symbol: 'X', asks, bids, time: 0 }) as unknown as DepthBook;

describe('depthCurve', () => {
  const ladder = buildLadder(
    book(
      [level(1, 101, 5), level(2, 102, 10), level(3, 104, 5)],
      [level(1, 100, 10), level(2, 99, 30), level(3, null, 0)],
    ),
  );
  const curve = depthCurve(ladder)!;

  it('steps through the cumulative size at each priced level, from the best outward', () => {
    expect(curve.bids.map((s) => [s.price, s.cumulative])).toEqual([
      [100, 10],
      [99, 40],
    ]);
    expect(curve.asks.map((s) => [s.price, s.cumulative])).toEqual([
      [101, 5],
      [102, 15],
      [104, 20],
    ]);
    expect(curve.maxCumulative).toBe(40);
    expect([curve.minPrice, curve.maxPrice]).toEqual([99, 104]);
  });

  it('places price across and size up in a 0–100 box', () => {
    // 99 → 0, 104 → 100; 40 (the most) at the top, 0 at the bottom.
    expect(curve.bids[1]).toMatchObject({ x: 0, y: 0 });
    expect(curve.bids[0]).toMatchObject({ x: 20, y: 75 });
    expect(curve.asks[2]).toMatchObject({ x: 100, y: 50 });
  });

  it('draws each side as a closed staircase on the baseline', () => {
    expect(curve.bidArea).toBe('M20,100V75H0V0V100Z');
    expect(curve.askArea).toBe('M40,100V87.5H60V62.5H100V50V100Z');
  });

  it('uses the grouped levels the ladder shows', () => {
    const grouped = depthCurve(
      buildLadder(
        book([level(1, 101, 5), level(2, 102, 10)], [level(1, 100, 10), level(2, 99, 30)]),
        5,
      ),
    )!;
    // Grouped by 5 ticks of 1, bids round down: 100 stays 100, 99 becomes 95.
    expect(grouped.bids.map((s) => [s.price, s.cumulative])).toEqual([
      [100, 10],
      [95, 40],
    ]);
  });

  it('has no curve without a priced level on each side', () => {
    expect(depthCurve(buildLadder(book([], [level(1, 100, 1)])))).toBeNull();
  });
});
