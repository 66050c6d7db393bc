/**
 * Test support for the API client: a tiny local HTTP server with a swappable handler
 * (per test block: useTestServer), a client of it that never waits (testClient), a
 * fake clock (also the command line's tests', for its client's waits), and issueOf.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { MarketClient, type MarketClientOptions } from './client';
import type { Clock } from './clock';
import { abortReason } from './clock';
import { RecordIssue } from './read';

export interface SeenRequest {
  path: string;
  query: URLSearchParams;
  headers: IncomingMessage['headers'];
}

export interface TestServer {
  url: string;
  seen: SeenRequest[];
  /** Replaces the handler; the default answers 404. */
  handle(fn: (req: SeenRequest, res: ServerResponse) => void): void;
  close(): Promise<void>;
}

/** A server on 127.0.0.1, port 0. */
export async function startTestServer(): Promise<TestServer> {
  let handler: (req: SeenRequest, res: ServerResponse) => void = (_req, res) => {
    res.writeHead(404).end();
  };
  const seen: SeenRequest[] = [];
  const server = createServer((req, res) => {
    const u = new URL(req.url ?? '/', 'http://x');
    const r: SeenRequest = { path: u.pathname, query: u.searchParams, headers: req.headers };
    seen.push(r);
    handler(r, res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    handle(fn) {
      handler = fn;
    },
    close() {
      server.closeAllConnections();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}

/**
 * A test server for the enclosing block: started before its tests, closed after them,
 * its `seen` emptied before each. What it returns stands for the server inside tests.
 */
export function useTestServer(): TestServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());
  beforeEach(() => {
    if (server) server.seen.length = 0;
  });
  const current = () => {
    if (!server) throw new Error('useTestServer: used outside a test');
    return server;
  };
  return {
    get url() {
      return current().url;
    },
    get seen() {
      return current().seen;
    },
    handle: (fn) => current().handle(fn),
    close: () => current().close(),
  };
}

/**
 * A client of `baseUrl` whose waits take no time: no rate limit, a {@link FakeClock}
 * (unless `options` gives one), no jitter; token `t` unless `options` gives one.
 */
export function testClient(
  baseUrl: string,
  options: Partial<MarketClientOptions> = {},
): MarketClient {
  return new MarketClient({
    token: 't',
    baseUrl,
    requestsPerMinute: Infinity,
    clock: new FakeClock(),
    random: () => 0,
    ...options,
  });
}

/** The RecordIssue `fn` throws; anything else thrown, or nothing, fails the test. */
export function issueOf(fn: () => unknown): RecordIssue {
  try {
    fn();
  } catch (e) {
    if (e instanceof RecordIssue) return e;
    throw e;
  }
  throw new Error('expected a RecordIssue');
}

/** Sends a JSON body with status 200 (or `status`). */
export function sendJson(
  res: ServerResponse,
  body: string,
  status = 200,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers }).end(body);
}

/**
 * A clock whose sleeps complete at once, advancing time and recording the duration;
 * with `hold`, sleeps stay pending until aborted, to test cancellation of waits.
 */
export class FakeClock implements Clock {
  t = 0;
  readonly sleeps: number[] = [];
  hold = false;
  /** When false, sleeps resolve without moving time (to see what each waiter was told). */
  advance = true;

  now(): number {
    return this.t;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    this.sleeps.push(ms);
    if (this.hold) {
      return new Promise((_resolve, reject) => {
        signal?.addEventListener('abort', () => reject(abortReason(signal)), { once: true });
      });
    }
    if (this.advance) this.t += ms;
    return Promise.resolve();
  }
}
