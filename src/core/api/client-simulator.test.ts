/**
 * The client against the real simulator (src/simulator): all 20 operations, batches
 * larger than the plan allows, the token header, plan denials, unknown codes and
 * injected faults.
 */
import { beforeEach, describe, expect, it } from 'vitest';
import { OPERATION_NAMES, OPERATIONS } from '../../shared/api/operations';
import type { AssetClass } from '../../shared/model';
import { planOf } from '../../shared/model';
import { catalogOf } from '../../simulator';
import { useSimulator } from '../../simulator/test-helpers';
import { MarketClient } from './client';
import type { BatchResult, Result } from './result';
import { shapeOf } from './shapes';
import { FakeClock } from './test-helpers';

const TOKEN = 'sim-token';
const REGION: Record<AssetClass, string> = {
  stock: 'US',
  crypto: 'BA',
  fund: 'US',
  indices: 'GB',
  forex: 'GB',
  future: 'US',
};
/** 12 listed codes per class: more than the Base plan's 10, so every batch needs two requests. */
const CODES = (cls: AssetClass) =>
  catalogOf(cls, REGION[cls])
    .map((e) => e.code)
    .slice(0, 12);

const sim = useSimulator({
  port: 0,
  seed: 7,
  token: TOKEN,
  plan: planOf('base'),
  deniedMarkets: ['stock:JP'],
});
beforeEach(() => {
  sim.setFaults({});
  sim.resetStats();
});

const client = (token = TOKEN) =>
  new MarketClient({
    token,
    baseUrl: sim.url,
    plan: planOf('base'),
    requestsPerMinute: Infinity,
    clock: new FakeClock(),
    random: () => 0,
  });

function paramsFor(name: (typeof OPERATION_NAMES)[number]): Record<string, unknown> {
  const spec = OPERATIONS[name];
  const region = spec.class === null ? undefined : REGION[spec.class];
  switch (shapeOf(OPERATIONS[name])) {
    case 'news':
      return { market: 'stock', lang: 'en', limit: 5 };
    case 'depth':
      return { region, code: CODES(spec.class!)[1] };
    case 'info':
      return { region, code: 'AAPL', type: 'stock' };
    case 'klines':
      return { region, codes: CODES(spec.class!), kType: 8, limit: 30 };
    default:
      return { region, codes: CODES(spec.class!) };
  }
}

describe('MarketClient against the simulator', () => {
  it.each(OPERATION_NAMES)('%s returns normalised data', async (name) => {
    const r = (await client().call(name, paramsFor(name) as never)) as Result<unknown>;
    if (!r.ok) throw new Error(`${name}: ${r.error.kind}: ${r.error.message}`);
    const shape = shapeOf(OPERATIONS[name]);
    const path = OPERATIONS[name].path;
    if (OPERATIONS[name].batch) {
      const b = r.value as BatchResult<unknown>;
      expect(Object.keys(b.data)).toEqual(CODES(OPERATIONS[name].class!));
      expect(b.missing).toEqual([]);
      expect(b.failed).toEqual({});
      // 12 codes on a Base plan: two requests, none refused for exceeding the plan.
      expect(sim.stats().byPath[path]).toBe(2);
      if (shape === 'klines') {
        for (const series of Object.values(b.data as Record<string, { time: number }[]>)) {
          expect(series.length).toBeGreaterThan(0);
          expect(series.length).toBeLessThanOrEqual(30);
          for (let i = 1; i < series.length; i++)
            expect(series[i]!.time).toBeGreaterThan(series[i - 1]!.time);
        }
      }
    } else {
      expect(r.value).toBeTypeOf('object');
      expect(sim.stats().byPath[path]).toBe(1);
    }
    expect(sim.stats().byStatus['200']).toBe(sim.stats().requests);
  });

  it('pages news with the cursor', async () => {
    const c = client();
    const first = await c.news({ market: 'stock', lang: 'en', limit: 3 });
    if (!first.ok) throw new Error(first.error.message);
    expect(first.value.items).toHaveLength(3);
    expect(first.value.nextCursor).not.toBeNull();
    const next = await c.news({
      market: 'stock',
      lang: 'en',
      limit: 3,
      cursor: first.value.nextCursor!,
    });
    if (!next.ok) throw new Error(next.error.message);
    expect(next.value.items[0]!.publishedAt).toBeLessThanOrEqual(first.value.items[2]!.publishedAt);
  });

  it('reports an unknown code of a single-symbol operation as unknown-symbol', async () => {
    const info = await client().info({ region: 'US', code: 'TENCENT' });
    expect(info.ok ? null : info.error).toMatchObject({
      kind: 'unknown-symbol',
      symbol: 'TENCENT',
    });
    expect(info.ok ? '' : info.error.message).toMatch(/^TENCENT is not a known stock symbol in US/);
    const depth = await client().depth('crypto', { region: 'BA', code: 'FOOUSDT' });
    expect(depth.ok ? null : depth.error.kind).toBe('unknown-symbol');
    const wrongRegion = await client().depth('stock', { region: 'XX', code: 'AAPL' });
    expect(wrongRegion.ok ? null : wrongRegion.error.kind).toBe('unknown-symbol');
  });

  it('reports the unknown codes of a batch as missing and reads the rest', async () => {
    const r = await client().quotes('stock', { region: 'US', codes: ['AAPL', 'ZZZZ', 'FOOBAR'] });
    if (!r.ok) throw new Error(r.error.message);
    expect(Object.keys(r.value.data)).toEqual(['AAPL']);
    expect(r.value.missing).toEqual(['ZZZZ', 'FOOBAR']);
    const k = await client().klines('stock', { region: 'XX', codes: 'AAPL', kType: 8, limit: 2 });
    expect(k.ok ? k.value.missing : null).toEqual(['AAPL']);
  });

  it('gets one instrument and one price for 700 and 00700, aapl and AAPL', async () => {
    const hk = await client().quotes('stock', { region: 'HK', codes: ['700', '00700'] });
    if (!hk.ok) throw new Error(hk.error.message);
    expect(hk.value.data['00700']!.last).toBe(hk.value.data['700']!.last);
    const us = await client().quotes('stock', { region: 'US', codes: ['aapl', 'AAPL'] });
    if (!us.ok) throw new Error(us.error.message);
    expect(us.value.data.aapl!.last).toBe(us.value.data.AAPL!.last);
  });

  it('reports a wrong token as auth', async () => {
    const r = await client('wrong').quotes('stock', { region: 'US', codes: 'AAPL' });
    expect(r.ok ? null : r.error.kind).toBe('auth');
  });

  it('reports a market outside the plan as not-entitled', async () => {
    const batch = await client().quotes('stock', { region: 'JP', codes: '7203' });
    expect(batch.ok ? null : batch.error.kind).toBe('not-entitled');
    const single = await client().info({ region: 'JP', code: '7203' });
    expect(single.ok ? null : single.error.kind).toBe('not-entitled');
  });

  it('retries injected server errors and then reports them', async () => {
    sim.setFaults({ errorRate: 1 });
    const r = await client().quotes('stock', { region: 'US', codes: 'AAPL' });
    expect(r.ok ? null : r.error.kind).toBe('http');
    expect(sim.stats().requests).toBe(3);
  });

  it('turns malformed bodies into schema errors, never a crash or a wrong number', async () => {
    sim.setFaults({ malformedRate: 1 });
    for (let i = 0; i < 8; i++) {
      const r = await client().quotes('stock', { region: 'US', codes: ['AAPL', 'MSFT'] });
      if (r.ok) {
        for (const q of Object.values(r.value.data)) expect(Number.isFinite(q.last)).toBe(true);
        for (const e of Object.values(r.value.failed)) expect(e.kind).toBe('schema');
        expect(
          Object.keys(r.value.data).length +
            Object.keys(r.value.failed).length +
            r.value.missing.length,
        ).toBe(2);
      } else {
        expect(r.error.kind).toBe('schema');
      }
    }
  });
});
