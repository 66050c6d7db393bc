import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { HistoryService } from './history-service';
import type { NewsAnswer } from './news-history';
import { readNewsPageRecord } from './news';
import { NEWS_STALE_AFTER_MS } from './staleness';
import { DEMO, FakeNewsSource, LIVE, tempCache } from './testing/fixtures';

let t: ReturnType<typeof tempCache>;
let now: number;
let source: FakeNewsSource;
let service: HistoryService;
let events: NewsAnswer[];
const feed = { market: 'stock', lang: 'en' };
const nums = (a: NewsAnswer) => a.items.map((i) => Number(i.id.slice(-12)));

beforeEach(() => {
  t = tempCache();
  now = 1_800_000_000_000;
  source = new FakeNewsSource(100);
  events = [];
  service = new HistoryService({ db: t.db, news: source, now: () => now });
  service.onNews((a) => events.push(a));
});
afterEach(async () => {
  await service.idle();
  service.dispose();
  t.dispose();
});

describe('HistoryService.loadNews', () => {
  it('answers the newest page from the cache at once and refreshes in the background', async () => {
    const first = await service.loadNews({ ...feed, limit: 10 });
    expect(first.items).toEqual([]);
    expect(first.refreshing).toBe(true);
    await service.idle();
    expect(nums(events[0]!)).toEqual([100, 99, 98, 97, 96, 95, 94, 93, 92, 91]);
    expect(events[0]!.nextCursor).toBe('c91');
    const cached = await service.loadNews({ ...feed, limit: 10 });
    expect(cached.refreshing).toBe(false);
    expect(nums(cached)).toEqual(nums(events[0]!));
    expect(cached.nextCursor).toBe('c91');
    expect(cached.asOf).toBe(now);
    now += NEWS_STALE_AFTER_MS;
    expect((await service.loadNews({ ...feed, limit: 10 })).refreshing).toBe(true);
  });

  it('remembers the cursor chain and replays seen pages without the source', async () => {
    await service.refreshNews({ ...feed, limit: 10 });
    const p2 = await service.loadNews({ ...feed, limit: 10, cursor: 'c91' });
    expect(nums(p2)).toEqual([90, 89, 88, 87, 86, 85, 84, 83, 82, 81]);
    expect(p2.nextCursor).toBe('c81');
    expect(readNewsPageRecord(t.db, DEMO, feed, 'c91')).toMatchObject({
      nextCursor: 'c81',
      itemCount: 10,
      oldestAt: p2.items.at(-1)!.publishedAt,
    });
    const calls = source.calls.length;
    source.offline = true;
    const again = await service.loadNews({ ...feed, limit: 10, cursor: 'c91' });
    expect(nums(again)).toEqual(nums(p2));
    expect(again.nextCursor).toBe('c81');
    expect(source.calls).toHaveLength(calls);
  });

  it('offline, continues below the page the user scrolled from', async () => {
    // Seen earlier: the newest page and the one after it.
    await service.refreshNews({ ...feed, limit: 10 });
    await service.loadNews({ ...feed, limit: 10, cursor: 'c91' });
    // Later, more news arrived and the newest page was refreshed (new cursor, never followed).
    source.total = 105;
    now += NEWS_STALE_AFTER_MS;
    await service.refreshNews({ ...feed, limit: 10 });
    expect(events.at(-1)!.nextCursor).toBe('c96');
    source.offline = true;
    const page = await service.loadNews({ ...feed, limit: 10, cursor: 'c96' });
    expect(page.offline).toBe(true);
    expect(page.offlineReason).toBe('connect ECONNREFUSED 127.0.0.1:1');
    expect(nums(page)).toEqual([95, 94, 93, 92, 91, 90, 89, 88, 87, 86]);
    // The oldest item shown belongs to a remembered page: its cursor keeps the chain going.
    expect(page.nextCursor).toBe('c81');
  });

  it('never answers a live view with demo news or a demo cursor, and back', async () => {
    await service.refreshNews({ ...feed, limit: 10 });
    await service.loadNews({ ...feed, limit: 10, cursor: 'c91' });
    source.sourceId = LIVE;
    source.offline = true;
    const newest = await service.loadNews({ ...feed, limit: 10 });
    expect(newest).toMatchObject({ source: LIVE, items: [], nextCursor: null, asOf: null });
    // A cursor the demo issued means nothing to the live service: no remembered page,
    // no items below it.
    const older = await service.loadNews({ ...feed, limit: 10, cursor: 'c91' });
    expect(older).toMatchObject({ source: LIVE, items: [], nextCursor: null });
    await service.idle();
    expect(events.at(-1)).toMatchObject({ source: LIVE, items: [] });
    // Live pages are filed apart; the demo chain is still whole when switching back.
    source.offline = false;
    source.total = 30;
    const live = await service.refreshNews({ ...feed, limit: 10 });
    expect(nums(live)).toEqual([30, 29, 28, 27, 26, 25, 24, 23, 22, 21]);
    expect(readNewsPageRecord(t.db, LIVE, feed, null)?.nextCursor).toBe('c21');
    source.sourceId = DEMO;
    source.offline = true;
    expect(nums(await service.loadNews({ ...feed, limit: 10 }))).toEqual([
      100, 99, 98, 97, 96, 95, 94, 93, 92, 91,
    ]);
    const p2 = await service.loadNews({ ...feed, limit: 10, cursor: 'c91' });
    expect(p2).toMatchObject({ source: DEMO, nextCursor: 'c81' });
    expect(nums(p2)).toEqual([90, 89, 88, 87, 86, 85, 84, 83, 82, 81]);
  });

  it('files a newest page that lands after a switch under the source asked, and tells no listener', async () => {
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const original = source.fetchNews.bind(source);
    source.fetchNews = async (q) => {
      await gate;
      return original(q);
    };
    expect((await service.loadNews({ ...feed, limit: 5 })).refreshing).toBe(true);
    source.sourceId = LIVE;
    release();
    await service.idle();
    expect(events).toEqual([]);
    expect(readNewsPageRecord(t.db, DEMO, feed, null)?.itemCount).toBe(5);
    expect(readNewsPageRecord(t.db, LIVE, feed, null)).toBeNull();
  });

  it('keeps feeds apart by market and language', async () => {
    await service.refreshNews({ ...feed, limit: 5 });
    source.offline = true;
    const other = await service.loadNews({ market: 'stock', lang: 'hk', limit: 5 });
    expect(other.items).toEqual([]);
    await service.idle();
    expect(events.at(-1)!.offline).toBe(true);
    expect(events.at(-1)!.offlineReason).toBe('connect ECONNREFUSED 127.0.0.1:1');
    source.offline = false;
    const back = await service.refreshNews({ ...feed, limit: 5 });
    expect(back.offline).toBe(false);
    expect(back.offlineReason).toBeUndefined();
  });
});
