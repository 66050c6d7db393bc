/**
 * Test support: a tiny local HTTP server with a swappable handler, and a fake clock
 * (also the command line's tests', for its client's waits).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Clock } from './clock';
import { abortReason } from './clock';

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
