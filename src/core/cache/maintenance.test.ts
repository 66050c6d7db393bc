import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { countCandles, readNewestCandles, seriesId, upsertCandles } from './candles';
import { addSpan, listSpans } from './candle-spans';
import { exportCandles } from './export-candles';
import { clear, enforceBudget, prune, stats, usedBytes } from './maintenance';
import { readNewestNews, saveNewsPage } from './news';
import { saveSnapshot } from './snapshots';
import { candles, newsItem, series, tempCache } from './testing/fixtures';

let t: ReturnType<typeof tempCache>;
beforeEach(() => {
  t = tempCache();
});
afterEach(() => t.dispose());

const feed = { market: 'stock', lang: 'en' };
const D = 86_400_000;

function fill() {
  for (let s = 0; s < 5; s++) upsertCandles(t.db, series(1, `I${s}`), candles(0, 4000));
  upsertCandles(t.db, series(8, 'DAILY'), candles(0, 2000, 8));
  const items = Array.from({ length: 2000 }, (_, i) => newsItem(i + 1));
  saveNewsPage(t.db, feed, null, { items, nextCursor: null, hasMore: false, count: 2000 }, 1);
}

describe('stats', () => {
  it('reports sizes, rows and time spans', () => {
    upsertCandles(t.db, series(), candles(1000, 10));
    upsertCandles(t.db, series(2), []);
    saveNewsPage(
      t.db,
      feed,
      null,
      { items: [newsItem(1), newsItem(2)], nextCursor: 'x', hasMore: true, count: 2 },
      5,
    );
    saveSnapshot(
      t.db,
      'tick',
      { class: 'crypto', region: 'BA', exchange: '', code: 'BTC' },
      { symbol: 'BTC', last: 1, time: 7, volume: 1, turnover: 1, status: 0 },
      7,
    );
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
});

describe('prune', () => {
  it('does nothing under budget', () => {
    fill();
    const r = prune(t.db, 1024 ** 3);
    expect(r.deleted).toEqual({ intradayCandles: 0, newsItems: 0, dailyCandles: 0 });
  });

  it('drops the oldest intraday candles first, keeping news and daily candles', () => {
    fill();
    const before = usedBytes(t.db);
    const r = prune(t.db, Math.floor(before * 0.7));
    expect(r.usedBytesAfter).toBeLessThanOrEqual(r.budgetBytes);
    expect(r.deleted.intradayCandles).toBeGreaterThan(0);
    expect(r.deleted).toMatchObject({ newsItems: 0, dailyCandles: 0 });
    expect(countCandles(t.db, series(8, 'DAILY'))).toBe(2000);
    // What is left of a series is its newest part.
    const left = readNewestCandles(t.db, series(1, 'I0'), 10_000);
    expect(left.at(-1)!.time).toBe(3999 * 60_000);
    expect(left.length).toBeLessThan(4000);
  });

  it('then the oldest news, then daily candles as a last resort', () => {
    fill();
    const r = prune(t.db, 0);
    expect(r.deleted).toEqual({ intradayCandles: 20_000, newsItems: 2000, dailyCandles: 2000 });
    expect(readNewestNews(t.db, feed, 10)).toEqual([]);
    expect(r.fileBytesAfter).toBeLessThan(r.usedBytesBefore);
  });

  it('trims coverage spans so pruned ranges are refetched, not trusted', () => {
    upsertCandles(t.db, series(), candles(0, 4000));
    const id = seriesId(t.db, series())!;
    addSpan(t.db, id, 0, 3999 * 60_000);
    prune(t.db, Math.floor(usedBytes(t.db) / 2));
    const oldest = readNewestCandles(t.db, series(), 10_000)[0]!.time;
    expect(oldest).toBeGreaterThan(0);
    expect(listSpans(t.db, id)).toEqual([{ start: oldest, end: 3999 * 60_000 }]);
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
    upsertCandles(t.db, series(), candles(0, 3));
    expect(countCandles(t.db, series())).toBe(3);
  });
});

describe('exportCandles', () => {
  it('writes CSV to a file', async () => {
    upsertCandles(t.db, series(), candles(D, 3));
    const out = path.join(t.dir, 'out.csv');
    expect(await exportCandles(t.db, series(), 'csv', out)).toEqual({ count: 3 });
    const lines = readFileSync(out, 'utf8').trimEnd().split('\n');
    expect(lines[0]).toBe('time,iso_time,open,high,low,close,volume,turnover');
    expect(lines[1]).toBe(`${D},1970-01-02T00:00:00.000Z,100,101,99,100.5,1000,100000`);
    expect(lines).toHaveLength(4);
  });

  it('writes JSON to a stream (across several pages), left open', async () => {
    const all = candles(0, 12_000);
    upsertCandles(t.db, series(), all);
    const stream = new PassThrough();
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    expect(await exportCandles(t.db, series(), 'json', stream)).toEqual({ count: 12_000 });
    expect(stream.writableEnded).toBe(false);
    expect(JSON.parse(Buffer.concat(chunks).toString('utf8'))).toEqual(all);
  });

  it('writes an empty JSON array for an unknown series', async () => {
    const out = path.join(t.dir, 'none.json');
    await exportCandles(t.db, series(1, 'NONE'), 'json', out);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual([]);
  });
});
