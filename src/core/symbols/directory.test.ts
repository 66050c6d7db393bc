import { beforeAll, describe, expect, it } from 'vitest';
import type { DataSourceId, DirectoryEntry, StockInfo } from '../../shared/model';
import { planOf } from '../../shared/model';
import { CATALOG } from '../../simulator';
import { useSimulator } from '../../simulator/test-helpers';
import { ApiError, err, MarketClient, ok, type Result } from '../api';
import { closeCache, openCache, saveSnapshots, upsertCandles } from '../cache';
import { SymbolDirectory, type ListingClient } from './directory';
import { seenInCache } from './seen';

const sim = useSimulator({ port: 0 });
let demoClient: MarketClient;
beforeAll(() => {
  demoClient = new MarketClient({ token: 'demo', baseUrl: sim.url, plan: planOf('premium') });
});

/** A live service's list: `lists` by `class:region`, else the error; counts requests. */
function fakeService(lists: Record<string, DirectoryEntry[]> | ApiError) {
  const asked: string[] = [];
  const client: ListingClient = {
    symbolList: (p) => {
      asked.push(`${p.class}:${p.region ?? '*'}`);
      if (lists instanceof ApiError) return Promise.resolve(err(lists));
      return Promise.resolve(ok(lists[`${p.class}:${p.region}`] ?? []) as Result<DirectoryEntry[]>);
    },
  };
  return { client, asked };
}

const notFound = new ApiError({
  kind: 'http',
  operation: 'symbolList',
  message: 'HTTP 404',
  status: 404,
});
const LIVE: DataSourceId = 'live:https://api.itick.org';

/** The directory's first answer to a search for `text`. */
const firstFound = async (dir: SymbolDirectory, text: string) =>
  (await dir.search({ text })).results[0];

describe('demo: the simulator’s catalog, nothing else', () => {
  const demoDirectory = () =>
    new SymbolDirectory({ source: () => 'demo', client: () => demoClient });

  it.each([
    ['tencent', { code: '700', region: 'HK', origin: 'listed', exchange: 'HKEX' }],
    ['apple', { code: 'AAPL', region: 'US' }],
    ['btc', { code: 'BTCUSDT', region: 'BA' }],
  ])('finds the issue’s case "%s" in the catalog', async (text, first) => {
    expect(await firstFound(demoDirectory(), text)).toMatchObject(first);
  });

  it('searches the whole catalog and says it is the demo’s', async () => {
    const tencent = await demoDirectory().search({ text: 'tencent' });
    expect(tencent.size).toBe(CATALOG.length);
    expect(tencent.source).toBe('demo');
  });

  it('never offers the shipped list or the cache in demo mode', async () => {
    const dir = new SymbolDirectory({
      source: () => 'demo',
      client: () => demoClient,
      seen: () => [
        { class: 'stock', region: 'US', code: 'SEENONLY', name: 'Seen Only', exchange: '' },
      ],
    });
    // Nestlé's ADR is on the shipped list, not in the demo catalog.
    expect((await dir.search({ text: 'nestle' })).results).toEqual([]);
    expect((await dir.search({ text: 'seenonly' })).results).toEqual([]);
  });
});

describe('live', () => {
  it('without a list at the service: the seen set and the shipped list, and the list is not asked again', async () => {
    const { client, asked } = fakeService(notFound);
    const dir = new SymbolDirectory({
      source: () => LIVE,
      client: () => client,
      seen: () => [
        { class: 'stock', region: 'US', code: 'ZQX', name: 'Zenith Quux Corp.', exchange: 'NYSE' },
      ],
    });
    await dir.load();
    expect(asked).toHaveLength(1);
    const apple = await dir.search({ text: 'apple' });
    expect(apple.results[0]).toMatchObject({ code: 'AAPL', origin: 'shipped' });
    expect(apple.loading).toBe(false);
    expect(await firstFound(dir, 'zenith')).toMatchObject({
      code: 'ZQX',
      origin: 'seen',
    });
    await dir.load();
    expect(asked).toHaveLength(1);
  });

  it('adds the service’s list, which vouches for what it names', async () => {
    const { client, asked } = fakeService({
      'stock:US': [
        { class: 'stock', region: 'US', code: 'AAPL', name: 'Apple Inc.', exchange: 'NASDAQ' },
        { class: 'stock', region: 'US', code: 'WDGT', name: 'Widget Works', exchange: 'NYSE' },
      ],
    });
    const dir = new SymbolDirectory({ source: () => LIVE, client: () => client });
    await dir.load({ class: 'stock', region: 'us' });
    expect(asked).toEqual(['stock:US']);
    expect(await firstFound(dir, 'widget')).toMatchObject({
      code: 'WDGT',
      origin: 'listed',
    });
    expect(await firstFound(dir, 'aapl')).toMatchObject({
      code: 'AAPL',
      origin: 'listed',
    });
  });

  it('reads the lists in the background: a search answers at once, loading', async () => {
    let release: () => void = () => undefined;
    const client: ListingClient = {
      symbolList: () =>
        new Promise((resolve) => {
          release = () => resolve(err(notFound));
        }),
    };
    const dir = new SymbolDirectory({ source: () => LIVE, client: () => client });
    const first = await dir.search({ text: 'tencent' });
    expect(first).toMatchObject({ loading: true, source: LIVE });
    expect(first.results[0]).toMatchObject({ code: '700', origin: 'shipped' });
    const pass = dir.load();
    release();
    await pass;
    expect((await dir.search({ text: 'tencent' })).loading).toBe(false);
  });

  it('keeps demo and live apart when the source changes', async () => {
    let source: DataSourceId = 'demo';
    const live = fakeService(notFound).client;
    const dir = new SymbolDirectory({
      source: () => source,
      client: () => (source === 'demo' ? demoClient : live),
    });
    // The status fixtures are demo-only instruments.
    expect((await dir.search({ text: 'suspended example' })).results.length).toBeGreaterThan(0);
    source = LIVE;
    expect((await dir.search({ text: 'suspended example' })).results).toEqual([]);
    expect((await firstFound(dir, 'nestle'))?.code).toBe('NSRGY');
  });
});

describe('the seen set from the cache', () => {
  it('reads snapshots and series of one source only, with stock info’s names', () => {
    const { db } = openCache(':memory:');
    try {
      const info = { code: '700', name: 'Tencent Holdings Ltd.', exchange: 'HKEX' } as StockInfo;
      saveSnapshots(db, LIVE, 'info', [
        {
          instrument: { class: 'stock', region: 'HK', exchange: '', code: '700' },
          record: info,
          at: 1,
        },
      ]);
      upsertCandles(
        db,
        LIVE,
        { class: 'crypto', region: 'BA', exchange: '', code: 'BTCUSDT', kType: 8 },
        [{ time: 0, open: 1, high: 1, low: 1, close: 1, volume: 1, turnover: 1 }],
      );
      upsertCandles(
        db,
        'demo',
        { class: 'stock', region: 'US', exchange: '', code: 'AAPL', kType: 8 },
        [{ time: 0, open: 1, high: 1, low: 1, close: 1, volume: 1, turnover: 1 }],
      );
      expect(seenInCache(db, LIVE)).toEqual([
        {
          class: 'stock',
          region: 'HK',
          code: '700',
          name: 'Tencent Holdings Ltd.',
          exchange: 'HKEX',
        },
        { class: 'crypto', region: 'BA', code: 'BTCUSDT', name: '', exchange: '' },
      ]);
      expect(seenInCache(db, 'demo').map((e) => e.code)).toEqual(['AAPL']);
    } finally {
      closeCache(db);
    }
  });
});
