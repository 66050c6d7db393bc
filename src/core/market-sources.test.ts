import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type SimulatorHandle } from '../simulator';
import { SyntheticMarket } from '../simulator/market/synthetic-market';
import type { MarketModel } from '../simulator';
import { liveSourceId, planOf, type SeriesKey } from '../shared/model';
import { isApiError, MarketClient } from './api';
import { isOfflineError, isUnknownSymbol } from './cache';
import { MarketSources } from './market-sources';

const TOKEN = 'sources-test-token';
const series = (code: string, over: Partial<SeriesKey> = {}): SeriesKey => ({
  class: 'crypto',
  region: 'BA',
  exchange: '',
  code,
  kType: 5,
  ...over,
});

/** The synthetic market, except that the code GONE is never answered. */
function marketWithGap(): MarketModel {
  const market = new SyntheticMarket({ seed: 3 });
  return {
    quote: (...a) => market.quote(...a),
    depth: (...a) => market.depth(...a),
    klines: (cls, region, exchange, code, ...rest) =>
      code === 'GONE' ? (null as never) : market.klines(cls, region, exchange, code, ...rest),
    tick: (...a) => market.tick(...a),
    info: (...a) => market.info(...a),
    news: (...a) => market.news(...a),
  };
}

describe('MarketSources', () => {
  let sim: SimulatorHandle;
  let sources: MarketSources;

  beforeAll(async () => {
    sim = await startSimulator({ port: 0, token: TOKEN, market: marketWithGap() });
    sources = new MarketSources(
      new MarketClient({ token: TOKEN, baseUrl: sim.url, plan: planOf('premium') }),
      liveSourceId(sim.url),
    );
  });
  afterAll(() => sim.close());

  it('merges candle fetches started together into one batch request', async () => {
    sim.resetStats();
    const [btc, eth] = await Promise.all([
      sources.fetchCandles(series('BTCUSDT'), { limit: 5 }),
      sources.fetchCandles(series('ETHUSDT'), { limit: 5 }),
    ]);
    expect(sim.stats().byPath['/crypto/klines']).toBe(1);
    expect(btc).toHaveLength(5);
    expect(eth).toHaveLength(5);
    expect(btc[0]!.close).not.toBe(eth[0]!.close);
  });

  it('keeps different intervals in separate requests', async () => {
    sim.resetStats();
    const [hourly, daily] = await Promise.all([
      sources.fetchCandles(series('BTCUSDT'), { limit: 2 }),
      sources.fetchCandles(series('BTCUSDT', { kType: 8 }), { limit: 2 }),
    ]);
    expect(sim.stats().byPath['/crypto/klines']).toBe(2);
    expect(daily[1]!.time - daily[0]!.time).toBe(86_400_000);
    expect(hourly[1]!.time - hourly[0]!.time).toBe(3_600_000);
  });

  it('pages back with endTime as the API et (candles at or before it)', async () => {
    const newest = await sources.fetchCandles(series('BTCUSDT'), { limit: 3 });
    const endTime = newest[0]!.time - 1;
    const older = await sources.fetchCandles(series('BTCUSDT'), { limit: 3, endTime });
    expect(older).toHaveLength(3);
    expect(older.every((c) => c.time <= endTime)).toBe(true);
  });

  it('names the source its answers come from', () => {
    expect(sources.sourceId).toBe(`live:${sim.url}`);
  });

  it('rejects a code the service has no record for as unknown, without failing the others', async () => {
    const [ok, gone] = await Promise.allSettled([
      sources.fetchCandles(series('BTCUSDT'), { limit: 2 }),
      sources.fetchCandles(series('GONE'), { limit: 2 }),
    ]);
    expect(ok.status).toBe('fulfilled');
    expect(gone.status).toBe('rejected');
    const reason = (gone as PromiseRejectedResult).reason as unknown;
    expect(isApiError(reason) && reason.message).toMatch(/^unknown symbol: .*no candles for GONE/);
    expect(isUnknownSymbol(reason)).toBe(true);
    expect(isOfflineError(reason)).toBe(false);
  });

  it('throws a refused token as an ApiError that is not "offline"', async () => {
    const wrong = new MarketSources(
      new MarketClient({ token: 'nope-nope', baseUrl: sim.url }),
      liveSourceId(sim.url),
    );
    const error = await wrong.fetchCandles(series('BTCUSDT'), { limit: 2 }).catch((e) => e);
    expect(isApiError(error) && error.kind).toBe('auth');
    expect(isOfflineError(error)).toBe(false);
  });

  it('refuses a class without candles', async () => {
    const error = await sources
      .fetchCandles(series('SPY', { class: 'fund', region: 'US' }), { limit: 2 })
      .catch((e) => e);
    expect(isApiError(error) && error.kind).toBe('invalid-request');
    expect(String(error.message)).toMatch(/stock, indices, crypto, forex/);
  });

  it('fetches news pages and follows the cursor', async () => {
    const first = await sources.fetchNews({ market: 'stock', lang: 'en', limit: 3 });
    expect(first.items).toHaveLength(3);
    const second = await sources.fetchNews({
      market: 'stock',
      lang: 'en',
      limit: 3,
      cursor: first.nextCursor,
    });
    expect(second.items[0]!.publishedAt).toBeLessThanOrEqual(first.items[2]!.publishedAt);
    expect(second.items.map((i) => i.id)).not.toContain(first.items[0]!.id);
  });

  it('throws an unreachable service as an offline error', async () => {
    const closed = await startSimulator({ port: 0 });
    const url = closed.url;
    await closed.close();
    const client = new MarketClient({ token: 't', baseUrl: url, retry: { attempts: 1 } });
    const offline = new MarketSources(client, liveSourceId(url));
    const candles = await offline.fetchCandles(series('BTCUSDT'), { limit: 2 }).catch((e) => e);
    const news = await offline.fetchNews({ market: 'stock', lang: 'en', limit: 2 }).catch((e) => e);
    expect(isOfflineError(candles)).toBe(true);
    expect(isOfflineError(news)).toBe(true);
  });
});
