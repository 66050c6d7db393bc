import { describe, expect, it } from 'vitest';
import type { DepthLevel } from '../../../../shared/model';
import {
  BUCKETS_MS,
  bucketStart,
  buildColumn,
  cellAt,
  rowOf,
  rowPrice,
  sideCells,
  tickOf,
  volumeProfile,
} from './heatmap-model';
import { depthBook } from './testing/books';

const lv = (price: number | null, volume: number, level = 1): DepthLevel => ({
  level,
  price,
  volume,
  orders: volume,
});

describe('time buckets', () => {
  it('offers 100 ms to 1 min', () => {
    expect(BUCKETS_MS[0]).toBe(100);
    expect(BUCKETS_MS.at(-1)).toBe(60_000);
  });
  it('puts a time in the bucket that starts at or before it', () => {
    expect(bucketStart(1_000_099, 100)).toBe(1_000_000);
    expect(bucketStart(1_000_100, 100)).toBe(1_000_100);
    expect(bucketStart(119_999, 60_000)).toBe(60_000);
  });
  it('refuses a bucket that is not positive', () => {
    expect(() => bucketStart(5, 0)).toThrow(/positive/);
  });
});

describe('price grouping', () => {
  it('rows are multiples of the step, without float drift', () => {
    expect(rowOf(100.03, 0.01)).toBe(10_003);
    expect(rowPrice(10_003, 0.01)).toBe(100.03);
    expect(rowOf(84_467.5, 0.5)).toBe(168_935);
  });
  it('groups bids down and asks up into multiples of the tick', () => {
    const levels = [lv(100.04, 1), lv(100.03, 2), lv(100.01, 3), lv(99.99, 4)];
    const bids = sideCells(levels, 0.05, 'bid');
    // 100.04, 100.03, 100.01 → 100.00; 99.99 → 99.95.
    expect([...bids.rows]).toEqual([1999, 2000]);
    expect([...bids.sizes]).toEqual([4, 6]);
    const asks = sideCells([lv(100.01, 1), lv(100.05, 2), lv(100.06, 5)], 0.05, 'ask');
    // 100.01, 100.05 → 100.05; 100.06 → 100.10.
    expect([...asks.rows]).toEqual([2001, 2002]);
    expect([...asks.sizes]).toEqual([3, 5]);
  });
  it('drops empty levels and zero sizes', () => {
    const cells = sideCells([lv(null, 5), lv(100, 0), lv(99.99, 2)], 0.01, 'bid');
    expect([...cells.rows]).toEqual([9999]);
  });
});

describe('columns', () => {
  const b = depthBook(
    [
      [100.0, 5],
      [99.99, 3],
      [99.97, 1],
    ],
    [
      [100.01, 4],
      [100.02, 6],
    ],
  );
  it('hold the size per row by side, the best bid and ask and the largest cell', () => {
    const c = buildColumn(1_000, b, 0.01);
    expect(c.bestBid).toBe(10_000);
    expect(c.bestAsk).toBe(10_001);
    expect(c.max).toBe(6);
    expect(cellAt(c, 10_000)).toEqual({ bid: 5, ask: 0 });
    expect(cellAt(c, 10_002)).toEqual({ bid: 0, ask: 6 });
  });
  it('draw only what the book lists: a gap between levels and beyond them is empty', () => {
    const c = buildColumn(1_000, b, 0.01);
    // 99.98 sits between listed levels; 99.90 and 100.10 outside the book.
    expect(cellAt(c, 9_998)).toEqual({ bid: 0, ask: 0 });
    expect(cellAt(c, 9_990)).toEqual({ bid: 0, ask: 0 });
    expect(cellAt(c, 10_010)).toEqual({ bid: 0, ask: 0 });
    expect(c.bids.rows.length + c.asks.rows.length).toBe(5);
  });
  it('say a side is empty when the book has none', () => {
    const c = buildColumn(0, depthBook([], [[100.01, 1]]), 0.01);
    expect(c.bestBid).toBeNull();
    expect(c.bestAsk).toBe(10_001);
  });
});

describe('volume profile', () => {
  const trades = [
    { t: 100, price: 100.0, volume: 1 },
    { t: 200, price: 100.01, volume: 2 },
    { t: 300, price: 100.0, volume: 3 },
    { t: 400, price: 100.02, volume: 4 },
  ];
  it('sums the traded volume per row over the range only', () => {
    const p = volumeProfile(trades, 150, 400, 0.01);
    expect(p.rows).toEqual([10_000, 10_001]);
    expect(p.volumes).toEqual([3, 2]);
    expect(p.max).toBe(3);
  });
  it('groups rows like the cells', () => {
    const p = volumeProfile(trades, 0, 1_000, 0.05);
    expect(p.rows).toEqual([2_000]);
    expect(p.volumes).toEqual([10]);
  });
  it('is empty for a range without trades', () => {
    expect(volumeProfile(trades, 500, 900, 0.01)).toEqual({ rows: [], volumes: [], max: 0 });
  });
});

describe('the tick', () => {
  it('is told by the spread of a book of one level a side (the forex and index books)', () => {
    // EURUSD as the service sends it: one bid and one ask, a tick apart. Inferred from
    // its sides alone the tick was never known, and the pane waited for a book forever.
    const eurusd = depthBook([[1.12, 2_000_000]], [[1.12001, 1_500_000]]);
    expect(tickOf(eurusd, null)).toBe(0.00001);
    // Known already, a spread no finer keeps it; a finer one lowers it.
    expect(tickOf(depthBook([[1.12, 1]], [[1.12003, 1]]), 0.00001)).toBe(0.00001);
    expect(tickOf(depthBook([[100, 1]], [[100.05, 1]]), 0.1)).toBe(0.05);
  });
  it('takes the finer of the sides and the spread, and nothing from a crossed or one-sided book', () => {
    const b = depthBook(
      [
        [100.0, 5],
        [99.98, 3],
      ],
      [[100.01, 4]],
    );
    expect(tickOf(b, null)).toBe(0.01);
    expect(tickOf(depthBook([[100, 1]], [[99.99, 1]]), null)).toBeNull();
    expect(tickOf(depthBook([[100, 1]], []), null)).toBeNull();
    expect(tickOf(depthBook([[100, 1]], []), 0.01)).toBe(0.01);
  });
});
