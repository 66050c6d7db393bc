/**
 * The symbol list: the lenient reader over the shapes a service may answer, and the
 * client against the simulator's list (the demo catalog), its errors and a service
 * without the operation.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { planOf } from '../../shared/model';
import { catalogOf } from '../../simulator';
import { useSimulator } from '../../simulator/test-helpers';
import { MarketClient } from './client';
import { RecordIssue } from './read';
import { readSymbolList } from './symbol-list';

describe('readSymbolList', () => {
  it('reads the simulator’s shape', () => {
    expect(
      readSymbolList([{ c: '700', n: 'Tencent Holdings Ltd.', t: 'stock', e: 'HKEX', r: 'HK' }], {
        class: 'stock',
        region: 'HK',
      }),
    ).toEqual([
      {
        class: 'stock',
        region: 'HK',
        code: '700',
        name: 'Tencent Holdings Ltd.',
        exchange: 'HKEX',
      },
    ]);
  });

  it('reads other spellings, a wrapped list, numeric and suffixed codes', () => {
    const data = {
      list: [
        { code: '00700', name: 'Tencent', exchange: 'HKEX', type: 'stocks' },
        { symbol: 9988, name: 'Alibaba' },
        { s: '5.HK', n: 'HSBC' },
        { c: '700', n: 'duplicate' },
      ],
    };
    expect(readSymbolList(data, { class: 'stock', region: 'HK' })).toEqual([
      { class: 'stock', region: 'HK', code: '700', name: 'Tencent', exchange: 'HKEX' },
      { class: 'stock', region: 'HK', code: '9988', name: 'Alibaba', exchange: '' },
      { class: 'stock', region: 'HK', code: '5', name: 'HSBC', exchange: '' },
    ]);
  });

  it('leaves out what it cannot use: no code, a bad code, another class or region, no region', () => {
    const data = [
      { n: 'no code' },
      { c: 'bad code!', r: 'US' },
      { c: 'BTCUSDT', t: 'crypto', r: 'US' },
      { c: 'MSFT', r: 'GB' },
      { c: 'IBM' },
      'not a record',
      { c: 'AAPL', r: 'us', n: 'Apple Inc.' },
    ];
    expect(readSymbolList(data, { class: 'stock', region: 'US' }).map((e) => e.code)).toEqual([
      'IBM',
      'AAPL',
    ]);
    // Without a region asked, an entry must say its own.
    expect(readSymbolList(data, { class: 'stock' }).map((e) => `${e.code} ${e.region}`)).toEqual([
      'MSFT GB',
      'AAPL US',
    ]);
  });

  it('refuses an answer that holds no list', () => {
    expect(() => readSymbolList({ code: 0 }, { class: 'stock' })).toThrow(RecordIssue);
    expect(() => readSymbolList('text', { class: 'stock' })).toThrow(RecordIssue);
  });
});

describe('MarketClient.symbolList against the simulator', () => {
  const sim = useSimulator({ port: 0, token: 't', deniedMarkets: ['stock:JP'] });
  let client: MarketClient;
  beforeAll(() => {
    client = new MarketClient({
      token: 't',
      baseUrl: sim.url,
      plan: planOf('premium'),
      retry: { attempts: 1 },
    });
  });

  it('lists the catalog of a class and region', async () => {
    const r = await client.symbolList({ class: 'stock', region: 'HK' });
    expect(r.ok && r.value.length).toBe(catalogOf('stock', 'HK').length);
    expect(r.ok && r.value.find((e) => e.code === '700')).toEqual({
      class: 'stock',
      region: 'HK',
      code: '700',
      name: 'Tencent Holdings Ltd.',
      exchange: 'HKEX',
    });
  });

  it('lists every region of a class when none is asked', async () => {
    const r = await client.symbolList({ class: 'crypto' });
    expect(r.ok && new Set(r.value.map((e) => e.region))).toEqual(new Set(['BA', 'BT']));
    expect(r.ok && r.value.length).toBe(catalogOf('crypto').length);
  });

  it('answers a market outside the plan as not entitled, and a bad region as a 400', async () => {
    const denied = await client.symbolList({ class: 'stock', region: 'JP' });
    expect(!denied.ok && denied.error.kind).toBe('not-entitled');
    const bad = await client.symbolList({ class: 'stock', region: 'usa' });
    expect(!bad.ok && bad.error.kind).toBe('http');
  });

  it('answers an error from a service without the operation', async () => {
    const other = new MarketClient({
      token: 't',
      baseUrl: `${sim.url}/nothing-here`,
      retry: { attempts: 1 },
    });
    const r = await other.symbolList({ class: 'stock', region: 'US' });
    expect(!r.ok && r.error.kind).toBe('http');
    expect(!r.ok && r.error.status).toBe(404);
  });
});
