import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DepthBook, Instrument, Quote } from '../../shared/model';
import { loadSnapshot, loadSnapshots, saveSnapshot, saveSnapshots } from './snapshots';
import { DEMO, LIVE, tempCache } from './testing/fixtures';

let t: ReturnType<typeof tempCache>;
beforeEach(() => {
  t = tempCache();
});
afterEach(() => t.dispose());

const aapl: Instrument = { class: 'stock', region: 'US', exchange: '', code: 'AAPL' };
const btc: Instrument = { class: 'crypto', region: 'BA', exchange: '', code: 'BTCUSDT' };
const quote = (last: number, time: number): Quote => ({
  symbol: 'AAPL.US',
  last,
  open: 1,
  prevClose: 1,
  high: 2,
  low: 0.5,
  time,
  volume: 10,
  turnover: 20,
  status: 0,
  change: last - 1,
  changePercent: (last - 1) * 100,
});

describe('snapshots', () => {
  it('stores the last record per kind and instrument, with its time', () => {
    expect(loadSnapshot(t.db, DEMO, 'quote', aapl)).toBeNull();
    saveSnapshot(t.db, DEMO, 'quote', aapl, quote(1.5, 1000), 1000);
    const book: DepthBook = {
      symbol: 'AAPL.US',
      asks: [{ level: 1, price: 2, volume: 3, orders: 1 }],
      bids: [],
    };
    saveSnapshot(t.db, DEMO, 'depth', aapl, book, 1001);
    expect(loadSnapshot(t.db, DEMO, 'quote', aapl)).toEqual({ record: quote(1.5, 1000), at: 1000 });
    expect(loadSnapshot(t.db, DEMO, 'depth', aapl)).toEqual({ record: book, at: 1001 });
    saveSnapshot(t.db, DEMO, 'quote', aapl, quote(1.7, 2000), 2000);
    expect(loadSnapshot(t.db, DEMO, 'quote', aapl)?.record.last).toBe(1.7);
  });

  it('ignores an older snapshot arriving late', () => {
    saveSnapshot(t.db, DEMO, 'quote', aapl, quote(1.7, 2000), 2000);
    saveSnapshot(t.db, DEMO, 'quote', aapl, quote(1.5, 1000), 1000);
    expect(loadSnapshot(t.db, DEMO, 'quote', aapl)?.at).toBe(2000);
  });

  it('keeps one snapshot per source: a demo quote is never a live one, and back', () => {
    saveSnapshot(t.db, DEMO, 'quote', aapl, quote(215, 1000), 1000);
    expect(loadSnapshot(t.db, LIVE, 'quote', aapl)).toBeNull();
    expect(loadSnapshots(t.db, LIVE, 'quote', [aapl]).size).toBe(0);
    // An older live snapshot is not "older than" the demo one: each source keeps its own.
    saveSnapshot(t.db, LIVE, 'quote', aapl, quote(268, 500), 500);
    expect(loadSnapshot(t.db, LIVE, 'quote', aapl)).toEqual({ record: quote(268, 500), at: 500 });
    expect(loadSnapshot(t.db, DEMO, 'quote', aapl)?.record.last).toBe(215);
    saveSnapshots(t.db, LIVE, 'quote', [{ instrument: btc, record: quote(9, 9), at: 9 }]);
    expect([...loadSnapshots(t.db, DEMO, 'quote', [aapl, btc]).keys()]).toEqual(['stock:US::AAPL']);
  });

  it('saves and loads in batches', () => {
    saveSnapshots(t.db, DEMO, 'quote', [
      { instrument: aapl, record: quote(1, 1), at: 1 },
      { instrument: btc, record: { ...quote(2, 2), symbol: 'BTCUSDT' }, at: 2 },
    ]);
    const got = loadSnapshots(t.db, DEMO, 'quote', [aapl, btc, { ...aapl, code: 'NONE' }]);
    expect([...got.keys()]).toEqual(['stock:US::AAPL', 'crypto:BA::BTCUSDT']);
    expect(got.get('crypto:BA::BTCUSDT')?.record.last).toBe(2);
  });
});
