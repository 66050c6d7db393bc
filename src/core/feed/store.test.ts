/**
 * The SQLite store the hub writes through: snapshots, candles with the spans and
 * freshness the history service reads, and the newest news page.
 */
import { afterEach, describe, expect, it } from 'vitest';
import {
  instrumentKey,
  type DataSourceId,
  type NewsItem,
  type SeriesKey,
} from '../../shared/model';
import { HistoryService } from '../cache';
import { DEMO, LIVE, tempCache } from '../cache/testing/fixtures';
import { cacheFeedStore, requireSource } from './store';
import { quote } from './testing/fake-client';

const caches: { dispose(): void }[] = [];
afterEach(() => caches.splice(0).forEach((c) => c.dispose()));

function store() {
  const cache = tempCache();
  caches.push(cache);
  let writes = 0;
  const current = { source: DEMO };
  return {
    db: cache.db,
    store: cacheFeedStore(cache.db, () => current.source, { afterWrite: () => writes++ }),
    writes: () => writes,
    /** Plays MarketLink switching the hub's client to another source. */
    switchTo: (source: DataSourceId) => (current.source = source),
  };
}

const series: SeriesKey = { class: 'stock', region: 'US', exchange: '', code: 'AAPL', kType: 1 };
const T = Date.UTC(2026, 10, 18, 15, 0);
/** A stock news item published at T. */
const newsItem = (title: string): NewsItem => ({
  id: 'n1',
  title,
  publishedAt: T,
  market: 'stock',
  language: 'en',
  link: 'https://x.example',
  provider: 'p',
});
const candle = (time: number, close: number) => ({
  time,
  open: 1,
  high: 2,
  low: 0.5,
  close,
  volume: 1,
  turnover: 1,
});

describe('cacheFeedStore', () => {
  it('saves and loads snapshots by instrument', () => {
    const { store: s, writes } = store();
    const aapl = { class: 'stock', region: 'US', exchange: '', code: 'AAPL' } as const;
    s.saveSnapshots('quote', [{ instrument: aapl, record: quote('AAPL', 1), at: T }]);
    const got = s.loadSnapshots('quote', [aapl, { ...aapl, code: 'MSFT' }]);
    expect([...got.keys()]).toEqual([instrumentKey(aapl)]);
    expect(got.get(instrumentKey(aapl))).toEqual({ record: quote('AAPL', 1), at: T });
    expect(writes()).toBe(1);
  });

  it('merges the newest candles so the history service sees a fresh, complete head', async () => {
    const { db, store: s } = store();
    s.saveCandles(series, [candle(T - 120_000, 1), candle(T - 60_000, 2), candle(T, 3)], T + 5000);
    s.saveCandles(series, [candle(T - 60_000, 2), candle(T, 4)], T + 7000);
    expect(s.loadCandles(series, 3)).toEqual({
      record: [candle(T - 120_000, 1), candle(T - 60_000, 2), candle(T, 4)],
      at: T + 7000,
    });
    // No source at all: the history service answers from what the hub wrote.
    const history = new HistoryService({ db, sourceId: DEMO, now: () => T + 8000 });
    const answer = await history.loadCandles(series, { limit: 3 });
    expect(answer.candles.map((c) => c.close)).toEqual([1, 2, 4]);
    expect(answer.asOf).toBe(T + 7000);
    history.dispose();
  });

  it('reads and writes the current source only: demo rows never reach a live pane, and back', () => {
    const { store: s, switchTo } = store();
    const aapl = { class: 'stock', region: 'US', exchange: '', code: 'AAPL' } as const;
    const feed = { market: 'stock', lang: 'en' };
    const item = newsItem('demo headline');
    s.saveSnapshots('quote', [{ instrument: aapl, record: quote('AAPL', 215), at: T }]);
    s.saveCandles(series, [candle(T, 215)], T + 1000);
    s.saveNews(feed, { items: [item], nextCursor: null, hasMore: false, count: 1 }, T);
    switchTo(LIVE);
    // A live first paint finds nothing cached: no demo price is painted as live.
    expect(s.loadSnapshots('quote', [aapl]).size).toBe(0);
    expect(s.loadCandles(series, 10)).toBeNull();
    expect(s.loadNews(feed, 10)).toBeNull();
    s.saveSnapshots('quote', [{ instrument: aapl, record: quote('AAPL', 268), at: T + 5 }]);
    s.saveCandles(series, [candle(T, 268)], T + 6000);
    expect(s.loadSnapshots('quote', [aapl]).get(instrumentKey(aapl))?.record).toEqual(
      quote('AAPL', 268),
    );
    expect(s.loadCandles(series, 10)?.record.map((c) => c.close)).toEqual([268]);
    switchTo(DEMO);
    expect(s.loadSnapshots('quote', [aapl]).get(instrumentKey(aapl))?.record).toEqual(
      quote('AAPL', 215),
    );
    expect(s.loadCandles(series, 10)).toEqual({ record: [candle(T, 215)], at: T + 1000 });
    expect(s.loadNews(feed, 10)?.record).toEqual([item]);
  });

  it('refuses to build over a cache without a source', () => {
    expect(() => requireSource(undefined)).toThrow(/needs the source of its rows/);
  });

  it('keeps the newest news page with its cursor', () => {
    const { store: s } = store();
    const feed = { market: 'stock', lang: 'en' };
    const item = newsItem('t');
    s.saveNews(feed, { items: [item], nextCursor: 'c1', hasMore: true, count: 1 }, T + 1);
    expect(s.loadNews(feed, 10)).toEqual({ record: [item], at: T + 1 });
    expect(s.loadNews({ market: 'crypto', lang: 'en' }, 10)).toBeNull();
  });
});
