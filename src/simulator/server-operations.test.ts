import { describe, expect, it } from 'vitest';
import { OPERATIONS, OPERATION_NAMES, type OperationSpec } from '../shared/api/operations';
import type { AssetClass } from '../shared/model';
import { MAX_KLINE_LIMIT } from './params';
import { startSimulator } from './server';
import {
  call,
  expectDepth,
  expectInfo,
  expectKlines,
  expectNews,
  expectQuote,
  expectTick,
  failed,
  ok,
  useSimulator,
} from './test-helpers';

/** A fixed clock: Friday 2026-11-20 15:00 UTC, inside US trading hours. */
const NOW = Date.UTC(2026, 10, 20, 15, 0);

const SAMPLE: Record<AssetClass, { region: string; codes: [string, string] }> = {
  stock: { region: 'US', codes: ['AAPL', 'MSFT'] },
  crypto: { region: 'BA', codes: ['BTCUSDT', 'ETHUSDT'] },
  fund: { region: 'US', codes: ['SPY', 'QQQ'] },
  indices: { region: 'GB', codes: ['FTSE', 'DJI'] },
  forex: { region: 'GB', codes: ['EURUSD', 'GBPUSD'] },
  future: { region: 'US', codes: ['NQ', 'ES'] },
};

/** A valid query for every operation; batch codes carry a repeat that must collapse. */
function queryFor(spec: OperationSpec): string {
  if (spec.kind === 'news') return 'market=stock&lang=en&limit=5';
  const { region, codes } = SAMPLE[spec.class!];
  const parts = [`region=${region}`];
  parts.push(spec.batch ? `codes=${codes[0]},${codes[1]},${codes[0]}` : `code=${codes[0]}`);
  if (spec.kind === 'klines') parts.push('kType=1', 'limit=30');
  if (spec.kind === 'info') parts.push('type=stock');
  return parts.join('&');
}

const sim = useSimulator({ port: 0, seed: 7, now: () => NOW });

describe('every operation of the contract', () => {
  it('routes exactly the 20 operations of OPERATIONS', () => {
    expect(OPERATION_NAMES).toHaveLength(20);
  });

  it.each(OPERATION_NAMES)('%s answers the spec shape', async (name) => {
    const spec: OperationSpec = OPERATIONS[name];
    const data = ok(await call(sim.url, `${spec.path}?${queryFor(spec)}`));
    if (spec.kind === 'news') return expectNews(data, 5);
    const crypto = spec.class === 'crypto';
    const [a, b] = SAMPLE[spec.class!].codes;
    if (!spec.batch) {
      if (spec.kind === 'info') return expectInfo(data, a);
      return expectDepth(data, a);
    }
    const byCode = data as Record<string, unknown>;
    expect(Object.keys(byCode)).toEqual([a, b]);
    for (const code of [a, b]) {
      const rec = byCode[code];
      if (spec.kind === 'depth') expectDepth(rec, code);
      else if (spec.kind === 'quotes') expectQuote(rec, code, crypto);
      else if (spec.kind === 'klines') expectKlines(rec, 30);
      else if (spec.kind === 'ticks') expectTick(rec, code);
    }
  });
});

describe('klines', () => {
  it('pages backward with et, never longer than limit', async () => {
    const path = '/crypto/klines?region=BA&codes=BTCUSDT&kType=1&limit=10';
    const first = (ok(await call(sim.url, path)) as Record<string, { t: number }[]>).BTCUSDT!;
    expectKlines(first, 10);
    expect(first).toHaveLength(10);
    const et = first[0]!.t - 1;
    const page = (ok(await call(sim.url, `${path}&et=${et}`)) as Record<string, { t: number }[]>)
      .BTCUSDT!;
    expect(page).toHaveLength(10);
    expect(page.at(-1)!.t).toBeLessThanOrEqual(et);
    expect(page.at(-1)!.t).toBe(first[0]!.t - 60_000);
  });

  it.each([8, 9, 10])('stock kType %i respects limit', async (kType) => {
    const data = ok(
      await call(sim.url, `/stock/klines?region=US&codes=AAPL&kType=${kType}&limit=7`),
    ) as Record<string, unknown>;
    expectKlines(data.AAPL, 7);
  });

  it('accepts kType 6 and 7 for crypto only', async () => {
    for (const kType of [6, 7]) {
      const data = ok(
        await call(sim.url, `/crypto/klines?region=BA&codes=BTCUSDT&kType=${kType}&limit=3`),
      ) as Record<string, unknown>;
      expectKlines(data.BTCUSDT, 3);
      const stock = await call(
        sim.url,
        `/stock/klines?region=US&codes=AAPL&kType=${kType}&limit=3`,
      );
      expect(stock.status).toBe(400);
    }
  });

  it('serves a huge limit shorter rather than failing', async () => {
    const data = ok(
      await call(sim.url, '/crypto/klines?region=BA&codes=BTCUSDT&kType=1&limit=999999'),
    ) as Record<string, unknown[]>;
    expect(data.BTCUSDT!.length).toBe(MAX_KLINE_LIMIT);
  });
});

describe('news', () => {
  it('pages with the cursor it hands out', async () => {
    const first = ok(await call(sim.url, '/news?market=crypto&lang=en&limit=3')) as {
      data: { id: string }[];
      pagination: { nextCursor: string; hasMore: boolean };
    };
    expectNews(first, 3);
    expect(first.pagination.hasMore).toBe(true);
    const cursor = encodeURIComponent(first.pagination.nextCursor);
    const next = ok(
      await call(sim.url, `/news?market=crypto&lang=en&limit=3&cursor=${cursor}`),
    ) as {
      data: { id: string }[];
    };
    expectNews(next, 3);
    const seen = new Set(first.data.map((n) => n.id));
    expect(next.data.some((n) => seen.has(n.id))).toBe(false);
  });

  it('defaults limit when absent', async () => {
    expectNews(ok(await call(sim.url, '/news?market=stock&lang=hk')), 20);
  });
});

describe('lenient edges', () => {
  it('keeps a code named like an object property as a key, and refuses __proto__ as no code', async () => {
    const data = ok(await call(sim.url, '/stock/quotes?region=US&codes=constructor,A')) as object;
    expect(Object.keys(data)).toEqual(['constructor', 'A']);
    // The app's code shape (shared/model/symbols) starts with a letter or digit.
    failed(await call(sim.url, '/stock/quotes?region=US&codes=__proto__,A'), 400, /malformed code/);
  });

  it('accepts and ignores exchange outside stock, and passes it on stock', async () => {
    ok(await call(sim.url, '/crypto/quotes?region=BA&codes=BTCUSDT&exchange=XYZ'));
    const data = ok(
      await call(sim.url, '/stock/quotes?region=HK&exchange=HKEX&codes=700'),
    ) as Record<string, unknown>;
    expectQuote(data['700'], '700', false);
  });

  it('answers the same data for the same seed and clock', async () => {
    const other = await startSimulator({ port: 0, seed: 7, now: () => NOW });
    try {
      const path = '/stock/klines?region=US&codes=AAPL&kType=5&limit=20';
      expect((await call(other.url, path)).text).toBe((await call(sim.url, path)).text);
    } finally {
      await other.close();
    }
  });
});
