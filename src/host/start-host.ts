/**
 * The browser host: the built renderer over HTTP and the bridge over a WebSocket
 * (`/bridge`), on one port of 127.0.0.1, running the same services and handler
 * table as the Electron shell. The address it answers carries a per-launch secret
 * in the fragment (`#k=…`), which browsers never send to a server; the page offers
 * it as a WebSocket subprotocol (see ws-bridge.ts), and a page without it gets no
 * answers. Opened for the user, that address goes to the browser through a private
 * redirect file, never on a command line (see open-browser.ts).
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BridgeServer } from '../core/bridge';
import type { Services, ServicesConfig } from '../core/services';
import { BRIDGE_PATH, hostAddress, popOutAddress } from '../shared/host-wire';
import { ensureRendererBuilt } from './build-renderer';
import { RememberedPort } from './host-port';
import {
  openBrowser,
  openViaRedirectFile,
  type OpenerOptions,
  type RedirectFile,
} from './open-browser';
import { firstLoadPaths, readRendererFiles, securityHeaders, serveStatic } from './static-files';
import type { WsBridge } from './ws-bridge';
import type { WorkspaceStore } from '../core/settings/workspace-store';

/** The project root (src/host/ → ../../). */
export const PROJECT_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface HostOptions {
  /** TCP port on 127.0.0.1; 0 (default) picks a free one. */
  port?: number;
  /**
   * Without a `port`: listen on the port of the last start (`host.json` in the data
   * folder, see host-port.ts) when it is free, and remember the one taken. The page's
   * origin then stays the same between starts, and the browser keeps its cache of the
   * page's files and the theme it remembers. Default false.
   */
  rememberPort?: boolean;
  /**
   * Open the system browser at the address; default false (the command line turns it
   * on). Through a private redirect file, removed when the host closes.
   */
  open?: boolean;
  /**
   * How the browser is opened, for `open` and news links: platform, spawner and the
   * redirect file's parent folder (default the system temp folder). Tests inject them.
   */
  opener?: OpenerOptions & { parent?: string };
  /** Environment (MARKETDESK_TOKEN); default none. */
  env?: Readonly<Record<string, string | undefined>>;
  /** The data folder; required unless `services` is given. */
  dataFolder?: string;
  /** Extra service settings (tests: `loadKeytar: null`, another demo service…). */
  services?: Partial<Omit<ServicesConfig, 'dataFolder' | 'env'>>;
  /** What to serve; default `<project>/out/renderer`. */
  rendererRoot?: string;
  /** Build the renderer first when missing or stale; default true unless `rendererRoot` is given. */
  build?: boolean;
  /** One line per message; default console.log. */
  log?: (line: string) => void;
  /**
   * Start the services once the page's first files are served or its socket comes, and
   * at most this long after listening (see startHost). Default 0: at once.
   */
  servicesAfterPageMs?: number;
  /**
   * Called as soon as the host listens, with the address to open: the page can load
   * while the services still start (startHost resolves once they have).
   */
  onListening?: (url: string) => void;
  /**
   * Warm the request path (warm-up.ts) as soon as the services have started, while the
   * browser is still busy with the page. Default false (tests count the simulator's
   * requests).
   */
  warmUp?: boolean;
}

/**
 * The services' modules, in the order they build on one another, evaluated one part a
 * turn when the host starts (a dynamic import in the one-file bundle evaluates, all at
 * once, the part's modules not evaluated yet). `EARLY_PARTS` come before the page's
 * socket is accepted: the WebSocket side's error words import most of core, and loaded
 * in one piece with it they held the host ~200–400 ms in one turn; the rest after. The
 * heaviest, measured with `--cpu-prof` on a cold start at load ~2: the API's schemas with
 * zod (~60 ms), the feed (~70 ms), the simulator's catalog (~25 ms). The demo service
 * comes from its own module, not the simulator's index: that one's command-line help
 * formats the plans' figures as it loads (the first `toLocaleString` loads ICU's number
 * formats: ~40 ms the host never needs).
 */
const EARLY_PARTS: ReadonlyArray<() => Promise<unknown>> = [
  () => import('zod'),
  () => import('../shared/model'),
  () => import('../core/api'),
  () => import('../core/cache'),
  () => import('../core/health'),
  () => import('../core/feed'),
  () => import('../core/settings'),
  () => import('../core/stream'),
  () => import('../core/link'),
  () => import('../core/bridge/client-registry'),
];
const SERVICE_PARTS: ReadonlyArray<() => Promise<unknown>> = [
  () => import('../core/alerts'),
  () => import('../core/symbols'),
  () => import('../simulator/market/catalog'),
  () => import('../simulator/demo'),
];

/** Evaluates the parts' modules, one a turn of the event loop. */
async function loadParts(parts: ReadonlyArray<() => Promise<unknown>>): Promise<void> {
  for (const load of parts) {
    await load();
    await new Promise((resolve) => setImmediate(resolve));
  }
}

export interface HostHandle {
  /** The address to open, with the secret in the fragment. */
  url: string;
  /** `http://127.0.0.1:PORT`, the only Origin the bridge accepts. */
  origin: string;
  port: number;
  secret: string;
  services: Services;
  bridge: BridgeServer;
  /** The WebSocket side: its sockets, outboxes and turns (diagnostics, tests, benchmarks). */
  sockets: WsBridge;
  /** Closes the sockets, the server and the services. Idempotent. */
  close(): Promise<void>;
}

/** What runs once the services have started. */
interface Running {
  services: Services;
  bridge: BridgeServer;
  ws: WsBridge;
}

/**
 * What the host opens first, before the services: the WebSocket side, whose connections
 * wait for the bridge server (deferred-bridge.ts), and the workspace store that answers
 * the first screen meanwhile (the services then use the same one).
 */
interface Early {
  ws: WsBridge;
  workspace: WorkspaceStore;
  /** What the early workspace reads found wrong, for the services' notices. */
  notices: string[];
  /** Settles the deferred bridge's server. */
  attach(bridge: Promise<BridgeServer>): void;
}

/** Starts the host. */
export async function startHost(options: HostOptions = {}): Promise<HostHandle> {
  const log = options.log ?? ((line: string) => console.log(line));
  const rendererRoot = options.rendererRoot ?? path.join(PROJECT_ROOT, 'out', 'renderer');
  if (options.build ?? options.rendererRoot === undefined)
    await ensureRendererBuilt(PROJECT_ROOT, log);
  if (!existsSync(path.join(rendererRoot, 'index.html'))) {
    throw new Error(`no built renderer in ${rendererRoot} (run npm run build)`);
  }
  const root = realpathSync(rendererRoot);
  const rendererFiles = readRendererFiles(root);
  if (!options.dataFolder) throw new Error('startHost: dataFolder is required');
  const dataFolder = options.dataFolder;

  const secret = randomBytes(32).toString('base64url');
  let port = 0;
  const origin = () => `http://127.0.0.1:${port}`;

  // Listening comes first, then the page's first files (index.html, its script, its
  // preloads and stylesheets, answered from memory), and only then the services (the
  // settings, the keychain, the cache and its migrations, the demo simulator). The host
  // has one thread: started at once, the services held the page's files back while the
  // browser sat idle; started after them, they run while the browser compiles and runs
  // the page (bench/ui-cold-start.bench.ts). They start when the last of those files is
  // sent, when the page's socket comes (a browser with the files cached asks for none of
  // them), or `servicesAfterPageMs` after listening, whichever is first. Their first
  // step is small (startEarly): the WebSocket side and the workspace store, so the
  // page's socket opens at once and its workspace is answered while the rest loads (its
  // panes mount meanwhile); its other commands wait for the services (deferred-bridge.ts).
  const pageFiles = new Set(firstLoadPaths(readFileSync(path.join(root, 'index.html'), 'utf8')));
  let ready: Promise<Running> | null = null;
  let early: Promise<Early> | null = null;
  let settleServices: (running: Promise<Running>) => void = () => {};
  const servicesReady = new Promise<Running>((resolve) => (settleServices = resolve));
  let servicesTimer: ReturnType<typeof setTimeout> | null = null;
  let stopping = false;
  /** Starts the services (once); answers what accepts sockets meanwhile. */
  const startServices = (): Promise<Early> => {
    if (early) return early;
    if (servicesTimer) clearTimeout(servicesTimer);
    early = startEarly();
    ready = early.then(startRunning);
    void early.then(
      (opened) => opened.attach(ready!.then(({ bridge }) => bridge)),
      () => {},
    );
    // Handled below (awaited); this only keeps a failure meanwhile from counting as unhandled.
    ready.catch(() => {});
    settleServices(ready);
    // Warming is an optimisation only: a failure of it (or of the services) is said elsewhere.
    // It is for a page that has not asked yet: a page whose socket already waits sends its
    // commands the moment the services run, and they do the same first-use work themselves
    // (warming beside them would only lengthen those turns).
    if (options.warmUp) {
      ready
        .then(async ({ services, ws }) => {
          if (stopping || ws.size > 0) return;
          const { warmUp } = await import('./warm-up');
          await warmUp(services);
        })
        .catch(() => {});
    }
    return early;
  };

  // DNS rebinding: a page of another site resolving its name to 127.0.0.1 sends its own Host.
  const hostAllowed = (req: IncomingMessage) => req.headers.host === `127.0.0.1:${port}`;
  // A page loaded as localhost could never open its socket (the CSP's connect-src and the
  // bridge's Origin check name 127.0.0.1): send it to the same path there instead.
  const isLocalhost = (req: IncomingMessage) => req.headers.host === `localhost:${port}`;

  const server = createServer((req, res) => {
    const headers = securityHeaders(port);
    if (isLocalhost(req)) {
      // Origin-form paths only: an absolute-form target would name another host.
      const target = req.url?.startsWith('/') && !req.url.startsWith('//') ? req.url : '/';
      res.writeHead(308, { ...headers, Location: `${origin()}${target}`, 'Content-Length': '0' });
      return res.end();
    }
    if (!hostAllowed(req)) {
      res.writeHead(421, { ...headers, 'Content-Type': 'text/plain; charset=utf-8' });
      return res.end('misdirected request');
    }
    if (!ready && pageFiles.delete(new URL(req.url ?? '/', 'http://host.invalid').pathname)) {
      if (pageFiles.size === 0) res.once('finish', () => void startServices());
    }
    serveStatic(root, req, res, headers, rendererFiles).catch(() => {
      if (!res.headersSent) res.writeHead(500, headers);
      res.end();
    });
  });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://host.invalid');
    if (!hostAllowed(req) || url.pathname !== BRIDGE_PATH) {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    // A socket that comes while the services start is accepted as soon as the WebSocket
    // side is loaded; its commands wait for the services (deferred-bridge.ts).
    void startServices().then(
      ({ ws }) => {
        if (!socket.destroyed && !stopping) ws.handleUpgrade(req, socket, head);
        else socket.destroy();
      },
      () => socket.destroy(),
    );
  });
  server.on('clientError', (_error, socket) => socket.destroy());

  const listen = (at: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(at, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const remembered =
    options.rememberPort && !options.port ? new RememberedPort(dataFolder, log) : null;
  try {
    await listen(remembered?.port ?? options.port ?? 0);
  } catch (error) {
    // The last port is taken now (another program, another Marketdesk): any free one.
    if (remembered?.port === null || remembered?.port === undefined) throw error;
    await listen(0);
  }
  port = (server.address() as AddressInfo).port;
  remembered?.save(port);
  const url = hostAddress(origin(), secret);
  options.onListening?.(url);

  async function startEarly(): Promise<Early> {
    // One part per turn of the event loop, so that a file the page asks for meanwhile
    // (answered from memory in one turn) waits for one part at most, not for all.
    await loadParts(EARLY_PARTS);
    const [{ createWsBridge }, { DeferredBridge }, { WorkspaceStore }] = await Promise.all([
      import('./ws-bridge'),
      import('./deferred-bridge'),
      import('../core/settings/workspace-store'),
    ]);
    const workspace = new WorkspaceStore({ folder: dataFolder, ...serviceClock() });
    const notices: string[] = [];
    let settle: (bridge: Promise<BridgeServer>) => void = () => {};
    const deferred = new DeferredBridge(
      new Promise<BridgeServer>((resolve) => (settle = resolve)),
      {
        loadWorkspace() {
          const { document, notice } = workspace.load();
          if (notice) notices.push(notice);
          return document;
        },
      },
      log,
    );
    const ws = createWsBridge({
      bridge: deferred,
      secret,
      origin,
      onSlowClient: (reason) =>
        log(`marketdesk: a browser tab stopped reading and was closed: ${reason}`),
    });
    return { ws, workspace, notices, attach: (bridge) => settle(bridge) };
  }

  /** The services' clock, when the options give one (the test clock). */
  function serviceClock(): { now?: () => number } {
    const now = options.services?.now;
    return now ? { now } : {};
  }

  async function startRunning({ ws, workspace, notices }: Early): Promise<Running> {
    // Loaded after listening, while the browser loads the page: the services, the
    // bridge's schemas and the simulator are most of the host's code, and evaluating
    // them (zod building every schema) is time the page's own files need not wait for.
    await loadParts(SERVICE_PARTS);
    const [{ createServices }, { createBridgeServer }, { startDemoService }] = await Promise.all([
      import('../core/services'),
      import('../core/bridge'),
      import('../simulator/demo'),
    ]);
    const services = await createServices({
      demo: startDemoService,
      ...options.services,
      workspace,
      dataFolder,
      env: options.env ?? {},
      log: options.services?.log ?? log,
    });
    const bridge = createBridgeServer(services.backend, {
      async openExternal(url) {
        // A news link: http(s) only, and no secret in it, so it may be an argument.
        const problem = await openBrowser(url, options.opener?.platform, options.opener?.spawn);
        if (problem) log(`marketdesk: ${problem}: ${url}`);
      },
      async popOut(request) {
        // The page opens this address itself (window.open); it carries the secret like ours.
        const openUrl = popOutAddress(`${origin()}/`, request.paneId, secret);
        return { windowId: randomUUID(), openUrl };
      },
      async saveFile() {
        // A browser tab saves through its own download (a Blob); nothing touches this disk.
        return { path: null, download: true };
      },
      async confirmAutoUpdate() {
        // The browser host never updates itself: there is nothing to turn on.
        return null;
      },
    });
    // What the first screen's early reads found wrong is said like any other notice.
    for (const notice of notices.splice(0)) services.notices.add(notice);
    return { services, bridge, ws };
  }
  // setTimeout treats anything past 2^31-1 ms as 1 ms: cap it.
  const afterPageMs = Math.min(options.servicesAfterPageMs ?? 0, 2 ** 31 - 1);
  if (afterPageMs > 0) servicesTimer = setTimeout(startServices, afterPageMs);
  else void startServices();

  let redirect: RedirectFile | null = null;
  let running: Running;
  try {
    if (options.open) {
      const opened = await openViaRedirectFile(url, options.opener);
      redirect = opened.file;
      if (opened.problem) log(`marketdesk: ${opened.problem}; open Marketdesk's address yourself`);
    }
    running = await servicesReady;
  } catch (error) {
    // The services could not start (createServices released what it had opened). The
    // sockets accepted meanwhile were answered so (deferred-bridge.ts) and close now.
    stopping = true;
    if (servicesTimer) clearTimeout(servicesTimer);
    redirect?.remove();
    // (Assigned in startServices: a plain read of `early` here is narrowed to null.) Their
    // answers are on their way: a turn of the event loop sends them before the sockets go.
    await new Promise((resolve) => setImmediate(resolve));
    await (early as Promise<Early> | null)?.then((opened) => opened.ws.close()).catch(() => {});
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    throw error;
  }
  const { services, bridge, ws } = running;

  let closing: Promise<void> | null = null;
  return {
    url,
    origin: origin(),
    port,
    secret,
    services,
    bridge,
    sockets: ws,
    close() {
      closing ??= (async () => {
        stopping = true;
        // The secret in it stops working now; the file need not outlive it.
        redirect?.remove();
        await ws.close();
        bridge.dispose();
        server.closeAllConnections();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await services.dispose();
      })();
      return closing;
    },
  };
}
