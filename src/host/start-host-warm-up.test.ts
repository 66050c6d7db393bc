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

/** Starts a host; the fallback timer is pushed out of reach unless a test wants it. */
async function start(warmUp: boolean, warmUpFallbackMs = 24 * 3600_000) {
  host = await startHost({
    port: 0,
    dataFolder: path.join(folder.dir, 'data'),
    rendererRoot: folder.root,
    services: { loadKeytar: null },
    log: () => undefined,
    warmUp,
    warmUpFallbackMs,
  });
  return { host, quotes: vi.spyOn(host.services.link.client, 'quotes') };
}

const get = async (h: HostHandle, file: string) => (await fetch(`${h.origin}${file}`)).text();

describe('startHost warm-up', () => {
  it('warms once, after the page script is served', async () => {
    const { host, quotes } = await start(true);
    await get(host, '/');
    expect(quotes).not.toHaveBeenCalled();
    await get(host, '/assets/app.js');
    await vi.waitFor(() => expect(quotes).toHaveBeenCalledTimes(1));
    await get(host, '/assets/app.js');
    expect(quotes).toHaveBeenCalledTimes(1);
  });

  it('warms at the fallback delay when no page comes', async () => {
    const { quotes } = await start(true, 1);
    await vi.waitFor(() => expect(quotes).toHaveBeenCalledTimes(1));
  });

  it('does not warm unless asked', async () => {
    const { host, quotes } = await start(false);
    await get(host, '/assets/app.js');
    expect(quotes).not.toHaveBeenCalled();
  });
});
