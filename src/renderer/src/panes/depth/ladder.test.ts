import { describe, expect, it } from 'vitest';
import type { DepthBook, DepthLevel } from '../../../../shared/model';
import { MAX_SIZE_DECIMALS, buildLadder, groupSide, inferTick, noRecordedBookText } from './ladder';

const lv = (level: number, price: number | null, volume: number, orders = 1): DepthLevel => ({
  level,
  price,
  volume,
  orders,
});

const book: DepthBook = {
  symbol: 'AAPL',
  asks: [lv(1, 100.02, 10, 2), lv(2, 100.03, 5), lv(3, 100.07, 20, 4), lv(4, null, 0, 0)],
  bids: [lv(1, 100.0, 8, 3), lv(2, 99.99, 12), lv(3, 99.95, 4)],
};

describe('inferTick', () => {
  it('finds the smallest price step without float noise', () => {
    expect(inferTick(book)).toBe(0.01);
  });
  it('reads large prices without float noise', () => {
    const big: DepthBook = {
      symbol: 'BTCUSDT',
      asks: [lv(1, 82508.97, 1), lv(2, 82508.98, 1)],
      bids: [lv(1, 82508.96, 1), lv(2, 82508.95, 1)],
    };
    expect(inferTick(big)).toBe(0.01);
    const ladder = buildLadder(big);
    expect(ladder.decimals).toBe(2);
    expect(ladder.spread).toBe(0.01);
  });
  it('is null when no side has two prices', () => {
    expect(inferTick({ symbol: 'X', asks: [lv(1, 5, 1)], bids: [lv(1, 4, 1)] })).toBeNull();
  });
});

describe('buildLadder', () => {
  it('keeps levels as they are at 1× with cumulative sizes and empty rows', () => {
    const ladder = buildLadder(book, 1);
    expect(ladder.asks.map((r) => r.cumulative)).toEqual([10, 15, 35, 0]);
    expect(ladder.asks[3]!.price).toBeNull();
    expect(ladder.bids.map((r) => r.cumulative)).toEqual([8, 20, 24]);
    expect(ladder.maxCumulative).toBe(35);
  });
  it('computes spread, mid and bps', () => {
    const ladder = buildLadder(book, 1);
    expect(ladder.spread).toBe(0.02);
    expect(ladder.mid).toBe(100.01);
    expect(ladder.spreadBps).toBeCloseTo(1.9998, 3);
    expect(ladder.decimals).toBe(2);
  });
  it('groups asks up and bids down into tick multiples', () => {
    const ladder = buildLadder(book, 5);
    expect(ladder.asks).toEqual([
      { price: 100.05, volume: 15, orders: 3, cumulative: 15 },
      { price: 100.1, volume: 20, orders: 4, cumulative: 35 },
    ]);
    expect(ladder.bids).toEqual([
      { price: 100, volume: 8, orders: 3, cumulative: 8 },
      { price: 99.95, volume: 16, orders: 2, cumulative: 24 },
    ]);
  });
  it('keeps two decimals for a coarse tick', () => {
    const hk: DepthBook = {
      symbol: '700',
      asks: [lv(1, 378, 1), lv(2, 378.2, 1)],
      bids: [lv(1, 377.8, 1), lv(2, 377.6, 1)],
    };
    const ladder = buildLadder(hk, 5);
    expect(ladder.tick).toBe(0.2);
    expect(ladder.decimals).toBe(2);
    expect(ladder.asks.map((r) => r.price)).toEqual([378, 379]);
    expect(ladder.bids.map((r) => r.price)).toEqual([377]);
  });
  it('handles an empty book', () => {
    const ladder = buildLadder({ symbol: 'X', asks: [], bids: [] }, 10);
    expect(ladder.spread).toBeNull();
    expect(ladder.asks).toEqual([]);
  });
  it('groups fractional crypto sizes', () => {
    const rows = groupSide([lv(1, 64000.5, 0.25), lv(2, 64000.7, 0.125)], 1, 'ask');
    expect(rows).toEqual([{ price: 64001, volume: 0.375, orders: 2, cumulative: 0.375 }]);
  });
  it('shows every size of a book with the same decimals, so they line up', () => {
    const btc: DepthBook = {
      symbol: 'BTCUSDT',
      asks: [lv(1, 82419.01, 0.217), lv(1, 82419.02, 0.3827)],
      bids: [lv(1, 82419, 0.66), lv(1, 82418.99, 0.1 + 0.2)],
    };
    expect(buildLadder(btc, 1).sizeDecimals).toBe(4);
    expect(buildLadder(book, 1).sizeDecimals).toBe(0);
    const tiny: DepthBook = { symbol: 'X', asks: [lv(1, 1, 1e-12)], bids: [] };
    expect(buildLadder(tiny, 1).sizeDecimals).toBe(MAX_SIZE_DECIMALS);
  });
});

describe('noRecordedBookText', () => {
  const empty: DepthBook = { symbol: 'BTCUSDT', asks: [], bids: [] };
  it('says a replayed empty book is none recorded then, not an empty book to draw', () => {
    // The replay answers an empty book where its recording has none at that time (a
    // stale one: core/replay/player.ts); drawn, it read as the exchange's book emptied.
    expect(noRecordedBookText(empty, true, 'BTCUSDT')).toBe(
      'No order book of BTCUSDT in the recording at this time: none was being recorded then.',
    );
    const unpriced: DepthBook = { symbol: 'BTCUSDT', asks: [lv(1, null, 0, 0)], bids: [] };
    expect(noRecordedBookText(unpriced, true, 'BTCUSDT')).toMatch(/^No order book of BTCUSDT/);
  });
  it('draws every book with a priced level, and live books as the service gives them', () => {
    expect(noRecordedBookText(book, true, 'AAPL')).toBeNull();
    const oneSided: DepthBook = { symbol: 'AAPL', asks: [], bids: [lv(1, 100, 1)] };
    expect(noRecordedBookText(oneSided, true, 'AAPL')).toBeNull();
    expect(noRecordedBookText(empty, false, 'BTCUSDT')).toBeNull();
    expect(noRecordedBookText(null, true, 'BTCUSDT')).toBeNull();
  });
});
