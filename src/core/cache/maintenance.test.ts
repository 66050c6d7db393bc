import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DataSourceId } from '../../shared/model';
import { countCandles, readNewestCandles, seriesId, upsertCandles } from './candles';
import { addSpan, coveredSince } from './candle-spans';
import { exportCandles } from './export-candles';
import { clear, enforceBudget, prune, stats, usedBytes } from './maintenance';
import { readNewestNews, saveNewsPage } from './news';
import { UNKNOWN_SOURCE } from './migrations';
import { saveSnapshots } from './snapshots';
import { DEMO, LIVE, candles, newsItem, series, tempCache } from './testing/fixtures';

let t: ReturnType<typeof tempCache>;
beforeEach(() => {
  t = tempCache();
});
afterEach(() => t.dispose());

const btc = { class: 'crypto', region: 'BA', exchange: '', code: 'BTC' } as const;
const btcTick = { symbol: 'BTC', last: 1, time: 7, volume: 1, turnover: 1, status: 0 };

const feed = { market: 'stock', lang: 'en' };
const D = 86_400_000;

function fill() {
  for (let s = 0; s < 5; s++) upsertCandles(t.db, DEMO, series(1, `I${s}`), candles(0, 4000));
  upsertCandles(t.db, DEMO, series(8, 'DAILY'), candles(0, 2000, 8));
  const items = Array.from({ length: 2000 }, (_, i) => newsItem(i + 1));
  saveNewsPage(t.db, DEMO, feed, null, { items, nextCursor: null, hasMore: false, count: 2000 }, 1);
}

describe('stats', () => {
  it('reports sizes, rows and time spans', () => {
    upsertCandles(t.db, DEMO, series(), candles(1000, 10));
    upsertCandles(t.db, DEMO, series(2), []);
    saveNewsPage(
      t.db,
      DEMO,
      feed,
      null,
      { items: [newsItem(1), newsItem(2)], nextCursor: 'x', hasMore: true, count: 2 },
      5,
    );
    saveSnapshots(t.db, DEMO, 'tick', [{ instrument: btc, record: btcTick, at: 7 }]);
    const s = stats(t.db);
    expect(s.rows).toEqual({ series: 1, candles: 10, newsItems: 2, newsPages: 1, snapshots: 1 });
    expect(s.seriesWithCandles).toBe(1);
    expect(s.candles).toEqual({ oldest: 1000, newest: 1000 + 9 * 60_000 });
    expect(s.news).toEqual({ oldest: newsItem(1).publishedAt, newest: newsItem(2).publishedAt });
    expect(s.snapshots).toEqual({ oldest: 7, newest: 7 });
    expect(s.fileBytes).toBeGreaterThan(0);
    expect(s.usedBytes).toBeGreaterThan(0);
    expect(s.path).toBe(t.file);
  });

  it('counts rows per source, unknown origin included', () => {
    upsertCandles(t.db, DEMO, series(), candles(0, 4));
    upsertCandles(t.db, LIVE, series(), candles(0, 2));
    upsertCandles(t.db, LIVE, series(2), candles(0, 3, 2));
    saveNewsPage(
      t.db,
      LIVE,
      feed,
      null,
      { items: [newsItem(1)], nextCursor: null, hasMore: false, count: 1 },
      1,
    );
    fillUnknown();
    expect(stats(t.db).sources).toEqual([
      { source: DEMO, series: 1, candles: 4, newsItems: 0, newsPages: 0, snapshots: 0 },
      { source: LIVE, series: 2, candles: 5, newsItems: 1, newsPages: 1, snapshots: 0 },
      {
        source: UNKNOWN_SOURCE,
        series: 1,
        candles: 100,
        newsItems: 50,
        newsPages: 1,
        snapshots: 1,
      },
    ]);
  });
});

/**
 * Rows as migration 4 leaves those cached before sources were recorded. Written through
 * the domain functions with the cast no real caller can make: UNKNOWN_SOURCE is not a
 * DataSourceId, so nothing outside this test can read or write it.
 */
function fillUnknown() {
  const unknown = UNKNOWN_SOURCE as unknown as DataSourceId;
  upsertCandles(t.db, unknown, series(1, 'OLD'), candles(0, 100));
  const items = Array.from({ length: 50 }, (_, i) => newsItem(i + 1));
  saveNewsPage(
    t.db,
    unknown,
    feed,
    null,
    { items, nextCursor: null, hasMore: false, count: 50 },
    1,
  );
  saveSnapshots(t.db, unknown, 'tick', [{ instrument: btc, record: btcTick, at: 7 }]);
}

describe('prune', () => {
  it('drops every row of unknown origin first, before any candle or news of a real source', () => {
    fill();
    fillUnknown();
    // Just over budget: the unknown rows alone bring it under.
    const r = prune(t.db, usedBytes(t.db) - 1);
    expect(r.deleted).toEqual({
      unknownSource: 100 + 50 + 1,
      intradayCandles: 0,
      newsItems: 0,
      dailyCandles: 0,
    });
    expect(stats(t.db).sources.map((s) => s.source)).toEqual([DEMO]);
    expect(countCandles(t.db, DEMO, series(1, 'I0'))).toBe(4000);
  });

  it('keeps the rows of unknown origin while under budget', () => {
    fillUnknown();
    expect(prune(t.db, 1024 ** 3).deleted.unknownSource).toBe(0);
    expect(stats(t.db).sources.map((s) => s.source)).toEqual([UNKNOWN_SOURCE]);
  });

  it('does nothing under budget', () => {
    fill();
    const r = prune(t.db, 1024 ** 3);
    expect(r.deleted).toEqual({
      unknownSource: 0,
      intradayCandles: 0,
      newsItems: 0,
      dailyCandles: 0,
    });
  });

  it('drops the oldest intraday candles first, keeping news and daily candles', () => {
    fill();
    const before = usedBytes(t.db);
    const r = prune(t.db, Math.floor(before * 0.7));
    expect(r.usedBytesAfter).toBeLessThanOrEqual(r.budgetBytes);
    expect(r.deleted.intradayCandles).toBeGreaterThan(0);
    expect(r.deleted).toMatchObject({ unknownSource: 0, newsItems: 0, dailyCandles: 0 });
    expect(countCandles(t.db, DEMO, series(8, 'DAILY'))).toBe(2000);
    // What is left of a series is its newest part.
    const left = readNewestCandles(t.db, DEMO, series(1, 'I0'), 10_000);
    expect(left.at(-1)!.time).toBe(3999 * 60_000);
    expect(left.length).toBeLessThan(4000);
  });

  it('then the oldest news, then daily candles as a last resort', () => {
    fill();
    const r = prune(t.db, 0);
    expect(r.deleted).toEqual({
      unknownSource: 0,
      intradayCandles: 20_000,
      newsItems: 2000,
      dailyCandles: 2000,
    });
    expect(readNewestNews(t.db, DEMO, feed, 10)).toEqual([]);
    expect(r.fileBytesAfter).toBeLessThan(r.usedBytesBefore);
  });

  it('trims coverage spans so pruned ranges are refetched, not trusted', () => {
    upsertCandles(t.db, DEMO, series(), candles(0, 4000));
    const id = seriesId(t.db, DEMO, series())!;
    addSpan(t.db, id, 0, 3999 * 60_000);
    prune(t.db, Math.floor(usedBytes(t.db) / 2));
    const oldest = readNewestCandles(t.db, DEMO, series(), 10_000)[0]!.time;
    expect(oldest).toBeGreaterThan(0);
    expect(coveredSince(t.db, id, 3999 * 60_000)).toBe(oldest);
    expect(coveredSince(t.db, id, oldest - 1)).toBeNull();
  });
});

describe('enforceBudget', () => {
  it('leaves a cache under budget alone and prunes one over it to 90% of the budget', () => {
    fill();
    const used = usedBytes(t.db);
    expect(enforceBudget(t.db, used)).toBeNull();
    const budget = Math.floor(used * 0.8);
    const r = enforceBudget(t.db, budget)!;
    expect(r.budgetBytes).toBe(Math.floor(budget * 0.9));
    expect(usedBytes(t.db)).toBeLessThanOrEqual(budget * 0.9);
  });
});

describe('clear', () => {
  it('empties every table and keeps the cache usable', () => {
    fill();
    const removed = clear(t.db);
    expect(removed).toMatchObject({ candles: 22_000, newsItems: 2000, series: 6 });
    expect(stats(t.db).rows).toEqual({
      series: 0,
      candles: 0,
      newsItems: 0,
      newsPages: 0,
      snapshots: 0,
    });
    upsertCandles(t.db, DEMO, series(), candles(0, 3));
    expect(countCandles(t.db, DEMO, series())).toBe(3);
  });
});

describe('exportCandles', () => {
  it('writes CSV to a file', async () => {
    upsertCandles(t.db, DEMO, series(), candles(D, 3));
    const out = path.join(t.dir, 'out.csv');
    expect(await exportCandles(t.db, DEMO, series(), 'csv', out)).toEqual({ count: 3 });
    const lines = readFileSync(out, 'utf8').trimEnd().split('\n');
    expect(lines[0]).toBe('time,iso_time,open,high,low,close,volume,turnover');
    expect(lines[1]).toBe(`${D},1970-01-02T00:00:00.000Z,100,101,99,100.5,1000,100000`);
    expect(lines).toHaveLength(4);
  });

  it('writes JSON to a stream (across several pages), left open', async () => {
    const all = candles(0, 12_000);
    upsertCandles(t.db, DEMO, series(), all);
    const stream = new PassThrough();
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    expect(await exportCandles(t.db, DEMO, series(), 'json', stream)).toEqual({ count: 12_000 });
    expect(stream.writableEnded).toBe(false);
    expect(JSON.parse(Buffer.concat(chunks).toString('utf8'))).toEqual(all);
  });

  it('exports only the asked source: no demo candle in a live export', async () => {
    upsertCandles(t.db, DEMO, series(), candles(0, 5, 1, 210));
    upsertCandles(t.db, LIVE, series(), candles(0, 2, 1, 266));
    const stream = new PassThrough();
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    expect(await exportCandles(t.db, LIVE, series(), 'json', stream)).toEqual({ count: 2 });
    const got = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { open: number }[];
    expect(got.map((c) => c.open)).toEqual([266, 267]);
  });

  it('writes an empty JSON array for an unknown series', async () => {
    const out = path.join(t.dir, 'none.json');
    await exportCandles(t.db, DEMO, series(1, 'NONE'), 'json', out);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual([]);
  });
});
