import { describe, expect, it } from 'vitest';
import type { DepthBook, Quote, Tick } from '../../shared/model';
import { seededRandom } from '../cache/testing/seeded-random';
import {
  ByteReader,
  ByteWriter,
  decimalsOf,
  decodeDepthDelta,
  decodeDepthKey,
  decodeQuote,
  decodeTick,
  deltaFits,
  encodeDepthDelta,
  encodeDepthKey,
  encodeQuote,
  encodeTick,
} from './codec';
import { BookWalk } from './testing/books';

const w = new ByteWriter();

const quote: Quote = {
  symbol: 'AAPL.US',
  last: 187.43,
  open: 186.1,
  prevClose: 185.99,
  high: 188.02,
  low: 185.5,
  time: 1_764_000_000_123,
  volume: 51_234_567,
  turnover: 9_581_234_567.25,
  status: 0,
  change: 1.44,
  changePercent: 0.7742,
};

describe('recording codec', () => {
  it('writes varints of any safe size and reads them back', () => {
    const values = [
      0,
      1,
      -1,
      63,
      -64,
      127,
      128,
      300,
      -300,
      2 ** 31,
      -(2 ** 31) - 5,
      2 ** 52 - 1,
      -(2 ** 52),
    ];
    for (const v of values) w.varint(v);
    w.float64(Math.PI);
    w.string('ETH_USDT ✓');
    const r = new ByteReader(w.take());
    expect(values.map(() => r.varint())).toEqual(values);
    expect(r.float64()).toBe(Math.PI);
    expect(r.string()).toBe('ETH_USDT ✓');
    expect(r.done).toBe(true);
  });

  it('finds the fewest decimals that hold a value exactly, and none for a float tail', () => {
    expect(decimalsOf(187)).toBe(0);
    expect(decimalsOf(187.4)).toBe(1);
    expect(decimalsOf(0.00012345)).toBe(8);
    expect(decimalsOf(0.1 + 0.2)).toBe(0x0f);
    expect(decimalsOf(Number.NaN)).toBe(0x0f);
  });

  it('round-trips a quote (with and without the crypto nulls) and a tick', () => {
    expect(decodeQuote(encodeQuote(w, quote), quote.time)).toEqual(quote);
    const crypto: Quote = {
      ...quote,
      symbol: 'BTCUSDT',
      prevClose: null,
      change: null,
      changePercent: null,
      last: 0.1 + 0.2,
    };
    expect(decodeQuote(encodeQuote(w, crypto), crypto.time)).toEqual(crypto);
    const tick: Tick = {
      symbol: 'ETH_USDT',
      last: 3012.57,
      time: 5,
      volume: 0.0153,
      turnover: 46.09,
      status: 0,
    };
    expect(decodeTick(encodeTick(w, tick), 5)).toEqual(tick);
  });

  it('refuses a truncated payload rather than inventing numbers', () => {
    const bytes = encodeQuote(w, quote);
    expect(() => decodeQuote(bytes.subarray(0, bytes.length - 2), 0)).toThrow(/truncated/);
  });

  it('round-trips whole books and deltas of a long seeded walk, exactly', () => {
    const random = seededRandom(7);
    const walk = new BookWalk(random, 'BTCUSDT');
    let prev: DepthBook | null = null;
    let deltas = 0;
    for (let i = 0; i < 2000; i++) {
      const book = walk.next();
      expect(decodeDepthKey(encodeDepthKey(w, book))).toEqual(book);
      if (prev && deltaFits(prev, book)) {
        expect(decodeDepthDelta(encodeDepthDelta(w, prev, book), prev)).toEqual(book);
        deltas++;
      }
      prev = book;
    }
    expect(deltas).toBeGreaterThan(1500);
  });

  it('keeps unusual books whole: odd level numbers, empty levels, fractional orders, float tails', () => {
    const book: DepthBook = {
      symbol: 'ES',
      asks: [
        { level: 1, price: null, volume: 0, orders: 0 },
        { level: 3, price: 4500.25, volume: 0.5, orders: 0.5 },
      ],
      bids: [{ level: 1, price: 0.1 + 0.2, volume: 12, orders: 3 }],
    };
    expect(decodeDepthKey(encodeDepthKey(w, book))).toEqual(book);
    const next = {
      ...book,
      asks: [book.asks[0]!, { level: 2, price: 4500.5, volume: 7, orders: 1 }],
    };
    expect(decodeDepthDelta(encodeDepthDelta(w, book, next), book)).toEqual(next);
  });

  it('is compact: a 10-level book well under its JSON, a delta a fraction of a whole book', () => {
    const random = seededRandom(11);
    const walk = new BookWalk(random, 'AAPL');
    let prev = walk.next();
    let key = 0;
    let delta = 0;
    let json = 0;
    let n = 0;
    for (let i = 0; i < 500; i++) {
      const book = walk.next();
      if (!deltaFits(prev, book)) {
        prev = book;
        continue;
      }
      key += encodeDepthKey(w, book).length;
      delta += encodeDepthDelta(w, prev, book).length;
      json += JSON.stringify(book).length;
      prev = book;
      n++;
    }
    expect(key / n).toBeLessThan(json / n / 5);
    expect(delta / n).toBeLessThan(key / n / 2.5);
  });
});
