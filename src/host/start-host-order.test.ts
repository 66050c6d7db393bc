import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeRendererFolder, type RendererFolder } from '../core/testing/renderer-folder';
import { WebSocket } from 'ws';
import type { DemoStarter } from '../core/link';
import { BRIDGE_PATH, bridgeProtocols, secretOfFragment } from '../shared/host-wire';
import { startDemoService } from '../simulator';
import { NOT_STARTED_MESSAGE } from './deferred-bridge';
import { startHost, type HostHandle } from './start-host';

let folder: RendererFolder;
let host: HostHandle | null = null;

beforeEach(() => {
  folder = makeRendererFolder('marketdesk-host-warm-');
});

afterEach(async () => {
  await host?.close();
  host = null;
  folder.remove();
});

const options = (warmUp: boolean) => ({
  port: 0,
  dataFolder: path.join(folder.dir, 'data'),
  rendererRoot: folder.root,
  services: { loadKeytar: null },
  log: () => undefined,
  warmUp,
});

/**
 * Starts a host whose services wait for a page (for a day: no deadline comes in a test)
 * and waits until it listens: `starting` is its start, `listening` the address it told.
 */
async function startWaitingForPage(warmUp: boolean) {
  let listening = '';
  const starting = startHost({
    ...options(warmUp),
    servicesAfterPageMs: 24 * 3600_000,
    onListening: (url) => (listening = url),
  });
  await vi.waitFor(() => expect(listening).not.toBe(''));
  return { starting, listening: new URL(listening) };
}

describe('startHost warm-up', () => {
  it('warms once, as soon as the services have started', async () => {
    host = await startHost(options(true));
    const quotes = vi.spyOn(host.services.link.client, 'quotes');
    await vi.waitFor(() => expect(quotes).toHaveBeenCalledTimes(1));
    await fetch(`${host.origin}/assets/app.js`);
    expect(quotes).toHaveBeenCalledTimes(1);
  });

  it('does not warm when a page’s socket already waits: its own commands come first', async () => {
    const { starting, listening } = await startWaitingForPage(true);
    const { origin, hash } = listening;
    const ws = new WebSocket(
      `ws://${new URL(origin).host}${BRIDGE_PATH}`,
      bridgeProtocols(secretOfFragment(hash)!),
      {
        origin,
      },
    );
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    host = await starting;
    const quotes = vi.spyOn(host.services.link.client, 'quotes');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(quotes).not.toHaveBeenCalled();
    ws.close();
  });

  it('does not warm unless asked', async () => {
    host = await startHost(options(false));
    const quotes = vi.spyOn(host.services.link.client, 'quotes');
    await fetch(`${host.origin}/assets/app.js`);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(quotes).not.toHaveBeenCalled();
  });
});

describe('startHost with the services after the page', () => {
  it("starts the services once the page's first files are served, not before", async () => {
    const { starting, listening } = await startWaitingForPage(false);
    let started = false;
    void starting.then(() => (started = true));
    const origin = listening.origin;
    const html = await (await fetch(`${origin}/`)).text();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(started).toBe(false);
    const named = [...html.matchAll(/(?:src|href)="\.?(\/assets\/[^"]+)"/g)].map((m) => m[1]!);
    expect(named.length).toBeGreaterThan(0);
    for (const file of named) await fetch(`${origin}${file}`);
    host = await starting;
    expect(host.services).toBeDefined();
  });

  it('starts them at the deadline when no page comes', async () => {
    host = await startHost({ ...options(false), servicesAfterPageMs: 1 });
    expect(host.services).toBeDefined();
  });
});

describe('startHost remembering its port', () => {
  it('listens on the last start’s port again, and takes another when that one is taken', async () => {
    const first = await startHost({ ...options(false), rememberPort: true });
    const port = first.port;
    await first.close();
    const again = await startHost({ ...options(false), rememberPort: true });
    expect(again.port).toBe(port);
    // Held by another: any free port, remembered in its turn.
    const other = await startHost({ ...options(false), rememberPort: true });
    expect(other.port).not.toBe(port);
    await again.close();
    await other.close();
    host = await startHost({ ...options(false), rememberPort: true });
    expect(host.port).toBe(other.port);
  });

  it('takes any free port when host.json is damaged, and keeps the damaged file aside', async () => {
    mkdirSync(path.join(folder.dir, 'data'), { recursive: true });
    writeFileSync(path.join(folder.dir, 'data', 'host.json'), '{"version":1,"port":"x"}');
    host = await startHost({ ...options(false), rememberPort: true });
    expect(host.port).toBeGreaterThan(0);
    const files = readdirSync(path.join(folder.dir, 'data'));
    expect(files.some((f) => f.startsWith('host.json.bad-'))).toBe(true);
  });

  it('does not remember unless asked, nor when a port is given', async () => {
    host = await startHost({ ...options(false), port: 0 });
    expect(existsSync(path.join(folder.dir, 'data', 'host.json'))).toBe(false);
  });
});

describe('startHost accepting the page’s socket before its services run', () => {
  /** A socket of the page at `url` (the address with the secret), and its answers by id. */
  async function pageSocket(url: string) {
    const { origin, hash } = new URL(url);
    const secret = secretOfFragment(hash)!;
    const ws = new WebSocket(
      `${origin.replace('http', 'ws')}${BRIDGE_PATH}`,
      bridgeProtocols(secret),
      {
        origin,
      },
    );
    const answers = new Map<number, unknown>();
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString()) as { id?: number; response?: unknown };
      if (frame.id !== undefined) answers.set(frame.id, frame.response);
    });
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    return {
      ws,
      answers,
      send: (id: number, name: string, args: unknown) =>
        ws.send(JSON.stringify({ id, name, args })),
    };
  }

  /** A demo service that starts when the test says so (or fails to). */
  function heldDemo() {
    let release: (fail?: Error) => void = () => {};
    const gate = new Promise<void>((resolve, reject) => {
      release = (fail) => (fail ? reject(fail) : resolve());
    });
    // Released with a failure before the host asked for the demo (a loaded machine), the
    // rejection waits for `demo` below; without a handler now it would be reported as
    // unhandled and fail the run.
    gate.catch(() => {});
    const demo: DemoStarter = async (now) => {
      await gate;
      return startDemoService(now);
    };
    return { demo, release: (fail?: Error) => release(fail) };
  }

  /**
   * A host whose demo service waits for the test, with `workspace` (text) saved in its
   * data folder when given, and a page's socket opened while its services start.
   */
  async function heldHost(workspace?: string) {
    if (workspace !== undefined) {
      const dataFolder = path.join(folder.dir, 'data');
      mkdirSync(dataFolder, { recursive: true });
      writeFileSync(path.join(dataFolder, 'workspace.json'), workspace);
    }
    const held = heldDemo();
    let listening = '';
    const starting = startHost({
      ...options(false),
      services: { loadKeytar: null, cacheFile: ':memory:', demo: held.demo },
      onListening: (url) => (listening = url),
    });
    // Failing is one test's subject: the others await `starting` themselves.
    const failed = starting.then(
      () => null,
      (error: unknown) => error,
    );
    await vi.waitFor(() => expect(listening).not.toBe(''));
    return { held, starting, failed, page: await pageSocket(listening) };
  }

  it('answers the saved workspace at once and every other command once they run, none lost', async () => {
    const saved = { version: 1, data: { note: 'the saved one' } };
    const { held, starting, page } = await heldHost(JSON.stringify(saved));
    page.send(1, 'getStatus', {});
    page.send(2, 'loadWorkspace', {});
    page.send(3, 'setVisibility', { visible: true });
    await vi.waitFor(() => expect(page.answers.get(2)).toEqual({ ok: true, value: saved }));
    expect(page.answers.has(1)).toBe(false);
    expect(page.answers.has(3)).toBe(false);
    held.release();
    host = await starting;
    await vi.waitFor(() => expect(page.answers.size).toBe(3));
    expect(page.answers.get(1)).toMatchObject({ ok: true, value: { mode: 'demo' } });
    expect(page.answers.get(3)).toEqual({ ok: true });
    // The socket is the services' now: it is counted, and a save reaches the same file.
    expect(host.sockets.size).toBe(1);
    page.send(4, 'saveWorkspace', { document: { version: 2, data: {} } });
    await vi.waitFor(() => expect(page.answers.get(4)).toMatchObject({ ok: true }));
    expect(host.services.workspace.load().document).toEqual({ version: 2, data: {} });
    page.ws.close();
  });

  it('says a damaged workspace read early on the status, like any other notice', async () => {
    const { held, starting, page } = await heldHost('{ not json');
    page.send(1, 'loadWorkspace', {});
    await vi.waitFor(() => expect(page.answers.get(1)).toEqual({ ok: true, value: null }));
    held.release();
    host = await starting;
    expect(host.services.status().notice).toMatch(/workspace/i);
    page.ws.close();
  });

  it('answers the waiting commands with an error when the services cannot start, and closes', async () => {
    const { held, failed, page } = await heldHost();
    const closed = new Promise((resolve) => page.ws.once('close', resolve));
    page.send(1, 'getStatus', {});
    await new Promise((resolve) => setTimeout(resolve, 20));
    held.release(new Error('the demo service could not bind'));
    expect(await failed).toBeInstanceOf(Error);
    await closed;
    expect(page.answers.get(1)).toEqual({
      ok: false,
      error: { code: 'internal', message: NOT_STARTED_MESSAGE },
    });
  });
});
