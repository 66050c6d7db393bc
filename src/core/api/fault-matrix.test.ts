/**
 * The standing abuse suite, API side: a fault matrix — 401, 429 with a short and a long
 * `Retry-After`, 5xx, HTML with 200, a redirect, a hang, a dead port, a malformed body,
 * a bad record, a body declared too large and one that never ends — served by a small
 * HTTP server on 127.0.0.1, through the `MarketClient` and through the feed hub.
 *
 * Each fault must come back as its own clear error (the right kind, words a person can
 * act on, no token, no stack) after a bounded number of requests: the client retries
 * only what may pass on a second try, and the hub backs off or holds instead of
 * polling into a failure. Requests are counted at the server; waits run on fake or
 * manual clocks, so nothing here depends on how fast the machine is.
 */
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planOf } from '../../shared/model';
import { FeedHub } from '../feed';
import { ManualTimers } from '../../shared/testing/manual-timers';
import { Recorder } from '../feed/testing/recorder';
import { MarketClient } from './client';
import type { ApiErrorKind } from './errors';
import { FakeClock, sendJson, startTestServer, type TestServer } from './test-helpers';
import { MAX_BODY_BYTES } from './transport';

const TOKEN = 'secret-token-4f1c9a';
const MiB = 1024 * 1024;

type Fault =
  | '401'
  | '429 short'
  | '429 long'
  | '503'
  | 'html 200'
  | 'redirect'
  | 'hang'
  | 'malformed'
  | 'bad record'
  | 'declared too large'
  | 'endless body';

let server: TestServer;
/** A second server a redirect points at: it must never be asked. */
let elsewhere: TestServer;
/** A port nothing listens on. */
let deadUrl: string;
/** Bytes the endless body wrote before the client hung up. */
let endlessWritten = 0;
let fault: Fault = '401';

function answer(res: ServerResponse): void {
  const json = { 'content-type': 'application/json' };
  switch (fault) {
    case '401':
      return void res.writeHead(401, json).end('{"code":401,"msg":"token invalid"}');
    case '429 short':
      return void res.writeHead(429, { ...json, 'retry-after': '1' }).end('{"msg":"slow down"}');
    case '429 long':
      return void res.writeHead(429, { ...json, 'retry-after': '120' }).end('{"msg":"slow down"}');
    case '503':
      return void res.writeHead(503, json).end('{"msg":"maintenance"}');
    case 'html 200':
      return void res
        .writeHead(200, { 'content-type': 'text/html' })
        .end('<!doctype html><html><body>Welcome to the captive portal</body></html>');
    case 'redirect':
      return void res.writeHead(302, { location: `${elsewhere.url}/steal` }).end();
    case 'hang':
      return; // never answers
    case 'malformed':
      return void res.writeHead(200, json).end('{"code":0,"data":{"AAPL":{"s":"AAPL","ld":1');
    case 'bad record':
      return void res
        .writeHead(200, json)
        .end('{"code":0,"data":{"AAPL":{"s":"AAPL","ld":"abc","t":1}}}');
    case 'declared too large':
      res.writeHead(200, { ...json, 'content-length': String(100 * MiB) });
      return void res.write('{"code":0,"data":');
    case 'endless body': {
      res.writeHead(200, json);
      const chunk = Buffer.alloc(MiB, 0x20);
      const pump = () => {
        while (!res.destroyed) {
          endlessWritten += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
      };
      res.write('{"code":0,"data":"');
      return pump();
    }
  }
}

beforeAll(async () => {
  server = await startTestServer();
  server.handle((_req, res) => answer(res));
  elsewhere = await startTestServer();
  const dead = createServer();
  await new Promise<void>((resolve) => dead.listen(0, '127.0.0.1', resolve));
  deadUrl = `http://127.0.0.1:${(dead.address() as AddressInfo).port}`;
  await new Promise<void>((resolve) => dead.close(() => resolve()));
});

afterAll(async () => {
  await server.close();
  await elsewhere.close();
});

/** A fetch that counts every request it sends (the dead port has no server to count). */
function countingFetch() {
  const counter = { requests: 0 };
  const fetch: typeof globalThis.fetch = (input, init) => {
    counter.requests++;
    return globalThis.fetch(input, init);
  };
  return { counter, fetch };
}

/** What each fault must come back as through the client, and how many requests it may cost. */
const CLIENT_MATRIX: [Fault | 'dead port', ApiErrorKind, number, RegExp][] = [
  ['401', 'auth', 1, /rejected the token.*Check the token in Settings/],
  // Retried after the 1 s the service asked for (on the fake clock), then given up.
  ['429 short', 'rate-limited', 3, /limiting the request rate/],
  // Two minutes is longer than any retry should wait: returned at once, with the time.
  ['429 long', 'rate-limited', 1, /limiting the request rate/],
  ['503', 'http', 3, /failed \(HTTP 503.*try again later/],
  ['html 200', 'schema', 1, /not JSON \(it starts "<!doctype html>/],
  ['redirect', 'http', 1, /redirected to 127\.0\.0\.1:\d+; Marketdesk does not follow redirects/],
  ['hang', 'timeout', 3, /did not answer within 0\.3 s/],
  ['dead port', 'network', 3, /Could not reach http:\/\/127\.0\.0\.1:\d+/],
  ['malformed', 'schema', 1, /not JSON/],
  [
    'declared too large',
    'too-large',
    1,
    /^Response too large: .* sent 100 MiB \(the limit is 32 MiB\)/,
  ],
  ['endless body', 'too-large', 1, /^Response too large: .* sent more than 32 MiB/],
];

describe('fault matrix through the MarketClient', () => {
  it.each(CLIENT_MATRIX)(
    '%s → %s after %i request(s), in words to act on',
    async (f, kind, requests, words) => {
      const { counter, fetch } = countingFetch();
      if (f !== 'dead port') fault = f;
      elsewhere.seen.length = 0;
      const client = new MarketClient({
        token: TOKEN,
        baseUrl: f === 'dead port' ? deadUrl : server.url,
        plan: planOf('premium'),
        requestsPerMinute: Infinity,
        // Short where no answer comes; room to read 32 MiB on a busy machine elsewhere.
        timeoutMs: f === 'hang' ? 300 : 20_000,
        fetch,
        clock: new FakeClock(),
        random: () => 0.5,
      });
      const r = await client.quotes('stock', { region: 'US', codes: ['AAPL', 'MSFT'] });
      expect(r.ok).toBe(false);
      if (r.ok) return;
      expect(r.error.kind).toBe(kind);
      expect(r.error.message).toMatch(words);
      expect(r.error.message).not.toContain(TOKEN);
      expect(r.error.message).not.toMatch(/\n\s+at /);
      expect(counter.requests).toBe(requests);
      if (f === '429 long') expect(r.error.retryAfterMs).toBe(120_000);
      if (f === 'redirect') expect(elsewhere.seen).toEqual([]);
      if (f === 'endless body') {
        // Cut off at the limit: what was written past it is what sat in socket buffers.
        expect(endlessWritten).toBeGreaterThan(MAX_BODY_BYTES - MiB);
        expect(endlessWritten).toBeLessThan(MAX_BODY_BYTES + 32 * MiB);
      }
    },
  );

  it('reads the largest legitimate answer (50 codes × 1,000 candles) well within the limit', async () => {
    const codes = Array.from({ length: 50 }, (_, i) => `CODE${i}`);
    const candles = Array.from({ length: 1_000 }, (_, i) => ({
      t: 1_731_628_800_000 + i * 60_000,
      o: 226.41 + i / 100,
      h: 226.92 + i / 100,
      l: 224.27 + i / 100,
      c: 225.03 + i / 100,
      v: 47_923_696 + i,
      tu: 10_783_543_872.5 + i,
    }));
    const body = JSON.stringify({
      code: 0,
      msg: 'ok',
      data: Object.fromEntries(codes.map((c) => [c, candles])),
    });
    expect(body.length).toBeGreaterThan(4 * 1000 * 1000);
    expect(body.length * 4).toBeLessThan(MAX_BODY_BYTES);
    server.handle((_req, res) => sendJson(res, body));
    try {
      const client = new MarketClient({
        token: TOKEN,
        baseUrl: server.url,
        plan: planOf('premium'),
        requestsPerMinute: Infinity,
        timeoutMs: 20_000,
        clock: new FakeClock(),
      });
      const r = await client.klines('stock', { region: 'US', codes, kType: 1, limit: 1_000 });
      expect(r.ok).toBe(true);
      if (r.ok) expect(r.value.data.CODE49).toHaveLength(1_000);
    } finally {
      server.handle((_req, res) => answer(res));
    }
  });

  it('reads a bad record as that code’s failure, the rest of the batch unaffected', async () => {
    fault = 'bad record';
    const client = new MarketClient({
      token: TOKEN,
      baseUrl: server.url,
      plan: planOf('premium'),
      requestsPerMinute: Infinity,
      clock: new FakeClock(),
    });
    const r = await client.quotes('stock', { region: 'US', codes: ['AAPL', 'MSFT'] });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.failed.AAPL).toMatchObject({ kind: 'schema', field: 'ld' });
    expect(r.value.missing).toEqual(['MSFT']);
  });
});

/** One subscription, driven for `seconds` of manual time; requests counted at the server. */
async function runHub(f: Fault | 'dead port', seconds: number) {
  if (f !== 'dead port') fault = f;
  const { counter, fetch } = countingFetch();
  const timers = new ManualTimers();
  const plan = planOf('premium');
  // One attempt per poll: the hub's own backoff and holds are what is measured (the
  // client's retries are above), and a hub poll is then one request.
  const client = new MarketClient({
    token: TOKEN,
    baseUrl: f === 'dead port' ? deadUrl : server.url,
    plan,
    requestsPerMinute: Infinity,
    retry: { attempts: 1 },
    timeoutMs: 300,
    fetch,
  });
  const hub = new FeedHub({ client, plan, timers, now: timers.now, onError: () => undefined });
  const pane = new Recorder();
  const market = { class: 'stock', region: 'US', exchange: '' } as const;
  hub.subscribe('w', { kind: 'quotes', ...market, codes: ['AAPL', 'MSFT'] }, pane.push);
  await timers.advance(seconds * 1000, () => hub.idle());
  const last = pane.of('subscriptionStatus').at(-1);
  const health = hub.health.snapshot();
  hub.dispose();
  return { requests: counter.requests, last, health };
}

/**
 * Through the hub, a minute of a 1 s quotes clock: a naive poller would send 60
 * requests. Each fault: the pane's state and words, and how few requests it cost.
 */
const HUB_MATRIX: [Fault | 'dead port', string, number, RegExp][] = [
  // A refused token holds every request until a new one: one request in a minute.
  ['401', 'token-rejected', 1, /rejected the token, so nothing more is requested/],
  // Each 429 holds for its Retry-After; a limited group then backs off, doubling, so a
  // service saying "1 s" again and again is asked 5 times a minute, not 60. Between
  // limits the pane still says rate limited (its data is old because of the limit).
  ['429 short', 'rate-limited', 6, /limiting the request rate \(HTTP 429/],
  ['429 long', 'rate-limited', 1, /limiting requests \(HTTP 429\); requests resume at/],
  // Backoff doubles from the interval: 0, 2, 6, 14, 30 s …
  ['503', 'stale', 6, /failed \(HTTP 503/],
  ['html 200', 'error', 6, /not JSON/],
  ['redirect', 'error', 6, /does not follow redirects/],
  // Nothing answers: offline, asked again by probes 5 s apart, doubling to 30 s.
  ['hang', 'offline', 5, /cannot be reached/],
  ['dead port', 'offline', 5, /cannot be reached/],
  ['malformed', 'error', 6, /not JSON/],
  ['declared too large', 'error', 6, /^Response too large/],
];

describe('fault matrix through the feed hub', () => {
  it.each(HUB_MATRIX)(
    '%s → %s, at most %i requests a minute',
    async (f, state, most, words) => {
      const { requests, last, health } = await runHub(f, 60);
      expect(last?.state).toBe(state);
      expect(last?.message ?? '').toMatch(words);
      expect(last?.message ?? '').not.toContain(TOKEN);
      expect(requests).toBeGreaterThanOrEqual(1);
      expect(requests).toBeLessThanOrEqual(most);
      expect(JSON.stringify(health)).not.toContain(TOKEN);
    },
    30_000,
  );
});
