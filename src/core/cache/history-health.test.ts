/**
 * History on the one health model (link-state.ts), on manual timers: its answers say
 * offline exactly when the health service does, a refused token sends nothing, a rate
 * limit is waited out (or answered from the cache when the user is waiting), and a
 * chart alone finds the service again through the health service's probes.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ManualTimers } from '../../shared/testing/manual-timers';
import { HealthService, TOKEN_REJECTED_MESSAGE, rateLimitedMessage } from '../health';
import type { CandleAnswer } from './candle-history';
import { HistoryService } from './history-service';
import type { NewsAnswer } from './news-history';
import { FakeCandleSource, FakeNewsSource, candles, series, tempCache } from './testing/fixtures';

const M = 60_000;

let t: ReturnType<typeof tempCache>;
let timers: ManualTimers;
let health: HealthService;
let source: FakeCandleSource;
let news: FakeNewsSource;
let service: HistoryService;
let events: CandleAnswer[];
let newsEvents: NewsAnswer[];

beforeEach(() => {
  t = tempCache();
  timers = new ManualTimers();
  const start = timers.now() - (timers.now() % M);
  health = new HealthService({ now: timers.now, timers });
  source = new FakeCandleSource(candles(start - 500 * M, 500));
  news = new FakeNewsSource(50);
  service = new HistoryService({ db: t.db, candles: source, news, health, now: timers.now });
  events = [];
  newsEvents = [];
  service.onCandles((a) => events.push(a));
  service.onNews((a) => newsEvents.push(a));
});
afterEach(async () => {
  await service.idle();
  service.dispose();
  health.dispose();
  t.dispose();
});

describe('history: one idea of offline', () => {
  it('answers offline only when the health service is offline', async () => {
    // The feed shows the service reachable: one failed history request is a failure, not an outage.
    health.record({ kind: 'success' }, { channel: 'feed:quotes', validMs: 10_000 });
    source.offline = true;
    const failed = await service.refreshCandles(series(), 10);
    expect(failed.offline).toBe(false);
    expect(failed.error).toBe('connect ECONNREFUSED 127.0.0.1:1');
    expect(health.snapshot().state).toBe('degraded');
    // The feed finds it gone too: now every answer says offline, as the status bar does.
    health.record({ kind: 'unreachable', message: 'refused' }, { channel: 'feed:quotes' });
    expect(health.snapshot().state).toBe('offline');
    const cached = await service.loadCandles(series(), { limit: 5 });
    expect(cached.offline).toBe(true);
    expect(service.offlineSince).toBe(health.snapshot().since);
  });

  it('finds the service again with no feed at all: the chart’s refresh is the probe', async () => {
    source.offline = true;
    await service.refreshCandles(series(), 10);
    expect(health.snapshot().state).toBe('offline');
    await timers.advance(5000);
    expect(source.calls).toHaveLength(2); // the probe asked again
    source.offline = false;
    await timers.advance(10_000);
    await service.idle();
    expect(source.calls).toHaveLength(3);
    expect(health.snapshot().state).toBe('live');
    // The chart hears the recovery itself.
    expect(events.at(-1)).toMatchObject({ offline: false });
    expect(events.at(-1)!.candles).toHaveLength(10);
  });
});

describe('history: token rejected', () => {
  it('sends nothing with a refused token and says so', async () => {
    source.failWith = Object.assign(new Error('HTTP 401: E002'), { kind: 'auth' });
    const first = await service.refreshCandles(series(), 10);
    expect(first.error).toBe('HTTP 401: E002');
    expect(health.snapshot().state).toBe('token-rejected');
    const calls = source.calls.length;
    const again = await service.refreshCandles(series(), 10);
    const back = await service.loadCandles(series(), { limit: 10, before: timers.now() - 100 * M });
    const page = await service.loadNews({ market: 'stock', lang: 'en', limit: 5, cursor: 'c20' });
    expect([again.error, back.error, page.error]).toEqual([
      TOKEN_REJECTED_MESSAGE,
      TOKEN_REJECTED_MESSAGE,
      TOKEN_REJECTED_MESSAGE,
    ]);
    expect(source.calls).toHaveLength(calls);
    expect(news.calls).toHaveLength(0);
    // A new token (the link resets the health service): asked again.
    source.failWith = null;
    health.reset();
    expect((await service.refreshCandles(series(), 10)).error).toBeUndefined();
    expect(health.snapshot().state).toBe('live');
  });

  it('drops the late answer of a request sent before the reset', async () => {
    const slow = source.hold();
    source.failWith = Object.assign(new Error('HTTP 401'), { kind: 'auth' });
    const pending = service.refreshCandles(series(), 10);
    health.reset(); // the user set a new token meanwhile
    slow.release();
    await pending;
    expect(health.snapshot().state).toBe('connecting');
  });
});

describe('history: rate limited', () => {
  it('waits out the limit in the background, then refreshes: no storm', async () => {
    health.record({ kind: 'rate-limited', message: '429', retryAfterMs: 20_000 });
    const answer = await service.loadCandles(series(), { limit: 10 });
    expect(answer.refreshing).toBe(true);
    await timers.advance(19_999);
    expect(source.calls).toHaveLength(0);
    await timers.advance(1);
    await service.idle();
    expect(source.calls).toHaveLength(1);
    expect(events.at(-1)!.candles).toHaveLength(10);
  });

  it('answers a page the user asked for from the cache at once when the limit is long', async () => {
    const resumesAt = timers.now() + 60_000;
    health.record({ kind: 'rate-limited', message: '429', retryAfterMs: 60_000 });
    const back = await service.loadCandles(series(), { limit: 10, before: timers.now() - 100 * M });
    expect(back).toMatchObject({ offline: false, error: rateLimitedMessage(resumesAt) });
    const older = await service.loadNews({ market: 'stock', lang: 'en', limit: 5, cursor: 'c20' });
    expect(older.error).toBe(rateLimitedMessage(resumesAt));
    expect(source.calls).toHaveLength(0);
    expect(news.calls).toHaveLength(0);
    expect(newsEvents).toEqual([]);
  });
});
