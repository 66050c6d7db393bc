/**
 * Test helpers for the cache: temp databases, synthetic candles and news, and fake
 * sources that record their calls and can be switched offline.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type {
  Candle,
  DataSourceId,
  KType,
  NewsItem,
  NewsPage,
  SeriesKey,
  UnixMs,
} from '../../../shared/model';
import { KTYPES } from '../../../shared/model';
import type { CacheDb } from '../db';
import { closeCache, openCache } from '../open-cache';
import type { CandleFetch, CandleSource, NewsFetch, NewsSource } from '../sources';

/** The demo source, and a live one: the two sides no read may mix. */
export const DEMO: DataSourceId = 'demo';
export const LIVE: DataSourceId = 'live:https://api.example.com';

/** A temp folder and a cache in it; `dispose()` closes and deletes both. */
export function tempCache(): { db: CacheDb; dir: string; file: string; dispose(): void } {
  const dir = mkdtempSync(path.join(tmpdir(), 'md-cache-'));
  const file = path.join(dir, 'cache.db');
  const { db } = openCache(file);
  return {
    db,
    dir,
    file,
    dispose() {
      if (db.sqlite.open) closeCache(db);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export function series(kType: KType = 1, code = 'AAPL'): SeriesKey {
  return { class: 'stock', region: 'US', exchange: '', code, kType };
}

/** `count` candles from `start`, one interval apart; prices derive from the index. */
export function candles(start: UnixMs, count: number, kType: KType = 1, price = 100): Candle[] {
  const step = KTYPES[kType].ms;
  return Array.from({ length: count }, (_, i) => ({
    time: start + i * step,
    open: price + i,
    high: price + i + 1,
    low: price + i - 1,
    close: price + i + 0.5,
    volume: 1000 + i,
    turnover: (1000 + i) * (price + i),
  }));
}

/** An error shaped like the API client's network failure. */
export function networkError(): Error {
  return Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:1'), { kind: 'network' });
}

/**
 * A candle source over a fixed, ascending history. Honours `limit` and `endTime`
 * (inclusive) like the real service; `offline` makes every call fail as a network error.
 */
export class FakeCandleSource implements CandleSource {
  /** Where its answers come from; tests switch it to play a demo → live switch. */
  sourceId: DataSourceId = DEMO;
  calls: CandleFetch[] = [];
  offline = false;
  failWith: Error | null = null;
  constructor(public history: Candle[]) {}

  /** Holds the fetches (each waits) until `release()`; later ones pass at once. */
  hold(): { release(): void } {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const fetch = this.fetchCandles.bind(this);
    this.fetchCandles = async (series, opts) => {
      await gate;
      return fetch(series, opts);
    };
    return { release: () => release() };
  }

  async fetchCandles(_series: SeriesKey, opts: CandleFetch): Promise<Candle[]> {
    this.calls.push({
      limit: opts.limit,
      ...(opts.endTime !== undefined && { endTime: opts.endTime }),
    });
    await Promise.resolve();
    if (this.offline) throw networkError();
    if (this.failWith) throw this.failWith;
    const upTo = opts.endTime ?? Number.MAX_SAFE_INTEGER;
    const eligible = this.history.filter((c) => c.time <= upTo);
    return eligible.slice(Math.max(0, eligible.length - opts.limit));
  }
}

export function newsItem(n: number, market = 'stock', language = 'en'): NewsItem {
  return {
    id: `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`,
    title: `Headline ${n}`,
    publishedAt: 1_700_000_000_000 + n * 60_000,
    market,
    language,
    link: `https://news.example/${n}`,
    provider: 'Example Wire',
  };
}

/**
 * A news source over items 1..total (newest = total). Cursor `c<n>` = "items older than
 * n"; pages are newest first.
 */
export class FakeNewsSource implements NewsSource {
  sourceId: DataSourceId = DEMO;
  calls: NewsFetch[] = [];
  offline = false;
  constructor(public total: number) {}

  async fetchNews(query: NewsFetch): Promise<NewsPage> {
    this.calls.push({
      market: query.market,
      lang: query.lang,
      limit: query.limit,
      cursor: query.cursor ?? null,
    });
    await Promise.resolve();
    if (this.offline) throw networkError();
    const below = query.cursor ? Number(query.cursor.slice(1)) : this.total + 1;
    const items: NewsItem[] = [];
    for (let n = below - 1; n >= 1 && items.length < query.limit; n--) {
      items.push(newsItem(n, query.market, query.lang));
    }
    const oldest = items.at(-1);
    const hasMore = oldest !== undefined && Number(oldest.id.slice(-12)) > 1;
    return {
      items,
      nextCursor: hasMore ? `c${Number(oldest.id.slice(-12))}` : null,
      hasMore,
      count: items.length,
    };
  }
}
