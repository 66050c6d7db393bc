import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MarketClient, type ApiError } from './api';
import { REDACTED } from './redact';
import { RedactingMarketClient } from './redacting-client';
import {
  echoText,
  startTokenEchoService,
  type TokenEchoService,
} from './testing/token-echo-service';

const TOKEN = 'ECHOCANARY_5d1e';

let service: TokenEchoService;
beforeAll(async () => {
  service = await startTokenEchoService();
});
afterAll(() => service.close());

function client(token = TOKEN): RedactingMarketClient {
  return new RedactingMarketClient({
    token,
    baseUrl: service.url,
    requestsPerMinute: Infinity,
    retry: { attempts: 1, maxRetryAfterMs: 0 },
  });
}

/** Every public operation of the client, each asked once. */
const OPERATIONS: [string, (c: MarketClient) => Promise<unknown>][] = [
  ['quotes', (c) => c.quotes('stock', { region: 'US', codes: ['AAPL', 'MSFT'] })],
  ['depths', (c) => c.depths('stock', { region: 'US', codes: ['AAPL'] })],
  ['depth', (c) => c.depth('stock', { region: 'US', code: 'AAPL' })],
  ['klines', (c) => c.klines('stock', { region: 'US', codes: ['AAPL'], kType: 8, limit: 5 })],
  ['ticks', (c) => c.ticks({ region: 'BA', codes: ['BTCUSDT'] })],
  ['info', (c) => c.info({ region: 'US', code: 'AAPL' })],
  ['news', (c) => c.news({ market: 'stock', lang: 'en' })],
  ['call', (c) => c.call('forexDepths', { region: 'GB', codes: ['EURUSD'] })],
];

/** The messages of an answer: the call's error, or each code's batch error. */
function errorsOf(answer: unknown): ApiError[] {
  const r = answer as { ok: boolean; error?: ApiError; value?: { failed?: object } };
  if (!r.ok) return [r.error!];
  return Object.values(r.value?.failed ?? {}) as ApiError[];
}

describe('RedactingMarketClient', () => {
  it('is needed: the plain client carries a token echoed in a record into its messages', async () => {
    service.mode = { kind: 'field' };
    const r = await new MarketClient({
      token: TOKEN,
      baseUrl: service.url,
      requestsPerMinute: Infinity,
      retry: { attempts: 1 },
    }).quotes('stock', { region: 'US', codes: ['AAPL'] });
    expect(r.ok && r.value.failed['AAPL']?.message).toContain(TOKEN);
    const redacted = await client().quotes('stock', { region: 'US', codes: ['AAPL'] });
    expect(redacted.ok && redacted.value.failed['AAPL']?.message).toContain(REDACTED);
    expect(JSON.stringify(redacted)).not.toContain(TOKEN);
  });

  it.each([
    { kind: 'envelope' as const },
    { kind: 'envelope' as const, code: 'E002' },
    { kind: 'http' as const, status: 401 },
    { kind: 'http' as const, status: 429, retryAfterSeconds: 5 },
    { kind: 'http' as const, status: 500 },
    { kind: 'http' as const, status: 400 },
  ])('blanks the token from every operation’s errors (%o)', async (mode) => {
    service.mode = mode;
    const c = client();
    for (const [name, ask] of OPERATIONS) {
      const errors = errorsOf(await ask(c));
      expect(errors.length, name).toBeGreaterThan(0);
      for (const error of errors) {
        expect(JSON.stringify({ ...error.toJSON(), api: error.apiMessage }), name).not.toContain(
          TOKEN,
        );
        expect(error.message, name).toContain(REDACTED);
        expect(String(error.stack), name).not.toContain(TOKEN);
      }
    }
    expect(service.tokens.at(-1)).toBe(TOKEN);
  });

  it('keeps every other fact of the error', async () => {
    service.mode = { kind: 'http', status: 429, retryAfterSeconds: 7 };
    const r = await client().info({ region: 'US', code: 'AAPL' });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error).toMatchObject({
      kind: 'rate-limited',
      status: 429,
      retryAfterMs: 7000,
      operation: 'stockInfo',
      apiMessage: echoText(REDACTED),
    });
    expect(r.error.retryable).toBe(true);
  });

  it('does not garble messages with a one-letter token', async () => {
    service.mode = { kind: 'envelope' };
    const r = await client('T').info({ region: 'US', code: 'AAPL' });
    expect(!r.ok && r.error.message).toMatch(/^The market data service reported an error/);
    expect(!r.ok && r.error.message).toContain(`for token ${REDACTED};`);
  });
});
