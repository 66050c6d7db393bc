import { describe, expect, it } from 'vitest';
import { readCandles, readDepth, readQuote, readTick } from './normalise-market';
import { issueOf } from './test-helpers';
import {
  cryptoDepthBTC,
  cryptoQuoteBTC,
  cryptoTickBTC,
  fundDepthSPY,
  futureDepthNQ,
  klinesAAPL,
  stockDepthAAPL,
  stockQuoteAAPL,
} from './fixtures/samples';

describe('readQuote', () => {
  it('maps the stock sample field by field', () => {
    expect(readQuote(stockQuoteAAPL, 'AAPL', false)).toEqual({
      symbol: 'AAPL',
      last: 225.215,
      open: 226.27,
      prevClose: 226.4,
      high: 226.92,
      low: 224.44,
      time: 1731689407000,
      volume: 16742235,
      turnover: 3786251570,
      status: 0,
      change: -1.185,
      changePercent: -0.52,
    });
  });

  it('gives crypto quotes null prevClose, change and changePercent', () => {
    const q = readQuote(cryptoQuoteBTC, 'BTCUSDT', true);
    expect(q.prevClose).toBeNull();
    expect(q.change).toBeNull();
    expect(q.changePercent).toBeNull();
    expect(q.last).toBe(90523.11);
  });

  it('accepts numeric strings and derives ch/chp from p when absent', () => {
    const { ch: _ch, chp: _chp, ...rest } = stockQuoteAAPL;
    const q = readQuote({ ...rest, ld: '110', p: '100' }, 'AAPL', false);
    expect(q.last).toBe(110);
    expect(q.change).toBe(10);
    expect(q.changePercent).toBeCloseTo(10);
  });

  it('falls back to the requested code when s is absent', () => {
    const { s: _s, ...rest } = stockQuoteAAPL;
    expect(readQuote(rest, 'AAPL', false).symbol).toBe('AAPL');
  });

  it.each([
    ['abc', '"abc"'],
    [null, 'null'],
    ['', '""'],
    [{}, 'an object'],
    [true, 'true'],
  ])('rejects ld = %j naming the field', (ld, shown) => {
    const issue = issueOf(() => readQuote({ ...stockQuoteAAPL, ld }, 'AAPL', false));
    expect(issue.field).toBe('ld');
    expect(issue.problem).toBe(`must be a number, got ${shown}`);
  });

  it('rejects Infinity (1e999 in JSON) and a missing field', () => {
    const inf = JSON.parse('{"v": 1e999}') as { v: number };
    expect(issueOf(() => readQuote({ ...stockQuoteAAPL, v: inf.v }, 'X', false)).field).toBe('v');
    const { tu: _tu, ...noTu } = stockQuoteAAPL;
    expect(issueOf(() => readQuote(noTu, 'X', false)).problem).toBe(
      'must be a number, got nothing',
    );
  });
});

describe('readDepth', () => {
  it('maps the stock sample', () => {
    const book = readDepth(stockDepthAAPL, 'AAPL');
    expect(book.symbol).toBe('AAPL');
    expect(book.asks[0]).toEqual({ level: 1, price: 225.22, volume: 300, orders: 3 });
    expect(book.asks[1]).toEqual({ level: 2, price: 225.25, volume: 0, orders: 0 });
    expect(book.bids.map((l) => l.price)).toEqual([225.2, 225.18]);
  });

  it('keeps fractional crypto order counts', () => {
    expect(readDepth(cryptoDepthBTC, 'BTCUSDT').asks[0]!.orders).toBe(0.5421);
  });

  it('reads an absent p (future) as an empty level', () => {
    const book = readDepth(futureDepthNQ, 'NQ');
    expect(book.asks[1]).toEqual({ level: 2, price: null, volume: 0, orders: 0 });
    expect(book.bids[0]!.price).toBeNull();
  });

  it('reads p 0 (fund, indices) as an empty level', () => {
    const book = readDepth(fundDepthSPY, 'SPY');
    expect(book.asks.map((l) => l.price)).toEqual([null, 590.12]);
    expect(book.bids[0]!.price).toBeNull();
  });

  it('orders levels by po and numbers them by position when po is absent', () => {
    const book = readDepth(
      {
        s: 'X',
        a: [
          { po: 2, p: 2, v: 1, o: 1 },
          { po: 1, p: 1, v: 1, o: 1 },
        ],
        b: [{ p: 5, v: 1, o: 1 }],
      },
      'X',
    );
    expect(book.asks.map((l) => l.level)).toEqual([1, 2]);
    expect(book.bids[0]!.level).toBe(1);
  });

  it('treats a missing side as empty and names a bad level field', () => {
    expect(readDepth({ s: 'X' }, 'X')).toEqual({ symbol: 'X', asks: [], bids: [] });
    const bad = {
      s: 'X',
      a: [
        { po: 1, p: 1, v: 1, o: 1 },
        { po: 2, p: 'x', v: 1, o: 1 },
      ],
    };
    expect(issueOf(() => readDepth(bad, 'X')).field).toBe('a[1].p');
  });
});

describe('readCandles', () => {
  const candle = (t: number, c = 1) => ({ t, o: 1, h: 2, l: 0.5, c, v: 10, tu: 10 });

  it('maps the sample', () => {
    expect(readCandles(klinesAAPL)).toEqual([
      {
        time: 1731628800000,
        open: 226.4,
        high: 226.92,
        low: 224.27,
        close: 225,
        volume: 47923696,
        turnover: 10783543872,
      },
      {
        time: 1731715200000,
        open: 225,
        high: 228.87,
        low: 224.18,
        close: 228.22,
        volume: 44686020,
        turnover: 10179447312,
      },
    ]);
  });

  it('sorts a descending or shuffled series ascending', () => {
    expect(readCandles([candle(3), candle(1), candle(2)]).map((c) => c.time)).toEqual([1, 2, 3]);
    expect(readCandles([candle(3), candle(2), candle(1)]).map((c) => c.time)).toEqual([1, 2, 3]);
  });

  it('removes duplicate times, keeping the last in wire order', () => {
    const out = readCandles([
      candle(1, 10),
      candle(2, 20),
      candle(1, 11),
      candle(2, 21),
      candle(2, 22),
    ]);
    expect(out.map((c) => [c.time, c.close])).toEqual([
      [1, 11],
      [2, 22],
    ]);
  });

  it('keeps only the latest `limit` candles', () => {
    expect(readCandles([candle(1), candle(2), candle(3)], 2).map((c) => c.time)).toEqual([2, 3]);
  });

  it('names the index and field of a bad candle', () => {
    const issue = issueOf(() => readCandles([candle(1), { ...candle(2), c: 'NaN' }]));
    expect(issue.field).toBe('[1].c');
    expect(issue.problem).toBe('must be a number, got "NaN"');
    expect(issueOf(() => readCandles({})).field).toBe('(series)');
  });
});

describe('readTick', () => {
  it('maps the sample', () => {
    expect(readTick(cryptoTickBTC, 'BTCUSDT')).toEqual({
      symbol: 'BTCUSDT',
      last: 90523.11,
      time: 1731689407123,
      volume: 0.0123,
      turnover: 1113.43,
      status: 0,
    });
  });
});
