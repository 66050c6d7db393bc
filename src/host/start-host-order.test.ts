import { existsSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeRendererFolder, type RendererFolder } from '../core/testing/renderer-folder';
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

describe('startHost warm-up', () => {
  it('warms once, as soon as the services have started', async () => {
    host = await startHost(options(true));
    const quotes = vi.spyOn(host.services.link.client, 'quotes');
    await vi.waitFor(() => expect(quotes).toHaveBeenCalledTimes(1));
    await fetch(`${host.origin}/assets/app.js`);
    expect(quotes).toHaveBeenCalledTimes(1);
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
    let listening = '';
    const starting = startHost({
      ...options(false),
      servicesAfterPageMs: 24 * 3600_000,
      onListening: (url) => (listening = url),
    });
    let started = false;
    void starting.then(() => (started = true));
    await vi.waitFor(() => expect(listening).not.toBe(''));
    const origin = new URL(listening).origin;
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
