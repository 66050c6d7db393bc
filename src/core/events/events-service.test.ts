import { afterEach, describe, expect, it } from 'vitest';
import type { EventListKind, EventRows } from '../../shared/bridge';
import type { Instrument, NewsItem, Split } from '../../shared/model';
import { saveNewsDetail, saveNewsPage } from '../cache';
import { DEMO, LIVE, tempCache } from '../cache/testing/fixtures';
import {
  CHART_NEWS_REFRESH_MS,
  EVENT_LIST_MAX_AGE_MS,
  EVENT_RETRY_AFTER_MS,
  EventsService,
  type EventsReader,
  type EventsServiceOptions,
} from './events-service';
import { namedKey } from './news-match';

const DAY = 86_400_000;
const AAPL: Instrument = { class: 'stock', region: 'US', exchange: '', code: 'AAPL' };
const split = (code: string, day: number, to: number): Split => ({
  date: day * DAY,
  region: 'US',
  code,
  name: code,
  ratio: `1:${to}`,
  from: 1,
  to,
});

let cleanup: (() => void) | null = null;
afterEach(() => {
  cleanup?.();
  cleanup = null;
});

/**
 * A service over a fresh cache whose reader answers `rows`; the instrument's names and
 * the news refresh are quick unless `deps` holds them up.
 */
function setup(
  rows: Partial<{ [K in EventListKind]: EventRows[K][] }> = {},
  deps: Partial<Pick<EventsServiceOptions, 'namesOf' | 'refreshNews'>> = {},
) {
  const cache = tempCache();
  cleanup = cache.dispose;
  let now = 100 * DAY;
  const asked: string[] = [];
  let failWith: unknown = null;
  let sourceId = DEMO;
  /** Deferred asks wait on it (a chart's look-ups behind its candles). */
  let deferredGate: Promise<void> = Promise.resolve();
  const reader: EventsReader = {
    get sourceId() {
      return sourceId;
    },
    async fetchList(kind, region, options) {
      asked.push(`${kind}:${region}${options?.deferred ? ' (deferred)' : ''}`);
      if (options?.deferred) await deferredGate;
      if (failWith) throw failWith;
      return (rows[kind] ?? []) as never;
    },
  };
  const newsAsked: string[] = [];
  const service = new EventsService({
    db: cache.db,
    reader: () => reader,
    namesOf: async () => ['Apple Inc.'],
    refreshNews: async (feed) => newsAsked.push(feed.market),
    now: () => now,
    ...deps,
  });
  return {
    db: cache.db,
    service,
    asked,
    newsAsked,
    advance: (ms: number) => (now += ms),
    fail: (error: unknown) => (failWith = error),
    switchTo: (id: typeof sourceId) => (sourceId = id),
    /** Holds deferred asks until the returned function is called. */
    holdDeferred: () => {
      let release = () => {};
      deferredGate = new Promise((resolve) => (release = resolve));
      return release;
    },
  };
}

describe('a region’s lists', () => {
  it('asks the service once a day per list and region, and answers from the cache between', async () => {
    const t = setup({ splits: [split('AAPL', 90, 4)] });
    const first = await t.service.list('splits', 'US');
    expect(first.rows).toHaveLength(1);
    expect(first.asOf).toBe(100 * DAY);
    t.advance(EVENT_LIST_MAX_AGE_MS - 1);
    await t.service.list('splits', 'US');
    await t.service.list('splits', 'US');
    expect(t.asked).toEqual(['splits:US']);
    t.advance(1);
    await t.service.list('splits', 'US');
    expect(t.asked).toEqual(['splits:US', 'splits:US']);
  });

  it('shares one fetch between two asking at once', async () => {
    const t = setup();
    await Promise.all([t.service.list('holidays', 'HK'), t.service.list('holidays', 'HK')]);
    expect(t.asked).toEqual(['holidays:HK']);
  });

  it("answers the user's list at once while a chart's deferred look-up of it still waits", async () => {
    const t = setup({ splits: [split('AAPL', 90, 4)] });
    const release = t.holdDeferred();
    const chart = t.service.list('splits', 'US', { deferred: true });
    // The events pane's list: its own request, at the user's priority, answered.
    const pane = await t.service.list('splits', 'US');
    expect(pane.rows).toHaveLength(1);
    expect(t.asked).toEqual(['splits:US (deferred)', 'splits:US']);
    release();
    expect((await chart).rows).toHaveLength(1);
    // A second deferred ask while the first waits shares it.
    const again = t.holdDeferred();
    t.advance(EVENT_LIST_MAX_AGE_MS);
    const both = Promise.all([
      t.service.list('splits', 'US', { deferred: true }),
      t.service.list('splits', 'US', { deferred: true }),
    ]);
    again();
    await both;
    expect(t.asked).toHaveLength(3);
  });

  it('answers the cache with its age when offline, and waits before asking again', async () => {
    const t = setup({ splits: [split('AAPL', 90, 4)] });
    await t.service.list('splits', 'US');
    t.advance(EVENT_LIST_MAX_AGE_MS);
    t.fail({ kind: 'network', message: 'connect ECONNREFUSED' });
    const offline = await t.service.list('splits', 'US');
    expect(offline).toMatchObject({ rows: [{ code: 'AAPL' }], asOf: 100 * DAY, offline: true });
    expect(offline.problem?.message).toMatch(/could not be reached/);
    await t.service.list('splits', 'US');
    expect(t.asked).toHaveLength(2);
    t.advance(EVENT_RETRY_AFTER_MS);
    await t.service.list('splits', 'US');
    expect(t.asked).toHaveLength(3);
  });

  it('says plainly when the plan does not include a list', async () => {
    const t = setup();
    t.fail({ kind: 'not-entitled', message: 'not entitled' });
    const answer = await t.service.list('ipos-upcoming', 'JP');
    expect(answer).toMatchObject({ rows: [], asOf: null, offline: false });
    expect(answer.problem).toEqual({
      kind: 'not-in-plan',
      message: 'Your plan does not include upcoming IPOs for JP.',
    });
  });

  it('never answers one source’s list to another', async () => {
    const t = setup({ splits: [split('AAPL', 90, 4)] });
    await t.service.list('splits', 'US');
    t.switchTo(LIVE);
    t.fail({ kind: 'network', message: 'down' });
    expect((await t.service.list('splits', 'US')).rows).toEqual([]);
  });
});

describe('a chart’s events', () => {
  const item = (id: string, title: string, at: number): NewsItem => ({
    id,
    title,
    publishedAt: at,
    market: 'stock',
    language: 'en',
    link: `https://news.example.com/${id}`,
    provider: 'Wire',
  });

  it('has its instrument’s splits and IPO, and the cached news about it in range', async () => {
    const t = setup({
      splits: [split('AAPL', 90, 4), split('NVDA', 91, 10)],
      'ipos-recent': [
        {
          code: 'AAPL',
          company: 'Apple',
          exchange: 'NASDAQ',
          region: 'US',
          country: 'US',
          listingDate: 10 * DAY,
          price: 22,
          priceText: '22',
          marketCap: null,
          subscriptionStart: null,
          subscriptionEnd: null,
          allotmentDate: null,
        },
      ],
    });
    const page = {
      items: [
        item('a', 'Apple Inc. rises 2%', 95 * DAY),
        item('b', 'Tesla falls', 96 * DAY),
        item('c', 'Market wrap', 97 * DAY),
        item('d', 'Apple steadies', 50 * DAY),
      ],
      nextCursor: null,
      hasMore: false,
      count: 4,
    };
    saveNewsPage(t.db, DEMO, { market: 'stock', lang: 'en' }, null, page, 100 * DAY);
    // Item c names no one in its headline, but its cached detail names Apple.
    saveNewsDetail(t.db, DEMO, 'c', { tags: [], instruments: [namedKey('US', 'AAPL')] }, 1);
    const answer = await t.service.chartEvents(AAPL, 60 * DAY, 100 * DAY, { refreshNews: true });
    expect(answer.splits.map((s) => s.code)).toEqual(['AAPL']);
    expect(answer.ipo?.listingDate).toBe(10 * DAY);
    expect(answer.news.map((n) => n.id)).toEqual(['c', 'a']);
    // The cached page was fresh: no news asked for.
    expect(t.newsAsked).toEqual([]);
  });

  it('refreshes the news feed’s newest page now and then, never per call', async () => {
    const t = setup();
    const refresh = { refreshNews: true };
    await t.service.chartEvents(AAPL, 0, DAY, refresh);
    await t.service.chartEvents(AAPL, 0, 2 * DAY, refresh);
    expect(t.newsAsked).toEqual(['stock']);
    t.advance(CHART_NEWS_REFRESH_MS);
    await t.service.chartEvents(AAPL, 0, DAY, refresh);
    expect(t.newsAsked).toEqual(['stock', 'stock']);
  });

  it('answers from the cache without waiting for the instrument’s names, then matches them', async () => {
    let named: (names: string[]) => void = () => undefined;
    const { db, service } = setup(
      { splits: [split('AAPL', 50, 4)] },
      // The directory's first lookup loads its listing: slow, here until told.
      { namesOf: () => new Promise((resolve) => (named = resolve)) },
    );
    const page = {
      items: [item('a', 'Apple Inc. rises 2%', 95 * DAY), item('b', 'AAPL slips', 96 * DAY)],
      nextCursor: null,
      hasMore: false,
      count: 2,
    };
    saveNewsPage(db, DEMO, { market: 'stock', lang: 'en' }, null, page, 100 * DAY);
    const first = await service.chartEvents(AAPL, 0, 100 * DAY);
    expect(first.splits.map((s) => s.ratio)).toEqual(['1:4']);
    expect(first.news.map((n) => n.id)).toEqual(['b']);
    const second = service.chartEvents(AAPL, 0, 100 * DAY, { refreshNews: true });
    named(['Apple Inc.']);
    expect((await second).news.map((n) => n.id)).toEqual(['b', 'a']);
  });

  it('answers the splits from the cache at once while a news refresh waits out a rate limit', async () => {
    let refreshes = 0;
    const { service } = setup(
      { splits: [split('AAPL', 50, 4)] },
      {
        namesOf: async () => [],
        // A refresh held by the plan's rate limit: it never answers in this test.
        refreshNews: () => {
          refreshes++;
          return new Promise(() => undefined);
        },
      },
    );
    const answer = await service.chartEvents(AAPL, 0, DAY);
    expect(answer.splits.map((s) => s.ratio)).toEqual(['1:4']);
    expect(refreshes).toBe(0);
    // Asked with the refresh, the answer waits for the feed.
    let answered = false;
    void service.chartEvents(AAPL, 0, DAY, { refreshNews: true }).then(() => (answered = true));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(refreshes).toBe(1);
    expect(answered).toBe(false);
  });

  it('asks no splits or IPOs for a class that has none', async () => {
    const t = setup();
    const btc = { class: 'crypto', region: 'BA', exchange: '', code: 'BTCUSDT' } as const;
    const answer = await t.service.chartEvents(btc, 0, DAY);
    expect(answer.splits).toEqual([]);
    expect(t.asked).toEqual([]);
  });
});
