/**
 * The hub against the real simulator over HTTP, requests counted by the simulator's
 * own stats. The hub's timers are manual; after each firing the test awaits the real
 * I/O (`hub.idle()`). The simulator's clock is the same manual clock, so its market
 * and its rate-limit window move with the test.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { planOf, type Plan, type SeriesKey } from '../../shared/model';
import { startSimulator, type SimulatorHandle, type SimulatorOptions } from '../../simulator';
import { catalogOf } from '../../simulator/market/catalog';
import { MarketClient } from '../api';
import { loadSnapshots, readNewestCandles, readNewestNews, type CacheDb } from '../cache';
import { tempCache } from '../cache/testing/fixtures';
import { FeedHub, type FeedHubOptions } from './feed-hub';
import { ManualTimers } from '../../shared/testing/manual-timers';
import { stockQuotes } from './testing/hub';
import { Recorder } from './testing/recorder';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

interface Rig {
  timers: ManualTimers;
  sim: SimulatorHandle;
  hub: FeedHub;
  /** Advances the hub's clock, awaiting the real requests of every firing. */
  advance(ms: number): Promise<void>;
  paths(): Record<string, number>;
}

function clientFor(url: string, plan: Plan): MarketClient {
  // No client-side waits or retries: each hub poll is exactly its chunks' requests.
  return new MarketClient({
    token: 'demo',
    baseUrl: url,
    plan,
    requestsPerMinute: Infinity,
    retry: { attempts: 1 },
    timeoutMs: 5000,
  });
}

async function rig(
  plan: Plan,
  hubOptions: Partial<FeedHubOptions> = {},
  simOptions: SimulatorOptions = {},
  timers = new ManualTimers(),
): Promise<Rig> {
  const sim = await startSimulator({ plan, now: timers.now, seed: 5, ...simOptions });
  cleanups.push(() => sim.close());
  const hub = new FeedHub({
    client: clientFor(sim.url, plan),
    plan,
    timers,
    now: timers.now,
    ...hubOptions,
  });
  cleanups.push(() => hub.dispose());
  return {
    timers,
    sim,
    hub,
    advance: (ms) => timers.advance(ms, () => hub.idle()),
    paths: () => sim.stats().byPath,
  };
}

function withCache(): CacheDb {
  const cache = tempCache();
  cleanups.push(() => cache.dispose());
  return cache.db;
}

describe('FeedHub with the simulator: fewest requests', () => {
  it('coalesces two clients into one request per group per tick, each pushed its slice', async () => {
    const { hub, advance, paths } = await rig(planOf('premium'));
    const a = new Recorder();
    const b = new Recorder();
    hub.subscribe('window-1', stockQuotes(['AAPL', 'MSFT', 'NVDA']), a.push);
    hub.subscribe('window-2', stockQuotes(['MSFT', 'NVDA', 'TSLA']), b.push);
    hub.subscribe(
      'window-2',
      { kind: 'quotes', class: 'crypto', region: 'BA', exchange: '', codes: ['BTCUSDT'] },
      b.push,
    );
    await advance(0);
    expect(paths()).toEqual({ '/stock/quotes': 1, '/crypto/quotes': 1 });
    expect(a.quoteCodes()).toEqual([['AAPL', 'MSFT', 'NVDA']]);
    expect(b.quoteCodes().flat().sort()).toEqual(['BTCUSDT', 'MSFT', 'NVDA', 'TSLA']);
    await advance(5000);
    expect(paths()).toEqual({ '/stock/quotes': 6, '/crypto/quotes': 6 });
    for (const p of a.of('quotes')) expect(Object.keys(p.quotes)).not.toContain('TSLA');
    expect(a.state).toBe('live');
  });

  it('chunks at the plan maximum: 25 unique codes on Base are 3 requests a tick', async () => {
    const { hub, advance, paths } = await rig(planOf('base'), { requestsPerMinute: 1000 });
    // Listed codes: the simulator gives a code outside its catalog no data.
    const codes = catalogOf('stock', 'US')
      .slice(0, 25)
      .map((e) => e.code);
    const rs = [new Recorder(), new Recorder(), new Recorder()];
    hub.subscribe('w1', stockQuotes(codes.slice(0, 12)), rs[0]!.push);
    hub.subscribe('w2', stockQuotes(codes.slice(8, 20)), rs[1]!.push);
    hub.subscribe('w3', stockQuotes(codes.slice(15)), rs[2]!.push);
    await advance(0);
    expect(paths()['/stock/quotes']).toBe(3);
    await advance(2000);
    expect(paths()['/stock/quotes']).toBe(9);
    expect(Object.keys(rs[2]!.of('quotes')[0]!.quotes).sort()).toEqual(codes.slice(15).sort());
    expect(hub.status().budget).toMatchObject({ wantedPerMinute: 180, stretch: 1 });
  });

  it('serves every kind and writes it to the cache', async () => {
    const db = withCache();
    const { hub, advance, paths } = await rig(planOf('premium'), { db, source: () => 'demo' });
    const btc = { class: 'crypto', region: 'BA', exchange: '', code: 'BTCUSDT' } as const;
    const series: SeriesKey = { ...btc, kType: 1 };
    const r = new Recorder();
    hub.subscribe(
      'w',
      { kind: 'depth', class: 'crypto', region: 'BA', exchange: '', codes: ['BTCUSDT'] },
      r.push,
    );
    hub.subscribe('w', { kind: 'ticks', region: 'BA', codes: ['BTCUSDT', 'ETHUSDT'] }, r.push);
    hub.subscribe('w', { kind: 'candles', series }, r.push);
    hub.subscribe('w', { kind: 'news', market: 'crypto', lang: 'en' }, r.push);
    await advance(0);
    expect(paths()).toEqual({
      '/crypto/depths': 1,
      '/crypto/ticks': 1,
      '/crypto/klines': 1,
      '/news': 1,
    });
    expect(r.of('depth')[0]!.books.BTCUSDT!.asks.length).toBeGreaterThan(0);
    expect(Object.keys(r.of('ticks')[0]!.ticks).sort()).toEqual(['BTCUSDT', 'ETHUSDT']);
    expect(r.of('candles')[0]!.page.candles).toHaveLength(3);
    expect(r.of('news')[0]!.items.length).toBeGreaterThan(0);
    expect(loadSnapshots(db, 'demo', 'depth', [btc]).size).toBe(1);
    expect(loadSnapshots(db, 'demo', 'tick', [btc]).size).toBe(1);
    expect(readNewestCandles(db, 'demo', series, 10)).toHaveLength(3);
    const news = readNewestNews(db, 'demo', { market: 'crypto', lang: 'en' }, 50);
    expect(news.length).toBeGreaterThan(0);
    // The forming candle moves: the next 1m poll (2 s) pushes it.
    await advance(2000);
    expect(paths()['/crypto/klines']).toBe(2);
    expect(r.of('candles').length).toBe(2);
  });
});

describe('FeedHub with the simulator: failures', () => {
  it('backs off while the service fails and recovers when it heals', async () => {
    const { hub, sim, advance, paths } = await rig(planOf('premium'));
    const r = new Recorder();
    hub.subscribe('w', stockQuotes(['AAPL']), r.push);
    await advance(0);
    sim.setFaults({ errorRate: 1 });
    sim.resetStats();
    await advance(60_000);
    // Without backoff, 60; with it: at 1 s, then 2, 4, 8 and 16 s later (3, 7, 15, 31 s).
    expect(paths()['/stock/quotes']).toBe(5);
    expect(sim.stats().byStatus['200']).toBeUndefined();
    expect(r.state).toBe('stale');
    expect(r.status!.message).toMatch(/50\d/);
    sim.setFaults({});
    sim.resetStats();
    await advance(40_000);
    expect(r.state).toBe('live');
    // The next retry, 32 s later at 63 s, succeeds; from then on every second: 1 + 37.
    expect(paths()['/stock/quotes']).toBe(38);
  });

  it('stretches to a small budget and never meets a 429', async () => {
    const budget = 30;
    const { hub, sim, advance } = await rig(
      planOf('premium'),
      { requestsPerMinute: budget },
      { faults: { rateLimit: { requests: budget, windowMs: 60_000 } } },
    );
    hub.subscribe('w', stockQuotes(['AAPL', 'MSFT']), new Recorder().push);
    hub.subscribe(
      'w',
      { kind: 'quotes', class: 'crypto', region: 'BA', exchange: '', codes: ['BTCUSDT'] },
      new Recorder().push,
    );
    hub.subscribe(
      'w',
      { kind: 'depth', class: 'stock', region: 'US', exchange: '', codes: ['AAPL'] },
      new Recorder().push,
    );
    // The hub's polls are background work: 90 % of a quarter of 30 a minute.
    expect(hub.status().budget).toEqual({
      requestsPerMinute: 6.3,
      wantedPerMinute: 180,
      stretch: 180 / 6.3,
      oneOffRequests: 0,
    });
    await advance(180_000);
    const stats = sim.stats();
    expect(stats.byStatus['429']).toBeUndefined();
    // Three minutes at 6.3, the start's first polls included; never past the quarter (7).
    expect(stats.requests).toBeGreaterThanOrEqual(3 * 6);
    expect(stats.requests).toBeLessThanOrEqual(3 * 7);
  });

  it('goes offline when the service dies, keeps serving the cache, and comes back', async () => {
    const db = withCache();
    const timers = new ManualTimers();
    const cached = { db, source: () => 'demo' as const };
    const { hub, sim, advance } = await rig(planOf('premium'), cached, {}, timers);
    const a = new Recorder();
    hub.subscribe('w', stockQuotes(['AAPL', 'MSFT']), a.push);
    await advance(0);
    expect(a.state).toBe('live');
    const port = sim.port;
    await sim.close();
    await advance(3000);
    expect(hub.health.snapshot().state).toBe('offline');
    expect(hub.health.snapshot().since).not.toBeNull();
    expect(a.state).toBe('offline');

    // A second process (new hub, same cache, dead service) paints from the cache first.
    const fresh = new FeedHub({
      client: clientFor(`http://127.0.0.1:${port}`, planOf('premium')),
      plan: planOf('premium'),
      db,
      source: () => 'demo',
      timers,
      now: timers.now,
    });
    cleanups.push(() => fresh.dispose());
    const b = new Recorder();
    fresh.subscribe('w', stockQuotes(['MSFT']), b.push);
    await timers.advance(0, () => fresh.idle());
    expect(b.events[0]).toMatchObject({ event: 'quotes' });
    expect(b.quoteCodes()).toEqual([['MSFT']]);
    await timers.advance(5000, () => fresh.idle());
    expect(fresh.health.snapshot().state).toBe('offline');
    expect(b.state).toBe('offline');

    // The service returns on the same port: the probes find it.
    const again = await startSimulator({ port, plan: planOf('premium'), now: timers.now, seed: 5 });
    cleanups.push(() => again.close());
    await advance(30_000);
    expect(hub.health.snapshot()).toMatchObject({ state: 'live', lastError: null });
    expect(a.state).toBe('live');
    expect(again.stats().requests).toBeGreaterThan(0);
  });
});
