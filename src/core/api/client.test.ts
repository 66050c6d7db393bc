import { inspect } from 'node:util';
import { beforeEach, describe, expect, expectTypeOf, it } from 'vitest';
import { OPERATIONS, OPERATION_NAMES } from '../../shared/api/operations';
import { planOf, type DepthBook, type Tick } from '../../shared/model';
import type { MarketClientOptions } from './client';
import { isApiError } from './errors';
import type { BatchResult, Result } from './result';
import {
  shapeOf,
  type KlineParams,
  type OperationShape,
  type ParamsOf,
  type ResultOf,
  type Shape,
  type SymbolParams,
} from './shapes';
import { FakeClock, sendJson, startTestServer, testClient, useTestServer } from './test-helpers';
import {
  cryptoQuoteBTC,
  envelope,
  klinesAAPL,
  newsItem,
  newsNested,
  stockDepthAAPL,
  stockInfoAAPL,
  stockQuoteAAPL,
} from './fixtures/samples';

const TOKEN = 'secret-token-123';
const server = useTestServer();
let clock: FakeClock;
beforeEach(() => {
  clock = new FakeClock();
});

const client = (extra: Partial<MarketClientOptions> = {}) =>
  testClient(`${server.url}/`, { token: TOKEN, clock, ...extra });

function quoteOf(code: string) {
  return { ...stockQuoteAAPL, s: code };
}

/** Answers quotes for the requested codes, leaving out those in `skip`. */
function answerQuotes(skip: string[] = []) {
  server.handle((req, res) => {
    const codes = (req.query.get('codes') ?? '').split(',').filter((c) => !skip.includes(c));
    sendJson(res, envelope(Object.fromEntries(codes.map((c) => [c, quoteOf(c)]))));
  });
}

function unwrap<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(`expected ok, got ${r.error.kind}: ${r.error.message}`);
  return r.value;
}

function failure<T>(r: Result<T>) {
  if (r.ok) throw new Error('expected an error');
  return r.error;
}

describe('the operation table', () => {
  it("keeps each entry's literal kind and batch flag, so the types follow the table", () => {
    expectTypeOf(OPERATIONS.stockDepths.batch).toEqualTypeOf<true>();
    expectTypeOf(OPERATIONS.stockDepth.batch).toEqualTypeOf<false>();
    expectTypeOf(OPERATIONS.cryptoTicks.kind).toEqualTypeOf<'ticks'>();
    expectTypeOf<OperationShape<'stockDepth'>>().toEqualTypeOf<'depth'>();
    expectTypeOf<OperationShape<'futureDepths'>>().toEqualTypeOf<'depths'>();
    expectTypeOf<OperationShape<'news'>>().toEqualTypeOf<'news'>();
    expectTypeOf<ParamsOf<'cryptoDepth'>>().toEqualTypeOf<SymbolParams>();
    expectTypeOf<ParamsOf<'forexKlines'>>().toEqualTypeOf<KlineParams>();
    expectTypeOf<ResultOf<'indicesDepths'>>().toEqualTypeOf<BatchResult<DepthBook>>();
    expectTypeOf<ResultOf<'cryptoTicks'>>().toEqualTypeOf<BatchResult<Tick>>();
  });

  it("derives every operation's shape at run time as the types do", () => {
    expect(shapeOf(OPERATIONS.stockDepth)).toBe('depth');
    expect(shapeOf(OPERATIONS.stockDepths)).toBe('depths');
    expect(shapeOf(OPERATIONS.stockKlines)).toBe('klines');
    expect(shapeOf(OPERATIONS.stockInfo)).toBe('info');
    // Spec section 4.2: how many of the 20 operations have each shape.
    const counts: Partial<Record<Shape, number>> = {};
    for (const name of OPERATION_NAMES) {
      const shape = shapeOf(OPERATIONS[name]);
      counts[shape] = (counts[shape] ?? 0) + 1;
    }
    expect(counts).toEqual({
      news: 1,
      depth: 2,
      depths: 6,
      quotes: 5,
      klines: 4,
      ticks: 1,
      info: 1,
    });
  });
});

describe('requests', () => {
  it('sends the token and accept headers, the table path and the query', async () => {
    answerQuotes();
    const r = await client().quotes('stock', {
      region: 'US',
      exchange: 'NASDAQ',
      codes: 'AAPL, MSFT',
    });
    expect(Object.keys(unwrap(r).data)).toEqual(['AAPL', 'MSFT']);
    const req = server.seen[0]!;
    expect(req.path).toBe('/stock/quotes');
    expect(req.headers.token).toBe(TOKEN);
    expect(req.headers.accept).toBe('application/json');
    expect(Object.fromEntries(req.query)).toEqual({
      region: 'US',
      codes: 'AAPL,MSFT',
      exchange: 'NASDAQ',
    });
  });

  it('sends only the parameters the table lists for the operation', async () => {
    answerQuotes();
    await client().quotes('crypto', { region: 'BA', exchange: 'IGNORED', codes: ['BTCUSDT'] });
    expect(server.seen[0]!.path).toBe('/crypto/quotes');
    expect(server.seen[0]!.query.has('exchange')).toBe(false);
  });

  it('refuses a missing required parameter without sending', async () => {
    const e = failure(await client().call('stockKlines', { region: 'US', codes: 'AAPL' } as never));
    expect(e.kind).toBe('invalid-request');
    expect(e.message).toContain('"kType"');
    expect(server.seen).toHaveLength(0);
  });

  it('answers an empty code list without a request', async () => {
    expect(unwrap(await client().quotes('stock', { region: 'US', codes: ' , ' }))).toEqual({
      data: {},
      missing: [],
      failed: {},
    });
    expect(server.seen).toHaveLength(0);
  });
});

describe('batches', () => {
  it('dedupes, splits by the plan maximum and merges', async () => {
    answerQuotes();
    const codes = Array.from({ length: 25 }, (_, i) => `C${i}`);
    const r = unwrap(
      await client({ plan: planOf('base') }).quotes('stock', {
        region: 'US',
        codes: [...codes, 'C3'],
      }),
    );
    expect(server.seen.map((s) => s.query.get('codes')!.split(',').length)).toEqual([10, 10, 5]);
    expect(Object.keys(r.data)).toEqual(codes);
    expect(r.missing).toEqual([]);
  });

  it('uses the enterprise maximum the user set', async () => {
    answerQuotes();
    const codes = Array.from({ length: 7 }, (_, i) => `C${i}`);
    await client({ plan: planOf('enterprise', 3) }).quotes('stock', { region: 'US', codes });
    expect(server.seen).toHaveLength(3);
  });

  it('reports a code missing from the answer per code', async () => {
    answerQuotes(['MSFT']);
    const r = unwrap(await client().quotes('stock', { region: 'US', codes: ['AAPL', 'MSFT'] }));
    expect(Object.keys(r.data)).toEqual(['AAPL']);
    expect(r.missing).toEqual(['MSFT']);
  });

  it('matches codes echoed in another case', async () => {
    server.handle((_req, res) => sendJson(res, envelope({ AAPL: stockQuoteAAPL })));
    const r = unwrap(await client().quotes('stock', { region: 'US', codes: 'aapl' }));
    expect(r.data.aapl!.last).toBe(225.215);
  });

  it('fails one malformed record by code, op and field; the rest pass', async () => {
    server.handle((_req, res) =>
      sendJson(
        res,
        envelope({ AAPL: { ...stockQuoteAAPL, ld: 'abc' }, MSFT: quoteOf('MSFT') }, null),
      ),
    );
    const r = unwrap(await client().quotes('stock', { region: 'US', codes: 'AAPL,MSFT' }));
    expect(r.data.MSFT).toBeDefined();
    const e = r.failed.AAPL!;
    expect(e.kind).toBe('schema');
    expect(e.message.startsWith('stockQuotes: AAPL: field "ld" must be a number, got "abc"')).toBe(
      true,
    );
    expect(e.field).toBe('ld');
  });

  it('keeps chunks that succeeded when another fails', async () => {
    server.handle((req, res) => {
      const codes = req.query.get('codes')!.split(',');
      if (codes.includes('C0'))
        return sendJson(res, envelope(null, 'E003 exceeding the maximum subscription limit', 3));
      sendJson(res, envelope(Object.fromEntries(codes.map((c) => [c, quoteOf(c)]))));
    });
    const codes = Array.from({ length: 12 }, (_, i) => `C${i}`);
    const r = unwrap(
      await client({ plan: planOf('base') }).quotes('stock', { region: 'US', codes }),
    );
    expect(Object.keys(r.data)).toEqual(['C10', 'C11']);
    expect(Object.keys(r.failed)).toHaveLength(10);
    expect(r.failed.C0!.kind).toBe('envelope');
  });

  it('keeps at most `concurrency` chunks in flight', async () => {
    let inFlight = 0;
    let peak = 0;
    const fakeFetch = (async (input: string | URL | Request) => {
      inFlight++;
      peak = Math.max(peak, inFlight);
      await new Promise((r) => setImmediate(r));
      inFlight--;
      const codes = new URL(String(input)).searchParams.get('codes')!.split(',');
      return new Response(envelope(Object.fromEntries(codes.map((c) => [c, quoteOf(c)]))));
    }) as typeof fetch;
    const codes = Array.from({ length: 100 }, (_, i) => `C${i}`);
    const r = unwrap(
      await client({ fetch: fakeFetch, concurrency: 3 }).quotes('stock', { region: 'US', codes }),
    );
    expect(Object.keys(r.data)).toHaveLength(100);
    expect(peak).toBe(3);
  });
});

describe('data kinds', () => {
  it('reads crypto quotes with null change fields', async () => {
    server.handle((_req, res) => sendJson(res, envelope({ BTCUSDT: cryptoQuoteBTC })));
    const q = unwrap(await client().quotes('crypto', { region: 'BA', codes: 'BTCUSDT' })).data
      .BTCUSDT!;
    expect([q.prevClose, q.change, q.changePercent]).toEqual([null, null, null]);
  });

  it('reads klines keyed by code, sorted and deduplicated', async () => {
    const [a, b] = klinesAAPL;
    server.handle((_req, res) => sendJson(res, envelope({ AAPL: [b, a, b], MSFT: [a] })));
    const r = unwrap(
      await client().klines('stock', {
        region: 'US',
        codes: 'AAPL,MSFT',
        kType: 8,
        limit: 10,
        et: 1731715200000,
      }),
    );
    expect(r.data.AAPL!.map((c) => c.time)).toEqual([a!.t, b!.t]);
    expect(server.seen[0]!.query.get('kType')).toBe('8');
    expect(server.seen[0]!.query.get('limit')).toBe('10');
    expect(server.seen[0]!.query.get('et')).toBe('1731715200000');
  });

  it('reads klines sent as a bare array for a single code', async () => {
    server.handle((_req, res) => sendJson(res, envelope(klinesAAPL)));
    const r = unwrap(
      await client().klines('crypto', { region: 'BA', codes: 'BTCUSDT', kType: 1, limit: 2 }),
    );
    expect(r.data.BTCUSDT).toHaveLength(2);
  });

  it('refuses a bare klines array for several codes', async () => {
    server.handle((_req, res) => sendJson(res, envelope(klinesAAPL)));
    const e = failure(
      await client().klines('crypto', { region: 'BA', codes: 'A,B', kType: 1, limit: 2 }),
    );
    expect(e.kind).toBe('schema');
    expect(e.message).toContain('cryptoKlines: field "data" must be an object keyed by code');
  });

  it('reads a single depth, stock info and both news shapes', async () => {
    server.handle((req, res) => {
      if (req.path === '/stock/depth') return sendJson(res, envelope(stockDepthAAPL));
      if (req.path === '/stock/info') return sendJson(res, envelope(stockInfoAAPL));
      const bare = req.query.get('lang') === 'en';
      sendJson(res, envelope(bare ? [newsItem] : newsNested));
    });
    const c = client();
    expect(unwrap(await c.depth('stock', { region: 'US', code: 'AAPL' })).asks).toHaveLength(2);
    const info = unwrap(await c.info({ region: 'US', code: 'AAPL', type: undefined }));
    expect(info.marketCap).toBe(3407193070000);
    expect(server.seen[1]!.query.get('type')).toBe('stock');
    expect(unwrap(await c.news({ market: 'stock', lang: 'hk', cursor: 'abc' })).hasMore).toBe(true);
    expect(server.seen[2]!.query.get('cursor')).toBe('abc');
    expect(unwrap(await c.news({ market: 'stock', lang: 'en' })).items[0]!.publishedAt).toBe(
      1731689407000,
    );
  });

  it('names a bad field of a single record', async () => {
    server.handle((_req, res) =>
      sendJson(res, envelope({ ...stockDepthAAPL, b: [{ po: 1, p: 1, v: 'x', o: 1 }] })),
    );
    const e = failure(await client().depth('stock', { region: 'US', code: 'AAPL' }));
    expect(e.message.startsWith('stockDepth: AAPL: field "b[0].v" must be a number, got "x"')).toBe(
      true,
    );
  });

  it('reports an operation the service lacks as invalid-request', async () => {
    const e = failure(await client().quotes('forex' as never, { region: 'GB', codes: 'EURUSD' }));
    expect(e.kind).toBe('invalid-request');
  });
});

describe('envelopes', () => {
  it.each([null, {}])('reads data %j with code 0 as not-entitled', async (data) => {
    server.handle((_req, res) => sendJson(res, envelope(data, null)));
    const e = failure(await client().quotes('stock', { region: 'JP', codes: '7203' }));
    expect(e.kind).toBe('not-entitled');
    expect(e.message).toContain('Not in your plan');
    expect(e.message).toContain('stock quotes in JP');
  });

  it('maps E002 to auth and E001 without a symbol (news) to envelope, without retrying', async () => {
    server.handle((_req, res) => sendJson(res, envelope(null, 'E002 auth failed', 2)));
    const auth = failure(await client().quotes('stock', { region: 'US', codes: 'AAPL' }));
    expect(auth.kind).toBe('auth');
    expect(auth.message).toBe(
      'The market data service rejected the token (E002 auth failed). Check the token in Settings.',
    );
    server.handle((_req, res) => sendJson(res, envelope(null, 'E001 not found this produce', 1)));
    const nf = failure(await client().news({ market: 'stock', lang: 'en' }));
    expect(nf).toMatchObject({
      kind: 'envelope',
      apiCode: 1,
      apiMessage: 'E001 not found this produce',
    });
    expect(server.seen).toHaveLength(2);
  });

  it('refuses a body that is not JSON or not an envelope', async () => {
    server.handle((_req, res) => res.writeHead(200).end('<html>gateway</html>'));
    const e = failure(await client().quotes('stock', { region: 'US', codes: 'AAPL' }));
    expect(e.kind).toBe('schema');
    expect(e.message).toContain('not JSON');
    server.handle((_req, res) => sendJson(res, '[1,2]'));
    expect(
      failure(await client().quotes('stock', { region: 'US', codes: 'AAPL' })).message,
    ).toContain('envelope');
  });
});

describe('HTTP failures and retries', () => {
  it('retries 5xx with backoff, then succeeds', async () => {
    let n = 0;
    server.handle((req, res) => {
      if (n++ < 2) return sendJson(res, '{"code":500,"msg":"boom","data":null}', 503);
      sendJson(res, envelope({ AAPL: stockQuoteAAPL }));
    });
    unwrap(await client().quotes('stock', { region: 'US', codes: 'AAPL' }));
    expect(server.seen).toHaveLength(3);
    expect(clock.sleeps).toEqual([150, 300]);
  });

  it('gives up after the configured attempts with the http error', async () => {
    server.handle((_req, res) => res.writeHead(500).end());
    const e = failure(
      await client({ retry: { attempts: 2 } }).quotes('stock', { region: 'US', codes: 'AAPL' }),
    );
    expect(e).toMatchObject({ kind: 'http', status: 500 });
    expect(server.seen).toHaveLength(2);
  });

  it('honours Retry-After on 429 and reports when to retry at the end', async () => {
    server.handle((_req, res) =>
      sendJson(res, '{"code":429,"msg":"E429 too many","data":null}', 429, { 'retry-after': '2' }),
    );
    const e = failure(await client().quotes('stock', { region: 'US', codes: 'AAPL' }));
    expect(e).toMatchObject({ kind: 'rate-limited', status: 429, retryAfterMs: 2000 });
    expect(clock.sleeps).toEqual([2000, 2000]);
    expect(e.message).toContain('Try again in 2 s');
  });

  it('holds the other callers of the client after a 429', async () => {
    let n = 0;
    server.handle((req, res) => {
      if (n++ === 0) return res.writeHead(429, { 'retry-after': '3' }).end();
      sendJson(res, envelope({ [req.query.get('codes')!]: stockQuoteAAPL }));
    });
    clock.advance = false;
    const c = client();
    unwrap(await c.quotes('stock', { region: 'US', codes: 'AAPL' }));
    clock.t += 1000;
    unwrap(await c.quotes('stock', { region: 'US', codes: 'MSFT' }));
    // The retry waited the full 3 s; the next caller, 1 s later, the remaining 2 s.
    expect(clock.sleeps).toEqual([3000, 2000]);
  });

  it('does not wait out a Retry-After beyond the limit', async () => {
    server.handle((_req, res) => res.writeHead(429, { 'retry-after': '3600' }).end());
    const e = failure(await client().quotes('stock', { region: 'US', codes: 'AAPL' }));
    expect(e.retryAfterMs).toBe(3_600_000);
    expect(server.seen).toHaveLength(1);
  });

  it.each([
    [401, 'auth'],
    [403, 'auth'],
    [404, 'http'],
    [400, 'http'],
  ])('does not retry HTTP %d (%s)', async (status, kind) => {
    server.handle((_req, res) =>
      sendJson(res, '{"code":1,"msg":"E002 auth failed","data":null}', status),
    );
    const e = failure(await client().quotes('stock', { region: 'US', codes: 'AAPL' }));
    expect(e.kind).toBe(kind);
    expect(e.status).toBe(status);
    expect(server.seen).toHaveLength(1);
  });

  it('times out a silent server', async () => {
    server.handle(() => {
      /* never answers */
    });
    const e = failure(
      await client({ timeoutMs: 50, retry: { attempts: 1 } }).quotes('stock', {
        region: 'US',
        codes: 'AAPL',
      }),
    );
    expect(e.kind).toBe('timeout');
    expect(e.message).toContain('did not answer within 0.05 s');
  });

  it('reports a caller abort as aborted, without retrying', async () => {
    const ac = new AbortController();
    server.handle(() => ac.abort());
    const e = failure(
      await client().quotes('stock', { region: 'US', codes: 'AAPL' }, { signal: ac.signal }),
    );
    expect(e.kind).toBe('aborted');
    expect(server.seen).toHaveLength(1);
  });

  it('aborts a wait for the rate limiter', async () => {
    clock.hold = true;
    answerQuotes();
    const c = client({ requestsPerMinute: 1 });
    unwrap(await c.quotes('stock', { region: 'US', codes: 'AAPL' }));
    const ac = new AbortController();
    const pending = c.quotes('stock', { region: 'US', codes: 'AAPL' }, { signal: ac.signal });
    ac.abort();
    expect(failure(await pending).kind).toBe('aborted');
    expect(server.seen).toHaveLength(1);
  });

  it('reports a refused connection as a network error without the token', async () => {
    const closed = await startTestServer();
    const url = closed.url;
    await closed.close();
    const e = failure(
      await client({ baseUrl: url, retry: { attempts: 2 } }).quotes('stock', {
        region: 'US',
        codes: 'AAPL',
      }),
    );
    expect(e.kind).toBe('network');
    expect(e.message).toBe(
      `Could not reach ${url}: connection refused. Check your network or the base URL in Settings.`,
    );
    expect(clock.sleeps).toHaveLength(1);
    expect(isApiError(e)).toBe(true);
    expect(JSON.stringify(e.toJSON())).not.toContain(TOKEN);
    expect(inspect(client(), { depth: 10 })).not.toContain(TOKEN);
  });
});
