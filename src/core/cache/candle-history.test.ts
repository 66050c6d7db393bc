import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CandleAnswer } from './candle-history';
import { countCandles, readNewestCandles, upsertCandles } from './candles';
import { HistoryService } from './history-service';
import { CANDLE_STALE_AFTER_MS } from './staleness';
import type { CandleFetch } from './sources';
import { DEMO, FakeCandleSource, LIVE, candles, series, tempCache } from './testing/fixtures';

const M = 60_000;
const T0 = 1_700_000_000_000 - (1_700_000_000_000 % M); // a minute boundary

let t: ReturnType<typeof tempCache>;
let now: number;
let source: FakeCandleSource;
let service: HistoryService;
let events: CandleAnswer[];

function makeService(src: FakeCandleSource | null = source) {
  // sourceId: whose rows a service without a source reads.
  const s = new HistoryService({ db: t.db, candles: src, sourceId: DEMO, now: () => now });
  s.onCandles((a) => events.push(a));
  return s;
}

beforeEach(() => {
  t = tempCache();
  now = T0 + 1000 * M + 30_000; // half-way through the forming candle at T0 + 1000 min
  source = new FakeCandleSource(candles(T0, 1001)); // T0 .. T0 + 1000 min
  events = [];
  service = makeService();
});
afterEach(async () => {
  await service.idle();
  service.dispose();
  t.dispose();
});

/** Like the real service might: never more than `cap` candles, whatever the limit. */
class CappedCandleSource extends FakeCandleSource {
  constructor(
    history: ReturnType<typeof candles>,
    private readonly cap: number,
  ) {
    super(history);
  }
  override async fetchCandles(
    s: Parameters<FakeCandleSource['fetchCandles']>[0],
    opts: CandleFetch,
  ) {
    const answer = await super.fetchCandles(s, opts);
    return answer.slice(Math.max(0, answer.length - this.cap));
  }
}

const minutes = (a: { candles: { time: number }[] }) => a.candles.map((c) => (c.time - T0) / M);

describe('HistoryService.loadCandles (newest)', () => {
  it('answers from the empty cache at once, then delivers the refresh as an event', async () => {
    const first = await service.loadCandles(series(), { limit: 100 });
    expect(first.candles).toEqual([]);
    expect(first.refreshing).toBe(true);
    expect(first.offline).toBe(false);
    await service.idle();
    expect(events).toHaveLength(1);
    const ev = events[0]!;
    expect(minutes(ev)).toEqual(Array.from({ length: 100 }, (_, i) => 901 + i));
    expect(ev.freshness).toEqual({ refreshedAt: now, completeUntil: T0 + 999 * M });
    expect(ev.asOf).toBe(now);
    expect(ev.refreshing).toBe(false);
  });

  it('serves a fresh cache without calling the source, and refreshes once stale', async () => {
    await service.refreshCandles(series(), 100);
    expect(source.calls).toHaveLength(1);
    now += CANDLE_STALE_AFTER_MS[1] - 1;
    const fresh = await service.loadCandles(series(), { limit: 100 });
    expect(fresh.refreshing).toBe(false);
    expect(fresh.candles).toHaveLength(100);
    expect(source.calls).toHaveLength(1);
    now += 1;
    const stale = await service.loadCandles(series(), { limit: 100 });
    expect(stale.refreshing).toBe(true);
    expect(stale.candles).toHaveLength(100); // the cache still answers at once
    await service.idle();
    expect(source.calls).toHaveLength(2);
  });

  it('uses the kType to decide staleness (a daily series stays fresh for an hour)', async () => {
    const daily = series(8);
    source.history = candles(T0, 50, 8);
    await service.refreshCandles(daily, 10);
    now += 30 * M;
    expect((await service.loadCandles(daily, { limit: 10 })).refreshing).toBe(false);
    now += 30 * M;
    expect((await service.loadCandles(daily, { limit: 10 })).refreshing).toBe(true);
  });

  it('replaces the forming candle on refresh and keeps the closed ones', async () => {
    await service.refreshCandles(series(), 10);
    const last = source.history.at(-1)!;
    source.history[source.history.length - 1] = { ...last, close: 9999, high: 10_000 };
    now += M;
    const answer = await service.refreshCandles(series(), 10);
    expect(answer.candles.at(-1)!.close).toBe(9999);
    expect(countCandles(t.db, DEMO, series())).toBe(10);
  });

  it('coalesces concurrent refreshes of one series into one request', async () => {
    await Promise.all([
      service.loadCandles(series(), { limit: 50 }),
      service.loadCandles(series(), { limit: 50 }),
      service.loadCandles(series(), { limit: 50 }),
    ]);
    await service.idle();
    expect(source.calls).toHaveLength(1);
  });

  it('refetches when the newest view has a gap (back after a long absence)', async () => {
    await service.refreshCandles(series(), 100); // 901..1000
    // Two days later, 1m refresh of 100 leaves a gap before the new data.
    source.history = candles(T0, 1001 + 2880);
    now += 2880 * M;
    await service.refreshCandles(series(), 100);
    const calls = source.calls.length;
    // The newest 150 would straddle the gap: not complete, so ask the source.
    const answer = await service.loadCandles(series(), { limit: 150 });
    expect(answer.refreshing).toBe(true);
    await service.idle();
    expect(source.calls.length).toBe(calls + 1);
    expect(minutes(events.at(-1)!)).toEqual(Array.from({ length: 150 }, (_, i) => 3731 + i));
  });
});

describe('HistoryService offline', () => {
  it('keeps the cache on a failed refresh and marks the answer offline with the data time', async () => {
    await service.refreshCandles(series(), 100);
    const dataTime = now;
    source.offline = true;
    now += 10 * M;
    const answer = await service.loadCandles(series(), { limit: 100 });
    expect(answer.candles).toHaveLength(100);
    await service.idle();
    const ev = events.at(-1)!;
    expect(ev.offline).toBe(true);
    expect(ev.asOf).toBe(dataTime);
    expect(ev.candles).toHaveLength(100);
    expect(ev.error).toBeUndefined();
    expect(service.offlineSince).toBe(now);
    // Every later read says offline until the source answers again.
    expect((await service.loadCandles(series(), { limit: 5 })).offline).toBe(true);
    await service.idle();
    source.offline = false;
    await service.refreshCandles(series(), 100);
    expect(service.offlineSince).toBeNull();
    expect((await service.loadCandles(series(), { limit: 5 })).offline).toBe(false);
  });

  it("says why it is offline, in the failure's words, until the source answers again", async () => {
    expect((await service.refreshCandles(series(), 10)).offlineReason).toBeUndefined();
    source.offline = true;
    const failed = await service.refreshCandles(series(), 10);
    expect(failed.offline).toBe(true);
    expect(failed.offlineReason).toBe('connect ECONNREFUSED 127.0.0.1:1');
    expect(failed.error).toBeUndefined();
    expect(service.offlineReason).toBe('connect ECONNREFUSED 127.0.0.1:1');
    // A page back the cache cannot fill, and the next cached read, carry it too.
    const page = await service.loadCandles(series(), { limit: 5, before: T0 });
    expect(page.offlineReason).toBe('connect ECONNREFUSED 127.0.0.1:1');
    const cached = await service.loadCandles(series(), { limit: 5 });
    expect(cached.offlineReason).toBe('connect ECONNREFUSED 127.0.0.1:1');
    await service.idle();
    source.offline = false;
    const back = await service.refreshCandles(series(), 10);
    expect(back.offline).toBe(false);
    expect(back.offlineReason).toBeUndefined();
    expect(service.offlineReason).toBeNull();
  });

  it('reports other source errors without marking offline', async () => {
    source.failWith = Object.assign(new Error('HTTP 500 from the service'), { kind: 'http' });
    const answer = await service.refreshCandles(series(), 10);
    expect(answer.offline).toBe(false);
    expect(answer.error).toBe('HTTP 500 from the service');
    expect(answer.offlineReason).toBeUndefined();
    expect(service.offlineSince).toBeNull();
  });

  it('accepts a custom offline predicate', async () => {
    service.dispose();
    service = new HistoryService({
      db: t.db,
      candles: source,
      now: () => now,
      isOffline: (err) => (err as Error).message === 'plane mode',
    });
    source.failWith = new Error('plane mode');
    expect((await service.refreshCandles(series(), 10)).offline).toBe(true);
  });

  it('without a source, answers from the cache marked offline', async () => {
    upsertCandles(t.db, DEMO, series(), candles(T0, 20));
    service.dispose();
    service = makeService(null);
    const answer = await service.loadCandles(series(), { limit: 5, before: T0 + 10 * M });
    expect(minutes(answer)).toEqual([5, 6, 7, 8, 9]);
    expect(answer.offline).toBe(true);
    // Offline by configuration, not by a failure: there is no reason to report.
    expect(answer.offlineReason).toBeUndefined();
    expect(answer.refreshing).toBe(false);
  });
});

describe('HistoryService and the source of the data', () => {
  const livePrices = () => candles(T0, 1001, 1, 266); // the live service: another price level

  it('never answers a live view with demo candles, online or offline, and back', async () => {
    await service.refreshCandles(series(), 100);
    expect(events.at(-1)!.source).toBe(DEMO);
    // Switch to live while the service cannot be reached: nothing cached for live.
    source.sourceId = LIVE;
    source.offline = true;
    const offline = await service.loadCandles(series(), { limit: 100 });
    expect(offline).toMatchObject({ source: LIVE, candles: [], offline: false, refreshing: true });
    await service.idle();
    expect(events.at(-1)).toMatchObject({ source: LIVE, candles: [], offline: true });
    const back = await service.loadCandles(series(), { limit: 50, before: T0 + 960 * M });
    expect(back).toMatchObject({ source: LIVE, candles: [], offline: true });
    expect(back.atHistoryStart).toBe(false);
    // Online: only live candles, each one from the live history.
    source.offline = false;
    source.history = livePrices();
    const live = await service.refreshCandles(series(), 100);
    expect(live.candles).toHaveLength(100);
    expect(live.candles.every((c) => c.open >= 266 + 900)).toBe(true);
    expect(countCandles(t.db, LIVE, series())).toBe(100);
    // A page back the live span does not cover is asked of the live source, even though
    // the demo cache holds those times completely.
    const calls = source.calls.length;
    const older = await service.loadCandles(series(), { limit: 20, before: T0 + 901 * M });
    expect(source.calls).toHaveLength(calls + 1);
    expect(older.candles.every((c) => c.open >= 266)).toBe(true);
    // And back to demo: the demo cache as it was, no live candle in it.
    source.sourceId = DEMO;
    source.offline = true;
    const demo = await service.loadCandles(series(), { limit: 200 });
    expect(demo.source).toBe(DEMO);
    expect(demo.candles.map((c) => c.open)).toEqual(
      candles(T0, 1001)
        .slice(901)
        .map((c) => c.open),
    );
  });

  it('files a refresh that lands after a switch under the source asked, and tells no listener', async () => {
    const slow = source.hold();
    const first = await service.loadCandles(series(), { limit: 10 });
    expect(first.refreshing).toBe(true);
    source.sourceId = LIVE; // the user set a token while the demo refresh was in flight
    slow.release();
    await service.idle();
    expect(events).toEqual([]);
    expect(readNewestCandles(t.db, DEMO, series(), 100)).toHaveLength(10);
    expect(readNewestCandles(t.db, LIVE, series(), 100)).toEqual([]);
    const live = await service.loadCandles(series(), { limit: 10 });
    expect(live).toMatchObject({ source: LIVE, candles: [], refreshing: true });
  });

  it('answers a page back that lands after a switch as the old source’s, stored under it', async () => {
    await service.refreshCandles(series(), 10);
    const slow = source.hold();
    const pending = service.loadCandles(series(), { limit: 5, before: T0 + 991 * M });
    source.sourceId = LIVE;
    slow.release();
    const page = await pending;
    expect(page.source).toBe(DEMO);
    expect(minutes(page)).toEqual([986, 987, 988, 989, 990]);
    expect(countCandles(t.db, DEMO, series())).toBe(15);
    expect(countCandles(t.db, LIVE, series())).toBe(0);
  });

  it('does not share a refresh across sources', async () => {
    const slow = source.hold();
    await service.loadCandles(series(), { limit: 10 });
    source.sourceId = LIVE;
    await service.loadCandles(series(), { limit: 10 });
    slow.release();
    await service.idle();
    expect(source.calls).toHaveLength(2);
    expect(events.map((e) => e.source)).toEqual([LIVE]);
    expect(countCandles(t.db, LIVE, series())).toBe(10);
  });

  it('shows nothing for a symbol the source does not know, whatever the cache holds', async () => {
    await service.refreshCandles(series(), 10);
    source.failWith = Object.assign(new Error('unknown symbol: AAPL'), { kind: 'unknown-symbol' });
    const answer = await service.refreshCandles(series(), 10);
    expect(answer).toMatchObject({ unknown: true, candles: [], error: 'unknown symbol: AAPL' });
    const back = await service.loadCandles(series(), { limit: 5, before: T0 + 900 * M });
    expect(back).toMatchObject({ unknown: true, candles: [] });
  });

  it('a service without a source must be told whose cache it reads', async () => {
    service.dispose();
    service = new HistoryService({ db: t.db, now: () => now });
    await expect(service.loadCandles(series(), { limit: 5 })).rejects.toThrow(/needs a sourceId/);
  });
});

describe('HistoryService.rewind (a replay sought back)', () => {
  /**
   * The source's answers are taken when asked, the first one held until `release`: the
   * answer of the time before a seek, on its way when the replay's clock went back.
   */
  function holdFirstAnswer(): { release(): void } {
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const fetch = source.fetchCandles.bind(source);
    let first = true;
    source.fetchCandles = async (s, opts) => {
      const answer = await fetch(s, opts);
      if (first) {
        first = false;
        await gate;
      }
      return answer;
    };
    return { release: () => release() };
  }

  it('drops a refresh asked before the seek: not stored, not told; a load after it asks again', async () => {
    const held = holdFirstAnswer();
    // The replay's clock at minute 1000: the refresh's answer is of that time.
    expect((await service.loadCandles(series(), { limit: 10 })).refreshing).toBe(true);
    await vi.waitFor(() => expect(source.calls).toHaveLength(1));
    // Sought back to minute 300: the source answers with that time's bars from now on.
    source.history = candles(T0, 301);
    service.rewind(DEMO);
    const again = await service.loadCandles(series(), { limit: 10 });
    expect(again).toMatchObject({ candles: [], refreshing: true });
    await vi.waitFor(() => expect(events).toHaveLength(1));
    expect(source.calls).toHaveLength(2);
    // The answer of the time before lands now: nothing of minute 1000 comes back.
    held.release();
    await service.idle();
    expect(events.map(minutes)).toEqual([[291, 292, 293, 294, 295, 296, 297, 298, 299, 300]]);
    expect(readNewestCandles(t.db, DEMO, series(), 100).at(-1)!.time).toBe(T0 + 300 * M);
    expect(countCandles(t.db, DEMO, series())).toBe(10);
  });

  it('stores no page back asked before the seek; another source’s refresh is not dropped', async () => {
    source.history = candles(T0, 301);
    await service.refreshCandles(series(), 10); // 291..300
    const held = holdFirstAnswer();
    const pending = service.loadCandles(series(), { limit: 5, before: T0 + 291 * M });
    await vi.waitFor(() => expect(source.calls).toHaveLength(2));
    service.rewind(DEMO);
    held.release();
    const page = await pending;
    expect(page.candles).toEqual([]);
    expect(countCandles(t.db, DEMO, series())).toBe(10);
    // A rewind of another source (live) leaves demo's refresh on its way alone.
    const heldAgain = holdFirstAnswer();
    const refresh = service.refreshCandles(series(), 20);
    await vi.waitFor(() => expect(source.calls).toHaveLength(3));
    service.rewind(LIVE);
    heldAgain.release();
    expect((await refresh).candles).toHaveLength(20);
    expect(countCandles(t.db, DEMO, series())).toBe(20);
    expect(events.at(-1)!.candles).toHaveLength(20);
  });
});

describe('HistoryService.dispose', () => {
  it('drops a refresh in flight quietly: no event, no unhandled rejection', async () => {
    let release = () => {};
    const gate = new Promise<void>((r) => (release = r));
    const slow = new FakeCandleSource(candles(T0, 10));
    const original = slow.fetchCandles.bind(slow);
    slow.fetchCandles = async (s, opts) => {
      await gate;
      return original(s, opts);
    };
    service.dispose();
    service = makeService(slow);
    const answer = await service.loadCandles(series(), { limit: 10 });
    expect(answer.refreshing).toBe(true);
    const unhandled: unknown[] = [];
    const onUnhandled = (reason: unknown) => unhandled.push(reason);
    process.on('unhandledRejection', onUnhandled);
    service.dispose();
    release();
    // Not service.idle(): awaiting the refresh would handle its rejection for us.
    await gate;
    await new Promise((r) => setImmediate(r));
    await new Promise((r) => setImmediate(r));
    process.off('unhandledRejection', onUnhandled);
    expect(unhandled).toEqual([]);
    expect(events).toEqual([]);
    expect(readNewestCandles(t.db, DEMO, series(), 10)).toEqual([]);
  });
});

describe('HistoryService paging back', () => {
  it('reads the cache first and only asks the source for what it lacks', async () => {
    await service.refreshCandles(series(), 100); // 901..1000
    const inCache = await service.loadCandles(series(), { limit: 50, before: T0 + 960 * M });
    // 910..959 are inside the refreshed span: no request.
    expect(minutes(inCache)).toEqual(Array.from({ length: 50 }, (_, i) => 910 + i));
    expect(source.calls).toHaveLength(1);
    const beyond = await service.loadCandles(series(), { limit: 50, before: T0 + 901 * M });
    expect(minutes(beyond)).toEqual(Array.from({ length: 50 }, (_, i) => 851 + i));
    expect(source.calls.at(-1)).toEqual({ limit: 50, endTime: T0 + 901 * M - 1 });
    expect(beyond.before).toBe(T0 + 901 * M);
    // Now cached: the same page again needs no request.
    await service.loadCandles(series(), { limit: 50, before: T0 + 901 * M });
    expect(source.calls).toHaveLength(2);
    expect(readNewestCandles(t.db, DEMO, series(), 1000)).toHaveLength(150);
  });

  it('learns where history starts when the source runs dry, and stops asking', async () => {
    source.history = candles(T0, 30);
    now = T0 + 29 * M + 1000;
    await service.refreshCandles(series(), 20); // 10..29
    const page = await service.loadCandles(series(), { limit: 20, before: T0 + 10 * M });
    expect(minutes(page)).toEqual(Array.from({ length: 10 }, (_, i) => i));
    // Short (10 of 20), but a short page may be a cap: not yet the start.
    expect(page.atHistoryStart).toBe(false);
    const empty = await service.loadCandles(series(), { limit: 20, before: T0 });
    expect(source.calls.at(-1)).toEqual({ limit: 20, endTime: T0 - 1 });
    expect(empty.candles).toEqual([]);
    expect(empty.atHistoryStart).toBe(true);
    const calls = source.calls.length;
    // Learnt for good: neither the empty page nor the oldest page asks again.
    expect((await service.loadCandles(series(), { limit: 20, before: T0 })).atHistoryStart).toBe(
      true,
    );
    const oldest = await service.loadCandles(series(), { limit: 20, before: T0 + 10 * M });
    expect(minutes(oldest)).toEqual(Array.from({ length: 10 }, (_, i) => i));
    expect(oldest.atHistoryStart).toBe(true);
    expect(source.calls).toHaveLength(calls);
  });

  it('keeps paging back through a source that caps its answers at 500', async () => {
    source = new CappedCandleSource(candles(T0, 1801), 500); // T0 .. T0 + 1800 min
    service.dispose();
    service = makeService();
    now = T0 + 1800 * M + 30_000;
    const head = await service.refreshCandles(series(), 5000);
    expect(minutes(head)).toEqual(Array.from({ length: 500 }, (_, i) => 1301 + i));
    expect(head.atHistoryStart).toBe(false);
    let oldest = head.candles[0]!.time;
    const pages: number[] = [];
    for (let guard = 0; guard < 10; guard++) {
      const page = await service.loadCandles(series(), { limit: 5000, before: oldest });
      pages.push(page.candles.length);
      if (page.atHistoryStart) break;
      oldest = page.candles[0]!.time;
    }
    // 500, 500, 301 (short, yet not the start), then the empty page that is.
    expect(pages).toEqual([500, 500, 301, 0]);
    expect(oldest).toBe(T0);
    expect(countCandles(t.db, DEMO, series())).toBe(1801);
    expect(source.calls.at(-1)).toEqual({ limit: 5000, endTime: T0 - 1 });
  });

  it('offline, pages back through whatever the cache holds', async () => {
    await service.refreshCandles(series(), 100);
    source.offline = true;
    const page = await service.loadCandles(series(), { limit: 30, before: T0 + 920 * M });
    expect(minutes(page)).toEqual(Array.from({ length: 19 }, (_, i) => 901 + i));
    expect(page.offline).toBe(true);
  });
});
