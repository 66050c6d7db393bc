import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DataSourceId, DepthBook, Instrument, Quote } from '../../shared/model';
import { instrumentKey } from '../../shared/model';
import { loadSnapshots, saveSnapshots, type SnapshotKind, type SnapshotRecords } from './snapshots';
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

/** One instrument's snapshot saved, and read back, through the batch functions. */
function save<K extends SnapshotKind>(
  source: DataSourceId,
  kind: K,
  instrument: Instrument,
  record: SnapshotRecords[K],
  at: number,
): void {
  saveSnapshots(t.db, source, kind, [{ instrument, record, at }]);
}
const load = <K extends SnapshotKind>(source: DataSourceId, kind: K, instrument: Instrument) =>
  loadSnapshots(t.db, source, kind, [instrument]).get(instrumentKey(instrument)) ?? null;

describe('snapshots', () => {
  it('stores the last record per kind and instrument, with its time', () => {
    expect(load(DEMO, 'quote', aapl)).toBeNull();
    save(DEMO, 'quote', aapl, quote(1.5, 1000), 1000);
    const book: DepthBook = {
      symbol: 'AAPL.US',
      asks: [{ level: 1, price: 2, volume: 3, orders: 1 }],
      bids: [],
    };
    save(DEMO, 'depth', aapl, book, 1001);
    expect(load(DEMO, 'quote', aapl)).toEqual({ record: quote(1.5, 1000), at: 1000 });
    expect(load(DEMO, 'depth', aapl)).toEqual({ record: book, at: 1001 });
    save(DEMO, 'quote', aapl, quote(1.7, 2000), 2000);
    expect(load(DEMO, 'quote', aapl)?.record.last).toBe(1.7);
  });

  it('ignores an older snapshot arriving late', () => {
    save(DEMO, 'quote', aapl, quote(1.7, 2000), 2000);
    save(DEMO, 'quote', aapl, quote(1.5, 1000), 1000);
    expect(load(DEMO, 'quote', aapl)?.at).toBe(2000);
  });

  it('keeps one snapshot per source: a demo quote is never a live one, and back', () => {
    save(DEMO, 'quote', aapl, quote(215, 1000), 1000);
    expect(load(LIVE, 'quote', aapl)).toBeNull();
    expect(loadSnapshots(t.db, LIVE, 'quote', [aapl]).size).toBe(0);
    // An older live snapshot is not "older than" the demo one: each source keeps its own.
    save(LIVE, 'quote', aapl, quote(268, 500), 500);
    expect(load(LIVE, 'quote', aapl)).toEqual({ record: quote(268, 500), at: 500 });
    expect(load(DEMO, 'quote', aapl)?.record.last).toBe(215);
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
