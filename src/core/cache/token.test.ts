/**
 * The cache never stores the API token: a whole session of writes through the history
 * service, with sources that hold a recognisable token (and even put it in an error),
 * leaves no trace of it in the database file or its WAL.
 */
import { existsSync, readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Candle, NewsPage, SeriesKey } from '../../shared/model';
import { HistoryService } from './history-service';
import { saveSnapshots } from './snapshots';
import type { CandleFetch, CandleSource, NewsFetch, NewsSource } from './sources';
import {
  DEMO,
  FakeCandleSource,
  FakeNewsSource,
  candles,
  series,
  tempCache,
} from './testing/fixtures';
import { closeCache } from './open-cache';

const TOKEN = 'mdtok_9f8e7d6c5b4a39281706f5e4d3c2b1a0_NEVER_STORE';

/** A source configured like the real client: base URL, token, plan. */
class TokenHoldingSource implements CandleSource, NewsSource {
  readonly sourceId = DEMO;
  readonly config = { baseUrl: 'https://api.example', token: TOKEN, plan: 'premium' };
  readonly candles = new FakeCandleSource(
    candles(1_700_000_000_000 - (1_700_000_000_000 % 60_000), 3000),
  );
  readonly news = new FakeNewsSource(200);
  failNext = false;

  async fetchCandles(s: SeriesKey, opts: CandleFetch): Promise<Candle[]> {
    if (this.failNext) {
      this.failNext = false;
      // A careless client error that quotes the URL, token included.
      throw Object.assign(
        new Error(`GET ${this.config.baseUrl}/stock/klines?token=${TOKEN} failed`),
        {
          kind: 'http',
        },
      );
    }
    return this.candles.fetchCandles(s, opts);
  }
  fetchNews(q: NewsFetch): Promise<NewsPage> {
    return this.news.fetchNews(q);
  }
}

let t: ReturnType<typeof tempCache>;
beforeEach(() => {
  t = tempCache();
});
afterEach(() => t.dispose());

function fileContainsToken(file: string): boolean {
  if (!existsSync(file)) return false;
  const bytes = readFileSync(file);
  return (
    bytes.includes(Buffer.from(TOKEN, 'utf8')) || bytes.includes(Buffer.from(TOKEN, 'utf16le'))
  );
}

describe('token', () => {
  it('never reaches the database file or its WAL', async () => {
    const source = new TokenHoldingSource();
    let now = 1_700_000_000_000 + 3000 * 60_000;
    const service = new HistoryService({ db: t.db, candles: source, news: source, now: () => now });
    const errors: string[] = [];
    service.onCandles((a) => a.error && errors.push(a.error));
    for (const kType of [1, 2, 8] as const) {
      await service.loadCandles(series(kType), { limit: 500 });
      await service.idle();
      const first = (await service.loadCandles(series(kType), { limit: 500 })).candles[0];
      if (first) await service.loadCandles(series(kType), { limit: 500, before: first.time });
    }
    source.failNext = true;
    now += 3_600_000;
    await service.refreshCandles(series(1), 100);
    expect(errors.some((e) => e.includes(TOKEN))).toBe(true); // the error did reach the app…
    const page = await service.refreshNews({ market: 'stock', lang: 'en', limit: 50 });
    await service.loadNews({ market: 'stock', lang: 'en', limit: 50, cursor: page.nextCursor });
    saveSnapshots(t.db, DEMO, 'quote', [
      {
        instrument: series(),
        at: now,
        record: {
          symbol: 'AAPL',
          last: 1,
          open: 1,
          prevClose: 1,
          high: 1,
          low: 1,
          time: now,
          volume: 1,
          turnover: 1,
          status: 0,
          change: 0,
          changePercent: 0,
        },
      },
    ]);
    await service.idle();
    service.dispose();
    // …but not the disk: check the WAL while open, then the checkpointed file after close.
    expect(existsSync(`${t.file}-wal`)).toBe(true);
    expect(fileContainsToken(`${t.file}-wal`)).toBe(false);
    expect(fileContainsToken(t.file)).toBe(false);
    closeCache(t.db);
    expect(fileContainsToken(t.file)).toBe(false);
    expect(fileContainsToken(`${t.file}-wal`)).toBe(false);
    // The check itself can fail: the session did write data.
    expect(readFileSync(t.file).includes(Buffer.from('Headline 200'))).toBe(true);
  });
});
