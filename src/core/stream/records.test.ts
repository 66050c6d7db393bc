import { describe, expect, it } from 'vitest';
import { readDepth, readQuote, readTick } from '../api/normalise-market';
import { PushReader } from './records';

const STOCK = {
  s: 'AAPL.US',
  ld: 190.5,
  o: 188,
  p: 187,
  h: 191,
  l: 187.5,
  t: 1_763_478_000_000,
  v: 1000,
  tu: 190_500,
  ts: 0,
  ch: 3.5,
  chp: 1.8717,
  type: 'quote',
};
const CRYPTO = {
  s: 'BTCUSDT',
  ld: 100_000,
  o: 99_000,
  h: 100_500,
  l: 98_800,
  t: 1_763_478_000_000,
  v: 12.5,
  tu: 1_250_000,
  ts: 0,
  type: 'quote',
};

describe('pushed records', () => {
  it('are what the REST normalisers make of the same record, named by the held code', () => {
    const reader = new PushReader('stock');
    const rest = { ...STOCK, s: 'AAPL' };
    expect(reader.read('AAPL$US', 'AAPL', 'quote', STOCK)).toEqual({
      type: 'quote',
      quote: readQuote(rest, 'AAPL', false),
    });
    const depth = {
      s: '700.HK',
      a: [{ po: 1, p: 380.2, v: 400, o: 3 }],
      b: [{ po: 1, p: 380, v: 100, o: 1 }],
    };
    expect(reader.read('700$HK', '700', 'depth', depth)).toEqual({
      type: 'depth',
      depth: readDepth({ ...depth, s: '700' }, '700'),
    });
    const tick = { s: 'ETH_USDT', ld: 3000, t: 1, v: 0.5, tu: 1500, ts: 0 };
    expect(new PushReader('crypto').read('ETHUSDT$BA', 'ETHUSDT', 'tick', tick)).toEqual({
      type: 'tick',
      tick: readTick({ ...tick, s: 'ETHUSDT' }, 'ETHUSDT'),
    });
  });

  it('throws on an unreadable record, as REST refuses it', () => {
    const reader = new PushReader('stock');
    expect(() => reader.read('AAPL$US', 'AAPL', 'quote', { ...STOCK, ld: 'abc' })).toThrow();
    // Only crypto quotes may lack o/h/l.
    const { o: _o, ...noOpen } = STOCK;
    expect(() => reader.read('AAPL$US', 'AAPL', 'quote', noOpen)).toThrow();
  });

  it('completes a crypto quote without o/h/l from the last whole one of the same UTC day', () => {
    const reader = new PushReader('crypto');
    const { o: _o, h: _h, l: _l, ...bare } = CRYPTO;
    expect(reader.read('BTCUSDT$BA', 'BTCUSDT', 'quote', bare)).toBe('incomplete');
    reader.read('BTCUSDT$BA', 'BTCUSDT', 'quote', CRYPTO);
    const higher = reader.read('BTCUSDT$BA', 'BTCUSDT', 'quote', {
      ...bare,
      ld: 101_000,
      t: CRYPTO.t + 1000,
    });
    expect(higher).toMatchObject({
      quote: { open: 99_000, high: 101_000, low: 98_800, last: 101_000 },
    });
    const lower = reader.read('BTCUSDT$BA', 'BTCUSDT', 'quote', {
      ...bare,
      ld: 98_000,
      t: CRYPTO.t + 2000,
    });
    // Completed from the completed one before it: the high it reached stays.
    expect(lower).toMatchObject({ quote: { open: 99_000, high: 101_000, low: 98_000 } });
    // The next UTC day opens afresh: nothing to complete from.
    expect(
      reader.read('BTCUSDT$BA', 'BTCUSDT', 'quote', { ...bare, t: CRYPTO.t + 86_400_000 }),
    ).toBe('incomplete');
  });

  it('takes a REST quote as the base of completion', () => {
    const reader = new PushReader('crypto');
    reader.seed('BTCUSDT$BA', readQuote({ ...CRYPTO, s: 'BTCUSDT' }, 'BTCUSDT', true));
    const { o: _o, h: _h, l: _l, ...bare } = CRYPTO;
    expect(reader.read('BTCUSDT$BA', 'BTCUSDT', 'quote', bare)).toMatchObject({
      quote: { open: 99_000, high: 100_500, low: 98_800, prevClose: null, change: null },
    });
    reader.forget('BTCUSDT$BA');
    expect(reader.read('BTCUSDT$BA', 'BTCUSDT', 'quote', bare)).toBe('incomplete');
  });
});
