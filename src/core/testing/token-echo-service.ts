/**
 * A hostile market data service for tests: a real HTTP server on 127.0.0.1 (port 0)
 * that answers every request with an error repeating the request's `token` header, as
 * a service saying "quota exceeded for token …" does. It proves the token is blanked
 * wherever an API error becomes a message.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/** How the service refuses: an envelope error with HTTP 200, or an HTTP error status. */
export type EchoMode =
  | { kind: 'envelope'; code?: string }
  | { kind: 'http'; status: number; retryAfterSeconds?: number };

export interface TokenEchoService {
  /** `http://127.0.0.1:PORT`. */
  readonly url: string;
  /** The answer to send from now on; default an envelope error. */
  mode: EchoMode;
  /** Requests answered so far. */
  readonly requests: number;
  /** The `token` headers seen, in order. */
  readonly tokens: readonly string[];
  close(): Promise<void>;
}

/** The service's sentence around the token (what a real service might say). */
export function echoText(token: string): string {
  return `quota exceeded for token ${token}; contact support quoting ${token}`;
}

function tokenOf(req: IncomingMessage): string {
  const header = req.headers['token'];
  return Array.isArray(header) ? header.join(',') : (header ?? '');
}

/** Starts the service. */
export async function startTokenEchoService(
  mode: EchoMode = { kind: 'envelope' },
): Promise<TokenEchoService> {
  const tokens: string[] = [];
  const state = { mode, requests: 0 };
  const server = createServer((req, res) => {
    state.requests++;
    const token = tokenOf(req);
    tokens.push(token);
    const m = state.mode;
    if (m.kind === 'envelope') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: m.code ?? 'E009', msg: echoText(token), data: null }));
      return;
    }
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (m.retryAfterSeconds !== undefined) headers['retry-after'] = String(m.retryAfterSeconds);
    res.writeHead(m.status, headers);
    res.end(JSON.stringify({ code: m.status, msg: echoText(token), data: null }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    get mode() {
      return state.mode;
    },
    set mode(next: EchoMode) {
      state.mode = next;
    },
    get requests() {
      return state.requests;
    },
    tokens,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
