/**
 * Unknown codes through the client: the service's E001 to a single-symbol request is an
 * `unknown-symbol` ApiError naming the code and its market; in a batch, an unknown code
 * is `missing` (a null or absent entry, or E001 to a one-code chunk).
 */
import { describe, expect, it } from 'vitest';
import { planOf } from '../../shared/model';
import { unknownSymbolMessage } from './http-errors';
import type { Result } from './result';
import { sendJson, testClient, useTestServer } from './test-helpers';
import {
  cryptoQuoteBTC,
  envelope,
  klinesAAPL,
  stockQuoteAAPL,
  unknownProductBody,
} from './fixtures/samples';

const server = useTestServer();
const client = () => testClient(server.url, { plan: planOf('base') });

function failure<T>(r: Result<T>) {
  if (r.ok) throw new Error('expected an error');
  return r.error;
}

function unwrap<T>(r: Result<T>): T {
  if (!r.ok) throw new Error(`expected ok, got ${r.error.kind}: ${r.error.message}`);
  return r.value;
}

describe('single-symbol operations answered E001', () => {
  it('stock info: unknown-symbol naming the code, class and region; not retried', async () => {
    server.handle((_req, res) => sendJson(res, unknownProductBody));
    const e = failure(await client().info({ region: 'US', code: 'TENCENT' }));
    expect(e).toMatchObject({
      kind: 'unknown-symbol',
      operation: 'stockInfo',
      symbol: 'TENCENT',
      apiCode: 1,
      apiMessage: 'E001 not found this produce',
    });
    expect(e.message).toBe(
      'TENCENT is not a known stock symbol in US: the market data service has no such product. Check the code and its market.',
    );
    expect(e.retryable).toBe(false);
    expect(server.seen).toHaveLength(1);
    expect(e.toJSON()).toMatchObject({ kind: 'unknown-symbol', symbol: 'TENCENT' });
  });

  it('stock depth names the exchange asked; crypto depth its own class', async () => {
    server.handle((_req, res) => sendJson(res, unknownProductBody));
    const stock = failure(
      await client().depth('stock', { region: 'US', exchange: 'NYSE', code: 'ZZZZ' }),
    );
    expect(stock.message).toMatch(/^ZZZZ is not a known stock symbol in US \(NYSE\): /);
    const crypto = failure(await client().depth('crypto', { region: 'BA', code: 'FOOUSDT' }));
    expect(crypto).toMatchObject({ kind: 'unknown-symbol', operation: 'cryptoDepth' });
    expect(crypto.message).toMatch(/^FOOUSDT is not a known crypto symbol in BA: /);
  });

  it('reads E001 in a 4xx body as unknown-symbol too (a service may send both)', async () => {
    server.handle((_req, res) => sendJson(res, unknownProductBody, 404));
    const e = failure(await client().info({ region: 'XX', code: 'AAPL' }));
    expect(e).toMatchObject({ kind: 'unknown-symbol', status: 404, symbol: 'AAPL' });
    expect(e.message).toMatch(/^AAPL is not a known stock symbol in XX: /);
  });

  it('keeps other envelope errors and a 404 without E001 apart from unknown symbols', async () => {
    server.handle((_req, res) =>
      sendJson(res, envelope(null, 'E003 exceeding the maximum subscription limit', 3)),
    );
    expect(failure(await client().info({ region: 'US', code: 'AAPL' })).kind).toBe('envelope');
    server.handle((_req, res) =>
      sendJson(res, '{"code":404,"msg":"E404 no operation at /stock/info","data":null}', 404),
    );
    expect(failure(await client().info({ region: 'US', code: 'AAPL' })).kind).toBe('http');
  });
});

describe('batch operations with unknown codes', () => {
  it('a null entry (the spec’s one entry per code) is missing; the others are read', async () => {
    server.handle((_req, res) =>
      sendJson(res, envelope({ AAPL: stockQuoteAAPL, ZZZZ: null, FOOBAR: null })),
    );
    const b = unwrap(await client().quotes('stock', { region: 'US', codes: 'AAPL,ZZZZ,FOOBAR' }));
    expect(Object.keys(b.data)).toEqual(['AAPL']);
    expect(b.missing).toEqual(['ZZZZ', 'FOOBAR']);
    expect(b.failed).toEqual({});
  });

  it('an absent entry is missing too, and klines and crypto alike', async () => {
    server.handle((_req, res) => sendJson(res, envelope({ BTCUSDT: cryptoQuoteBTC })));
    const q = unwrap(
      await client().quotes('crypto', { region: 'BA', codes: ['BTCUSDT', 'FOOUSDT'] }),
    );
    expect(q.missing).toEqual(['FOOUSDT']);
    server.handle((_req, res) => sendJson(res, envelope({ AAPL: klinesAAPL, TENCENT: null })));
    const k = unwrap(
      await client().klines('stock', { region: 'US', codes: 'AAPL,TENCENT', kType: 8, limit: 5 }),
    );
    expect(k.missing).toEqual(['TENCENT']);
    expect(k.data.AAPL).toHaveLength(klinesAAPL.length);
  });

  it('E001 to a one-code request is an answer: the code is missing, the call succeeds', async () => {
    server.handle((_req, res) => sendJson(res, unknownProductBody));
    const b = unwrap(await client().quotes('fund', { region: 'US', codes: 'NOPE' }));
    expect(b).toEqual({ data: {}, missing: ['NOPE'], failed: {} });
  });

  it('E001 to a larger chunk cannot name the code: each code of it carries the error', async () => {
    const codes = Array.from({ length: 12 }, (_, i) => `C${i}`);
    server.handle((req, res) => {
      const asked = (req.query.get('codes') ?? '').split(',');
      // Base plan: chunks of 10 and 2; the first is refused as a whole.
      if (asked.length === 10) return sendJson(res, unknownProductBody);
      sendJson(
        res,
        envelope(Object.fromEntries(asked.map((c) => [c, { ...stockQuoteAAPL, s: c }]))),
      );
    });
    const b = unwrap(await client().quotes('stock', { region: 'US', codes }));
    expect(Object.keys(b.data)).toEqual(['C10', 'C11']);
    expect(b.missing).toEqual([]);
    expect(b.failed.C0).toMatchObject({ kind: 'unknown-symbol' });
    expect(b.failed.C0!.message).toMatch(
      /^One or more of C0, C1, .*, C9 is not a known stock symbol in US/,
    );
  });
});

describe('unknownSymbolMessage', () => {
  it('names class, region and exchange the way a person says them', () => {
    const of = (cls: Parameters<typeof unknownSymbolMessage>[0]['class'], exchange = '') =>
      unknownSymbolMessage({ class: cls, region: 'GB', exchange, codes: ['X'] });
    expect(of('indices')).toBe('X is not a known index symbol in GB');
    expect(of('future')).toBe('X is not a known futures symbol in GB');
    expect(of('forex')).toBe('X is not a known forex symbol in GB');
    expect(of('stock', 'LSE')).toBe('X is not a known stock symbol in GB (LSE)');
  });
});
