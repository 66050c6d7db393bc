/**
 * A browser host for tests and benchmarks: real sockets through the real host, on demo
 * services, serving a stand-in renderer folder, with an in-memory cache, no keychain
 * and no log. `close()` stops the host and removes the folder.
 */
import path from 'node:path';
import { WebSocket } from 'ws';
import { makeRendererFolder, type RendererFolder } from '../../core/testing/renderer-folder';
import { bridgeProtocols } from '../../shared/host-wire';
import { startHost, type HostHandle, type HostOptions } from '../start-host';

export interface DemoHost {
  host: HostHandle;
  folder: RendererFolder;
  /** `ws://127.0.0.1:PORT/bridge`. */
  bridgeUrl: string;
  /** Opens a bridge socket of window `name` (none: a page that names no window). */
  open(name?: string): Promise<WebSocket | number>;
  close(): Promise<void>;
}

/** Starts the host in a fresh folder named from `prefix`; `options` add to the defaults. */
export async function startDemoHost(
  prefix: string,
  options: Partial<HostOptions> = {},
): Promise<DemoHost> {
  const folder = makeRendererFolder(prefix);
  const host = await startHost({
    port: 0,
    open: false,
    dataFolder: path.join(folder.dir, 'data'),
    rendererRoot: folder.root,
    services: { loadKeytar: null, cacheFile: ':memory:' },
    log: () => undefined,
    ...options,
  });
  const bridgeUrl = `ws://127.0.0.1:${host.port}/bridge`;
  return {
    host,
    folder,
    bridgeUrl,
    open: (name) => openBridgeSocket(host, name),
    async close() {
      await host.close();
      folder.remove();
    },
  };
}

/**
 * A bridge socket of window `name` on `host`, with its secret and origin: the socket once
 * open, or the HTTP status the host refused the upgrade with. Without `name`, a page that
 * names no window.
 */
export function openBridgeSocket(host: HostHandle, name?: string): Promise<WebSocket | number> {
  const protocols = bridgeProtocols(host.secret, name);
  if (name === undefined) protocols.pop();
  const socket = new WebSocket(`ws://127.0.0.1:${host.port}/bridge`, protocols, {
    origin: host.origin,
  });
  socket.on('error', () => undefined);
  return new Promise((resolve) => {
    socket.once('open', () => resolve(socket));
    socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
  });
}
