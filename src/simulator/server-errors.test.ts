import { afterEach, describe, expect, it } from 'vitest';
import { planOf, type Plan } from '../shared/model';
import type { MarketModel } from './market-model';
import { startSimulator, type SimulatorHandle } from './server';
import { call, failed, ok, useSimulator } from './test-helpers';

const NOW = Date.UTC(2026, 10, 20, 15, 0);

const sim = useSimulator({ port: 0, now: () => NOW });

describe('bad parameters answer 400', () => {
  it.each([
    ['/stock/quotes?codes=AAPL', /E400 bad parameter region: missing/],
    ['/stock/quotes?region=us&codes=AAPL', /bad parameter region/],
    ['/stock/quotes?region=USA&codes=AAPL', /bad parameter region/],
    ['/stock/quotes?region=US', /bad parameter codes: missing/],
    ['/stock/quotes?region=US&codes=', /bad parameter codes: missing/],
    ['/stock/quotes?region=US&codes=AAPL,,MSFT', /bad parameter codes: malformed/],
    ['/stock/quotes?region=US&codes=AA%20PL', /bad parameter codes: malformed/],
    [`/stock/quotes?region=US&codes=${'X'.repeat(33)}`, /bad parameter codes: malformed/],
    ['/stock/depth?region=US', /bad parameter code: missing/],
    ['/crypto/depth?region=BA&code=BTC/USDT', /bad parameter code: malformed/],
    ['/stock/klines?region=US&codes=AAPL&limit=5', /bad parameter kType: missing/],
    ['/stock/klines?region=US&codes=AAPL&kType=11&limit=5', /bad parameter kType/],
    ['/stock/klines?region=US&codes=AAPL&kType=1m&limit=5', /bad parameter kType/],
    ['/forex/klines?region=GB&codes=EURUSD&kType=6&limit=5', /bad parameter kType/],
    ['/stock/klines?region=US&codes=AAPL&kType=1', /bad parameter limit: missing/],
    ['/stock/klines?region=US&codes=AAPL&kType=1&limit=0', /bad parameter limit/],
    ['/stock/klines?region=US&codes=AAPL&kType=1&limit=-3', /bad parameter limit/],
    ['/stock/klines?region=US&codes=AAPL&kType=1&limit=2.5', /bad parameter limit/],
    ['/stock/klines?region=US&codes=AAPL&kType=1&limit=5&et=yesterday', /bad parameter et/],
    ['/stock/info?region=US&code=AAPL', /bad parameter type: missing/],
    ['/news?lang=en', /bad parameter market: missing/],
    ['/news?market=stock', /bad parameter lang: missing/],
    ['/news?market=bonds&lang=en', /bad parameter market/],
    ['/news?market=stock&lang=fr', /bad parameter lang/],
    ['/news?market=stock&lang=en&limit=zero', /bad parameter limit/],
    ['/news?market=stock&lang=en&cursor=not-a-cursor', /bad parameter cursor/],
  ])('%s', async (path, msg) => {
    failed(await call(sim.url, path), 400, msg);
  });
});

describe('plan maximum of codes (spec section 8)', () => {
  const codes = (n: number) => Array.from({ length: n }, (_, i) => `C${i}`).join(',');
  const cases: [Plan, number][] = [
    [planOf('base'), 10],
    [planOf('professional'), 20],
    [planOf('premium'), 50],
    [planOf('enterprise', 75), 75],
  ];
  let planned: SimulatorHandle | undefined;
  afterEach(() => planned?.close());

  it.each(cases)('$name allows $maxCodes codes and refuses one more', async (plan, max) => {
    planned = await startSimulator({ port: 0, plan, now: () => NOW });
    const data = ok(await call(planned.url, `/stock/quotes?region=US&codes=${codes(max)}`));
    expect(Object.keys(data as object)).toHaveLength(max);
    failed(
      await call(planned.url, `/stock/quotes?region=US&codes=${codes(max + 1)}`),
      400,
      new RegExp(`^E003 exceeding the maximum subscription limit: ${max + 1} codes.*allows ${max}`),
    );
  });

  it('counts unique codes', async () => {
    planned = await startSimulator({ port: 0, plan: planOf('base'), now: () => NOW });
    ok(await call(planned.url, `/stock/quotes?region=US&codes=${codes(10)},C0,C1`));
  });

  it('applies only where the spec states a maximum', async () => {
    planned = await startSimulator({ port: 0, plan: planOf('base'), now: () => NOW });
    for (const path of [
      '/future/quotes?region=US',
      '/indices/depths?region=GB',
      '/crypto/ticks?region=BA',
    ]) {
      const data = ok(await call(planned.url, `${path}&codes=${codes(11)}`));
      expect(Object.keys(data as object)).toHaveLength(11);
    }
    failed(await call(planned.url, `/crypto/quotes?region=BA&codes=${codes(11)}`), 400, /^E003/);
  });
});

describe('paths and methods', () => {
  it('answers 404 for an unknown path, not tagged E001 (that means an unknown product)', async () => {
    failed(await call(sim.url, '/stock/quote?region=US&codes=A'), 404, /^E404 no operation at/);
    failed(await call(sim.url, '/'), 404, /^E404/);
  });

  it('answers 405 with Allow: GET for other methods', async () => {
    for (const method of ['POST', 'PUT', 'DELETE']) {
      const a = await call(sim.url, '/stock/quotes?region=US&codes=A', { method });
      failed(a, 405, new RegExp(`^E405 method ${method} not allowed`));
      expect(a.headers.get('allow')).toBe('GET');
    }
  });
});

describe('token', () => {
  let guarded: SimulatorHandle | undefined;
  afterEach(() => guarded?.close());

  it('accepts any token, or none, when none is configured', async () => {
    ok(await call(sim.url, '/crypto/ticks?region=BA&codes=BTCUSDT'));
    ok(await call(sim.url, '/crypto/ticks?region=BA&codes=BTCUSDT', { token: 'anything' }));
  });

  it('requires the configured token', async () => {
    guarded = await startSimulator({ port: 0, token: 's3cret', now: () => NOW });
    const path = '/crypto/ticks?region=BA&codes=BTCUSDT';
    failed(await call(guarded.url, path), 401, /^E002 auth failed: missing token/);
    failed(
      await call(guarded.url, path, { token: 'wrong' }),
      401,
      /^E002 auth failed: wrong token/,
    );
    ok(await call(guarded.url, path, { token: 's3cret' }));
  });
});

describe('unknown products (codes outside the catalog)', () => {
  /** The E001 envelope of the convention: HTTP 200, code 1, data null. */
  function unknownProduct(a: Awaited<ReturnType<typeof call>>, msg: RegExp): void {
    expect(a.status, a.text).toBe(200);
    expect(a.json).toEqual({ code: 1, msg: expect.stringMatching(msg) as unknown, data: null });
    expect(a.json?.msg).toMatch(/^E001 not found this produce: /);
  }

  it.each([
    ['/stock/depth?region=US&code=ZZZZ', /no stock ZZZZ in US/],
    ['/stock/depth?region=US&code=TENCENT', /no stock TENCENT in US/],
    ['/stock/depth?region=XX&code=AAPL', /no stock AAPL in XX/],
    ['/stock/depth?region=US&exchange=LSE&code=AAPL', /no stock AAPL in US/],
    ['/stock/info?region=US&code=FOOBAR&type=stock', /no stock FOOBAR in US/],
    ['/crypto/depth?region=BA&code=FOOUSDT', /no crypto FOOUSDT in BA/],
  ])('single-symbol %s: HTTP 200, code 1, E001, data null', async (path, msg) => {
    unknownProduct(await call(sim.url, path), msg);
  });

  it('batches keep one entry per requested code (rule 4.3.1), null for the unknown ones', async () => {
    const quotes = ok(
      await call(sim.url, '/stock/quotes?region=US&codes=AAPL,ZZZZ,FOOBAR,MSFT'),
    ) as Record<string, unknown>;
    expect(Object.keys(quotes)).toEqual(['AAPL', 'ZZZZ', 'FOOBAR', 'MSFT']);
    expect(quotes.ZZZZ).toBeNull();
    expect(quotes.FOOBAR).toBeNull();
    expect(quotes.AAPL).toMatchObject({ s: 'AAPL' });
    const klines = ok(
      await call(sim.url, '/stock/klines?region=US&codes=TENCENT,AAPL&kType=8&limit=3'),
    ) as Record<string, unknown>;
    expect(klines.TENCENT).toBeNull();
    expect(klines.AAPL).toHaveLength(3);
    const ticks = ok(await call(sim.url, '/crypto/ticks?region=BA&codes=FOOUSDT')) as object;
    expect(ticks).toEqual({ FOOUSDT: null });
    // Every code unknown is still an answer with every key, not an empty (not-entitled) {}.
    expect(ok(await call(sim.url, '/indices/quotes?region=US&codes=FTSE'))).toEqual({
      FTSE: null,
    });
  });

  it('matches codes in their canonical form and keys them as requested', async () => {
    const hk = ok(await call(sim.url, '/stock/quotes?region=HK&codes=700,00700')) as Record<
      string,
      { ld: number; s: string }
    >;
    expect(Object.keys(hk)).toEqual(['700', '00700']);
    expect(hk['00700']).toEqual({ ...hk['700'], s: '00700' });
    const us = ok(await call(sim.url, '/stock/quotes?region=US&codes=aapl,AAPL')) as Record<
      string,
      { ld: number; s: string }
    >;
    expect(us.aapl).toEqual({ ...us.AAPL, s: 'aapl' });
  });
});

describe('denied markets (not in the plan)', () => {
  let denied: SimulatorHandle | undefined;
  afterEach(() => denied?.close());

  it('answers code 0 with null for single records and {} for batches', async () => {
    denied = await startSimulator({
      port: 0,
      deniedMarkets: ['stock:JP', 'future:CN'],
      now: () => NOW,
    });
    const single = await call(denied.url, '/stock/depth?region=JP&code=7203');
    expect(single.json).toEqual({ code: 0, msg: 'ok', data: null });
    const info = await call(denied.url, '/stock/info?region=JP&code=7203&type=stock');
    expect(info.json).toEqual({ code: 0, msg: 'ok', data: null });
    const batch = await call(denied.url, '/future/quotes?region=CN&codes=IF,IC');
    expect(batch.json).toEqual({ code: 0, msg: 'ok', data: {} });
    expect(
      Object.keys(ok(await call(denied.url, '/future/quotes?region=US&codes=NQ')) as object),
    ).toEqual(['NQ']);
    expect(ok(await call(denied.url, '/stock/depth?region=US&code=AAPL'))).not.toBeNull();
  });

  it('still validates parameters first', async () => {
    denied = await startSimulator({ port: 0, deniedMarkets: ['stock:JP'], now: () => NOW });
    failed(await call(denied.url, '/stock/quotes?region=JP'), 400, /codes: missing/);
  });

  it('refuses a malformed entry at start', async () => {
    await expect(startSimulator({ port: 0, deniedMarkets: ['stocks:jp'] })).rejects.toThrow(
      /bad denied market/,
    );
  });
});

describe('server failures', () => {
  it('answers 500 with the envelope when the market model throws', async () => {
    const broken = new Proxy({} as MarketModel, {
      get: () => () => {
        throw new Error('model exploded');
      },
    });
    const sim500 = await startSimulator({ port: 0, market: broken });
    try {
      failed(
        await call(sim500.url, '/stock/quotes?region=US&codes=A'),
        500,
        /^E500 internal error: model exploded/,
      );
    } finally {
      await sim500.close();
    }
  });

  it('rejects when the port is taken', async () => {
    await expect(startSimulator({ port: sim.port })).rejects.toThrow(/EADDRINUSE/);
  });
});
