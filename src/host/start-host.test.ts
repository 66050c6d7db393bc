import { EventEmitter } from 'node:events';
import { existsSync, mkdirSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { request } from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import {
  SECRET_TEXT,
  makeRendererFolder,
  type RendererFolder,
} from '../core/testing/renderer-folder';
import type { SpawnedProcess, Spawner } from './open-browser';
import { startHost, type HostHandle } from './start-host';
import { HOST_PROTOCOL, SECRET_PROTOCOL_PREFIX } from '../shared/host-wire';

let folder: RendererFolder;
let dir: string;
let host: HostHandle;

beforeAll(async () => {
  folder = makeRendererFolder('marketdesk-host-');
  dir = folder.dir;
  host = await startHost({
    port: 0,
    open: false,
    dataFolder: path.join(dir, 'data'),
    rendererRoot: folder.root,
    services: { loadKeytar: null },
    log: () => undefined,
  });
});

afterAll(async () => {
  await host.close();
  folder.remove();
});

/** A raw GET (no URL normalisation, unlike fetch). */
function get(
  rawPath: string,
  headers: Record<string, string> = {},
  method = 'GET',
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: host.port, path: rawPath, method, headers },
      (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** Opens a socket; resolves with it open, or with the HTTP status that refused it. */
function connect(
  options: { secret?: string | null; origin?: string | null } = {},
): Promise<{ ws: WebSocket } | { refused: number }> {
  const secret = options.secret === undefined ? host.secret : options.secret;
  const origin = options.origin === undefined ? host.origin : options.origin;
  const protocols =
    secret === null ? [HOST_PROTOCOL] : [HOST_PROTOCOL, SECRET_PROTOCOL_PREFIX + secret];
  const ws = new WebSocket(`ws://127.0.0.1:${host.port}/bridge`, protocols, {
    ...(origin === null ? {} : { origin }),
  });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ ws }));
    ws.once('unexpected-response', (_req, res) => {
      resolve({ refused: res.statusCode ?? 0 });
      ws.terminate();
    });
    ws.once('error', reject);
  });
}

function call(ws: WebSocket, id: number, name: string, args: unknown): Promise<unknown> {
  return new Promise((resolve) => {
    const onMessage = (data: Buffer) => {
      const frame = JSON.parse(data.toString()) as { id?: number; response?: unknown };
      if (frame.id !== id) return;
      ws.off('message', onMessage);
      resolve(frame.response);
    };
    ws.on('message', onMessage);
    ws.send(JSON.stringify({ id, name, args }));
  });
}

describe('static files', () => {
  it('serves index.html with the CSP and security headers', async () => {
    const r = await get('/');
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(r.body).toContain('<title>Marketdesk</title>');
    const csp = String(r.headers['content-security-policy']);
    expect(csp).toContain(`connect-src ws://127.0.0.1:${host.port}`);
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
  });

  it('serves assets with their MIME type and lists no directory', async () => {
    const js = await get('/assets/app.js');
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect((await get('/assets')).status).toBe(404);
    expect((await get('/assets/')).status).toBe(404);
    expect((await get('/missing.js')).status).toBe(404);
  });

  it('refuses path traversal', async () => {
    for (const p of [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/..%5csecret.txt',
      '/%00',
    ]) {
      const r = await get(p);
      expect(r.status, p).toBeGreaterThanOrEqual(400);
      expect(r.body, p).not.toContain(SECRET_TEXT);
    }
  });

  it('refuses other methods and foreign Host headers', async () => {
    expect((await get('/', {}, 'POST')).status).toBe(405);
    expect((await get('/', { Host: 'evil.example' })).status).toBe(421);
  });

  it('sends a localhost page to the same path on 127.0.0.1, where its socket is allowed', async () => {
    const localhost = { Host: `localhost:${host.port}` };
    for (const p of ['/', '/?pane=p-1', '/assets/app.js']) {
      const r = await get(p, localhost);
      expect(r.status, p).toBe(308);
      expect(r.headers.location, p).toBe(`${host.origin}${p}`);
      expect(r.body, p).toBe('');
    }
    // An absolute-form target must not turn the redirect into one to another host.
    expect((await get('http://evil.example/x', localhost)).headers.location).toBe(
      `${host.origin}/`,
    );
    expect((await get('//evil.example/x', localhost)).headers.location).toBe(`${host.origin}/`);
    // Another port on localhost is still a foreign host.
    expect((await get('/', { Host: `localhost:${host.port + 1}` })).status).toBe(421);
  });

  it('serves the page that the redirect leads to', async () => {
    const r = await get('/', { Host: `localhost:${host.port}` });
    const target = new URL(String(r.headers.location));
    expect(target.host).toBe(`127.0.0.1:${host.port}`);
    const page = await get(target.pathname);
    expect(page.status).toBe(200);
    expect(page.body).toContain('<title>Marketdesk</title>');
  });
});

describe('bridge over WebSocket', () => {
  it('refuses a connection without the secret (401) or with a wrong one', async () => {
    expect(await connect({ secret: null })).toEqual({ refused: 401 });
    expect(await connect({ secret: 'guess' })).toEqual({ refused: 401 });
  });

  it('refuses a foreign or missing Origin (403), even with the secret', async () => {
    expect(await connect({ origin: 'http://evil.example' })).toEqual({ refused: 403 });
    expect(await connect({ origin: `http://localhost:${host.port}` })).toEqual({ refused: 403 });
    expect(await connect({ origin: null })).toEqual({ refused: 403 });
  });

  it('answers a getStatus round trip with the secret', async () => {
    const c = await connect();
    if (!('ws' in c)) throw new Error(`refused ${c.refused}`);
    expect(c.ws.protocol).toBe(HOST_PROTOCOL);
    expect(await call(c.ws, 1, 'getStatus', {})).toMatchObject({
      ok: true,
      value: { mode: 'demo' },
    });
    expect(await call(c.ws, 2, 'nope', {})).toMatchObject({
      ok: false,
      error: { code: 'unknown-command' },
    });
    const pop = await call(c.ws, 3, 'popOut', { paneId: 'chart-1', title: 'Chart' });
    expect(pop).toMatchObject({
      ok: true,
      value: { openUrl: `${host.origin}/?pane=chart-1#k=${host.secret}` },
    });
    c.ws.close();
  });

  it('pushes subscription events, and drops the subscriptions when the socket closes', async () => {
    const c = await connect();
    if (!('ws' in c)) throw new Error(`refused ${c.refused}`);
    const quotes = new Promise<unknown>((resolve) =>
      c.ws.on('message', (data: Buffer) => {
        const frame = JSON.parse(data.toString()) as {
          event?: { event: string; payload: unknown };
        };
        if (frame.event?.event === 'quotes') resolve(frame.event.payload);
      }),
    );
    const spec = { kind: 'quotes', class: 'stock', region: 'US', exchange: '', codes: ['AAPL'] };
    const r = (await call(c.ws, 1, 'subscribe', { spec })) as { value: { subscriptionId: string } };
    expect(await quotes).toMatchObject({ subscriptionId: r.value.subscriptionId });

    const drop = vi.spyOn(host.services.hub, 'dropClient');
    const before = host.bridge.clientCount;
    c.ws.close();
    await vi.waitFor(() => expect(drop).toHaveBeenCalledTimes(1));
    expect(host.bridge.clientCount).toBe(before - 1);
  });
});

describe('opening the browser', () => {
  it('hands the browser a private redirect file, never the secret, and removes it on close', async () => {
    const argv: string[][] = [];
    const spawn: Spawner = (command, args) => {
      argv.push([command, ...args]);
      const child = new EventEmitter() as EventEmitter & SpawnedProcess;
      child.unref = () => undefined;
      queueMicrotask(() => child.emit('spawn'));
      return child;
    };
    const parent = path.join(dir, 'open');
    mkdirSync(parent);
    const opened = await startHost({
      port: 0,
      open: true,
      opener: { platform: 'linux', spawn, parent },
      dataFolder: path.join(dir, 'data-open'),
      rendererRoot: path.join(dir, 'renderer'),
      services: { loadKeytar: null },
      log: () => undefined,
    });
    try {
      expect(argv).toHaveLength(1);
      expect(argv[0]!.join(' ')).not.toContain(opened.secret);
      const file = fileURLToPath(argv[0]![1]!);
      expect(readFileSync(file, 'utf8')).toContain(`content="0;url=${opened.url}"`);
      if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(existsSync(file)).toBe(true);
    } finally {
      await opened.close();
    }
    expect(readdirSync(parent)).toEqual([]);
  });
});
