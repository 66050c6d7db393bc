import { beforeEach, describe, expect, it } from 'vitest';
import type { AssetClass, SymbolQuery } from '../../shared/model';
import { ASSET_CLASSES, planOf } from '../../shared/model';
import { startSimulator } from '../../simulator';
import { useSimulator } from '../../simulator/test-helpers';
import { ApiError, err, MarketClient, type ApiErrorKind } from '../api';
import { HealthService } from '../health';
import { checkOperation, SymbolChecker, type SymbolClient } from './symbol-checker';

const TOKEN = 'checker-token';

const q = (cls: AssetClass, region: string, code: string, exchange = ''): SymbolQuery => ({
  class: cls,
  region,
  exchange,
  code,
});

const sim = useSimulator({ port: 0, token: TOKEN, deniedMarkets: ['stock:JP'] });
beforeEach(() => sim.resetStats());

const clientOf = (token = TOKEN, baseUrl = sim.url) =>
  new MarketClient({
    token,
    baseUrl,
    plan: planOf('premium'),
    requestsPerMinute: Infinity,
    retry: { attempts: 1 },
  });

/** A checker on one simulator client, with a hand-moved clock. */
function setup() {
  const clock = { t: 1_000_000 };
  let client: SymbolClient = clientOf();
  const checker = new SymbolChecker({ client: () => client, now: () => clock.t });
  return {
    checker,
    clock,
    swap: (next: SymbolClient) => {
      client = next;
    },
  };
}

describe('SymbolChecker against the simulator', () => {
  it('knows a stock by its info, with its name, in canonical form', async () => {
    const { checker } = setup();
    expect(await checker.check(q('stock', 'us', ' aapl '))).toEqual({
      status: 'known',
      instrument: { class: 'stock', region: 'US', exchange: '', code: 'AAPL' },
      name: 'Apple Inc.',
    });
    const hk = await checker.check(q('stock', 'HK', '00700'));
    expect(hk).toMatchObject({ status: 'known', name: 'Tencent Holdings Ltd.' });
    expect(hk.instrument.code).toBe('700');
    expect(sim.stats().byPath['/stock/info']).toBe(2);
  });

  it.each([
    [q('stock', 'US', 'TENCENT'), 'TENCENT is not a known stock symbol in US.'],
    [q('stock', 'US', 'ZZZZ'), 'ZZZZ is not a known stock symbol in US.'],
    [q('stock', 'XX', 'AAPL'), 'AAPL is not a known stock symbol in XX.'],
    [q('stock', 'US', 'AAPL', 'LSE'), 'AAPL is not a known stock symbol in US (LSE).'],
    [q('crypto', 'BA', 'FOOUSDT'), 'FOOUSDT is not a known crypto symbol in BA.'],
    [q('indices', 'US', 'FTSE'), 'FTSE is not a known index symbol in US.'],
    [q('forex', 'GB', 'EURXYZ'), 'EURXYZ is not a known forex symbol in GB.'],
    [q('future', 'US', 'ZZTOP'), 'ZZTOP is not a known futures symbol in US.'],
    [q('fund', 'US', 'AAPL'), 'AAPL is not a known fund symbol in US.'],
  ])('answers %j unknown: %s', async (query, message) => {
    expect(await setup().checker.check(query)).toMatchObject({ status: 'unknown', message });
  });

  it.each([
    [q('crypto', 'ba', 'btcusdt'), '/crypto/quotes'],
    [q('fund', 'US', 'SPY'), '/fund/quotes'],
    [q('indices', 'GB', 'FTSE'), '/indices/quotes'],
    [q('future', 'HK', 'HSI'), '/future/quotes'],
    [q('forex', 'GB', 'EURUSD'), '/forex/depths'],
  ])('knows %j with one request to %s', async (query, path) => {
    const verdict = await setup().checker.check(query);
    expect(verdict).toMatchObject({ status: 'known', name: null });
    expect(verdict.instrument.code).toBe(query.code.toUpperCase());
    expect(sim.stats().byPath).toEqual({ [path]: 1 });
  });

  it('drops an exchange outside stocks (only stock operations take one)', async () => {
    const verdict = await setup().checker.check(q('crypto', 'BA', 'BTCUSDT', 'binance'));
    expect(verdict).toMatchObject({ status: 'known', instrument: { exchange: '' } });
  });

  it('says a market outside the plan cannot be checked, rather than unknown', async () => {
    const verdict = await setup().checker.check(q('stock', 'JP', '7203'));
    expect(verdict.status).toBe('unverified');
    expect(verdict).toMatchObject({
      message: expect.stringMatching(/^Could not check 7203: Not in your plan/) as unknown,
    });
  });

  it('says a rejected token cannot check, and asks again next time', async () => {
    const { checker, swap } = setup();
    swap(clientOf('wrong-token'));
    const first = await checker.check(q('stock', 'US', 'AAPL'));
    expect(first).toMatchObject({ status: 'unverified' });
    expect(first.status === 'unverified' && first.message).toMatch(/rejected the token/);
    await checker.check(q('stock', 'US', 'AAPL'));
    expect(sim.stats().requests).toBe(2);
  });

  it('says an unreachable service cannot check', async () => {
    const closed = await startSimulator({ port: 0 });
    const url = closed.url;
    await closed.close();
    const { checker, swap } = setup();
    swap(clientOf(TOKEN, url));
    const verdict = await checker.check(q('crypto', 'BA', 'BTCUSDT'));
    expect(verdict.status).toBe('unverified');
    expect(verdict.status === 'unverified' && verdict.message).toMatch(
      /^Could not check BTCUSDT: Could not reach .*connection refused/,
    );
  });
});

describe('memory', () => {
  it('answers a repeated check (any spelling) from memory until the verdict expires', async () => {
    const { checker, clock } = setup();
    await checker.check(q('stock', 'US', 'AAPL'));
    await checker.check(q('stock', 'US', 'aapl'));
    await checker.check(q('stock', 'US', 'TENCENT'));
    await checker.check(q('stock', 'US', 'tencent'));
    expect(sim.stats().requests).toBe(2);
    clock.t += 59_000;
    await checker.check(q('stock', 'US', 'AAPL'));
    expect(sim.stats().requests).toBe(2);
    clock.t += 2_000;
    await checker.check(q('stock', 'US', 'AAPL'));
    expect(sim.stats().requests).toBe(3);
  });

  it('shares one request among concurrent checks of one symbol', async () => {
    const { checker } = setup();
    const verdicts = await Promise.all([
      checker.check(q('stock', 'HK', '700')),
      checker.check(q('stock', 'HK', '00700')),
      checker.check(q('stock', 'hk', '0700')),
    ]);
    expect(new Set(verdicts.map((v) => v.status))).toEqual(new Set(['known']));
    expect(sim.stats().requests).toBe(1);
  });

  it('forgets everything when the client changes (a new source)', async () => {
    const { checker, swap } = setup();
    await checker.check(q('stock', 'US', 'AAPL'));
    swap(clientOf());
    await checker.check(q('stock', 'US', 'AAPL'));
    expect(sim.stats().requests).toBe(2);
  });
});

/** A client whose every call fails with `kind`, counting calls. */
function failing(kind: ApiErrorKind, message: string) {
  const calls: string[] = [];
  const client = {
    call(op: string) {
      calls.push(op);
      return Promise.resolve(err(new ApiError({ kind, operation: op, message })));
    },
  } as unknown as SymbolClient;
  return { client, calls };
}

describe('failures as unverified', () => {
  it.each([
    [
      'network',
      'Could not reach https://api.example: connection refused. Check your network or the base URL in Settings.',
    ],
    ['timeout', 'https://api.example did not answer within 10 s. Check your network.'],
    [
      'rate-limited',
      'The market data service is limiting the request rate (HTTP 429). Try again in 30 s.',
    ],
    ['auth', 'The market data service rejected the token (HTTP 401). Check the token in Settings.'],
    [
      'not-entitled',
      'Not in your plan: the market data service returned no data for stock info in JP.',
    ],
    [
      'http',
      'The market data service failed (HTTP 503). This is on the service’s side; try again later.',
    ],
    ['schema', 'stockInfo: the answer is not JSON.'],
  ] as const)('%s: unverified, with the reason, and not remembered', async (kind, message) => {
    const { client, calls } = failing(kind, message);
    const checker = new SymbolChecker({ client: () => client });
    const verdict = await checker.check(q('stock', 'US', 'AAPL'));
    expect(verdict).toEqual({
      status: 'unverified',
      instrument: { class: 'stock', region: 'US', exchange: '', code: 'AAPL' },
      message: `Could not check AAPL: ${message}`,
    });
    await checker.check(q('stock', 'US', 'AAPL'));
    expect(calls).toEqual(['stockInfo', 'stockInfo']);
  });

  it('E001 from the client is unknown, and remembered', async () => {
    const { client, calls } = failing('unknown-symbol', 'X is not a known stock symbol in US: …');
    const checker = new SymbolChecker({ client: () => client });
    expect(await checker.check(q('stock', 'US', 'X'))).toMatchObject({
      status: 'unknown',
      message: 'X is not a known stock symbol in US.',
    });
    await checker.check(q('stock', 'US', 'X'));
    expect(calls).toHaveLength(1);
  });

  it('gives up after the timeout, saying why', async () => {
    const client = {
      call: (_op: string, _p: unknown, { signal }: { signal: AbortSignal }) =>
        new Promise((resolve) => {
          signal.addEventListener('abort', () =>
            resolve(err(new ApiError({ kind: 'aborted', operation: 'x', message: 'cancelled' }))),
          );
        }),
    } as unknown as SymbolClient;
    const checker = new SymbolChecker({ client: () => client, timeoutMs: 20 });
    const verdict = await checker.check(q('fund', 'US', 'SPY'));
    expect(verdict).toMatchObject({
      status: 'unverified',
      message:
        'Could not check SPY within 0.02 s: the service is slow or the request budget is used up. Try again shortly.',
    });
  });

  it('an empty code is unknown without a request', async () => {
    const { client, calls } = failing('network', 'unused');
    const checker = new SymbolChecker({ client: () => client });
    expect(await checker.check(q('stock', 'US', '  '))).toMatchObject({ status: 'unknown' });
    expect(calls).toEqual([]);
  });
});

describe('checkOperation', () => {
  it('derives each class’s check from the operation table', () => {
    const checks = Object.fromEntries(ASSET_CLASSES.map((cls) => [cls, checkOperation(cls)]));
    expect(checks).toEqual({
      stock: 'stockInfo',
      crypto: 'cryptoQuotes',
      fund: 'fundQuotes',
      indices: 'indicesQuotes',
      future: 'futureQuotes',
      // The API has no forex quotes: the batch depth operation is the cheapest check.
      forex: 'forexDepths',
    });
  });
});

describe('the one health model', () => {
  it('records each check, and sends none while the token is refused', async () => {
    const health = new HealthService({ now: Date.now });
    try {
      const checker = new SymbolChecker({ client: () => clientOf('wrong-token'), health });
      const first = await checker.check(q('stock', 'US', 'AAPL'));
      expect(first.status).toBe('unverified');
      expect(health.snapshot().state).toBe('token-rejected');
      const asked = sim.stats().byPath['/stock/info'];
      const second = await checker.check(q('stock', 'US', 'MSFT'));
      expect(second).toMatchObject({ status: 'unverified' });
      expect(second.status === 'unverified' && second.message).toMatch(/token/i);
      // Nothing more was sent with the refused token.
      expect(sim.stats().byPath['/stock/info']).toBe(asked);
    } finally {
      health.dispose();
    }
  });

  it('a check that succeeds makes the health live', async () => {
    const health = new HealthService({ now: Date.now });
    try {
      const checker = new SymbolChecker({ client: () => clientOf(), health });
      expect((await checker.check(q('crypto', 'BA', 'btcusdt'))).status).toBe('known');
      expect(health.snapshot().state).toBe('live');
    } finally {
      health.dispose();
    }
  });
});
