/**
 * A hostile market data service for tests: a real HTTP server on 127.0.0.1 (port 0)
 * that answers every request with an error repeating the request's `token` header, as
 * a service saying "quota exceeded for token …" does. It proves the token is blanked
 * wherever an API error becomes a message, in every form a service may echo it:
 * encoded, cut short, or inside a record's field.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * How the token is repeated: as sent, URL-encoded (`token=…` in a quoted query),
 * base64, JSON-escaped (a JSON text quoted inside the message) or hex.
 */
export type EchoEncoding = 'literal' | 'url' | 'base64' | 'json' | 'hex';

/**
 * How the service refuses: an envelope error with HTTP 200, or an HTTP error status,
 * each repeating the token in `encoding`; a body that is not JSON and starts with the
 * token (`text`), which the client quotes cut short; or a batch answer whose records
 * hold the token (and more) in a number field (`field`), which a schema error quotes
 * cut short.
 */
export type EchoMode =
  | { kind: 'envelope'; code?: string; encoding?: EchoEncoding }
  | { kind: 'http'; status: number; retryAfterSeconds?: number; encoding?: EchoEncoding }
  | { kind: 'text' }
  | { kind: 'field' };

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

/** The token as a service might write it into a message. */
export function encodeEcho(token: string, encoding: EchoEncoding = 'literal'): string {
  switch (encoding) {
    case 'literal':
      return token;
    case 'url':
      return `token=${encodeURIComponent(token)}`;
    case 'base64':
      return Buffer.from(token).toString('base64');
    case 'json':
      return JSON.stringify({ token });
    case 'hex':
      return Buffer.from(token).toString('hex');
  }
}

/** The codes a request asked for (the `codes` parameter), for a batch answer. */
function codesOf(req: IncomingMessage): string[] {
  const codes = new URL(req.url ?? '/', 'http://x').searchParams.get('codes') ?? '';
  return codes.split(',').filter((c) => c !== '');
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
    if (m.kind === 'text') {
      res.writeHead(200, { 'content-type': 'text/plain' });
      res.end(`${token} is not a valid token for this endpoint`);
      return;
    }
    if (m.kind === 'field') {
      // One record read by every batch kind: a quote's or tick's `ld`, a book level's
      // `p`, a candle's `t` (klines answer a list of candles per code).
      const echoed = `${token} (your token)`;
      const record = { s: '', ld: echoed, t: echoed, a: [{ p: echoed, v: 1, o: 1 }], b: [] };
      const candles = /kline/i.test(req.url ?? '');
      const data: Record<string, unknown> = {};
      for (const code of codesOf(req)) {
        data[code] = candles ? [{ ...record, s: code }] : { ...record, s: code };
      }
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: 0, msg: '', data }));
      return;
    }
    const msg = echoText(encodeEcho(token, m.encoding));
    if (m.kind === 'envelope') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ code: m.code ?? 'E009', msg, data: null }));
      return;
    }
    const headers: Record<string, string> = { 'content-type': 'application/json' };
    if (m.retryAfterSeconds !== undefined) headers['retry-after'] = String(m.retryAfterSeconds);
    res.writeHead(m.status, headers);
    res.end(JSON.stringify({ code: m.status, msg, data: null }));
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
