/**
 * The simulator's HTTP server: routes the 20 operations of OPERATIONS, the symbol list
 * and the market-time operations (./market-time.ts) over a market model, with the error convention of ./errors, plan limits, denied markets, fault
 * injection and request counts. One request costs one JSON.stringify of the data.
 * WebSocket upgrades go to the stream (./stream), served from the same market.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleepMs } from 'node:timers/promises';
import { OPERATIONS, OPERATION_NAMES, type OperationSpec } from '../shared/api/operations';
import { STREAM_PLAN_LIMITS } from '../shared/api/stream';
import { planOf, type Plan } from '../shared/model';
import { answer, parseDeniedMarkets } from './answer';
import { authFailed, errorBody, methodNotAllowed, notFound, SimulatorError } from './errors';
import { FaultInjector, type FaultDecision, type Faults } from './faults';
import { malformBody } from './malform';
import type { MarketModel } from './market-model';
import { isNewsCursor, SyntheticMarket } from './market/synthetic-market';
import { parseQuery, type ParseContext } from './params';
import type { StreamFaults } from './stream/stream-faults';
import { StreamServer, type StreamStats } from './stream/stream-server';
import type { Timers } from '../shared/timers';
import { tokenRefusal } from './token';
import { SYMBOL_LIST_PATH } from '../shared/api/symbol-list';
import { symbolList } from './symbol-list';
import { isMarketTimePath, marketTimeAnswer, marketTimeStatsKey } from './market-time';

/** How to start a simulator. Every field is optional. */
export interface SimulatorOptions {
  /** TCP port; 0 (default) picks a free one. */
  port?: number;
  /** Interface to bind; default 127.0.0.1. */
  host?: string;
  /** Seed of the synthetic market and of the fault draws; default 1. */
  seed?: number;
  /** Required value of the `token` header; when undefined any token, or none, is accepted. */
  token?: string;
  /** Plan whose maximum codes per batch request applies; default premium (50). */
  plan?: Plan;
  /** Clock (Unix ms) for the market and the rate limiter; default Date.now. */
  now?: () => number;
  /**
   * Start the clock at this instant (Unix ms) and let it run at real speed (`--clock`):
   * the market, its calendar answers and the stream live then. Ignored when `now` is given.
   */
  clock?: number;
  /** Faults in force from the start; change them later with `setFaults`. */
  faults?: Faults;
  /** Markets outside the plan, as `class:REGION` (e.g. `stock:JP`): code 0, data null or {}. */
  deniedMarkets?: readonly string[];
  /** The market model; default a SyntheticMarket of `seed` and `now`. */
  market?: MarketModel;
  /** How injected latency waits; default a timer. Tests pass a recorder. */
  sleep?: (ms: number) => Promise<void>;
  /** Symbols one stream connection may subscribe; default the plan's (`STREAM_PLAN_LIMITS`). */
  streamLimit?: number;
  /** Stream faults in force from the start; change them later with `setStreamFaults`. */
  streamFaults?: StreamFaults;
  /** Timers of the stream (its pushes, late pongs); default the global ones. Tests pass their own with `now`. */
  timers?: Timers;
  /**
   * Answer only the process that started it (the app's demo service): stream upgrades
   * must name the loopback address as `Host` and carry no `Origin` (every browser page
   * sends one), and connections that do not authenticate are capped and timed out.
   * Pair it with a per-launch `token`.
   */
  guarded?: boolean;
}

/** Requests received since start (or the last reset), every answer included. */
export interface SimulatorStats {
  requests: number;
  /** By operation path; paths that match no operation count under `other`. */
  byPath: Record<string, number>;
  /** By HTTP status answered. */
  byStatus: Record<string, number>;
}

/** A running simulator. */
export interface SimulatorHandle {
  /** Base address, e.g. `http://127.0.0.1:41234` (no trailing slash). */
  url: string;
  port: number;
  /** Stops listening and drops open connections. Idempotent. */
  close(): Promise<void>;
  /** Replaces the faults in force; `setFaults({})` heals. Throws RangeError on bad values. */
  setFaults(faults: Faults): void;
  /** The faults in force. */
  faults(): Faults;
  stats(): SimulatorStats;
  resetStats(): void;
  /** Replaces the stream faults in force (`{ down: true }` takes the stream endpoints down, `{}` heals). */
  setStreamFaults(faults: StreamFaults): void;
  streamFaults(): StreamFaults;
  streamStats(): StreamStats;
}

/** Key under which requests to unknown paths are counted. */
export const OTHER_PATH = 'other';

const ROUTES: ReadonlyMap<string, OperationSpec> = new Map(
  OPERATION_NAMES.map((name) => [OPERATIONS[name].path, OPERATIONS[name] as OperationSpec]),
);

const JSON_HEADERS = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'no-store',
};

function send(
  res: ServerResponse,
  status: number,
  body: string,
  extra?: Readonly<Record<string, string>>,
): void {
  // A client may have gone (or close() dropped it) while injected latency ran.
  if (res.destroyed || res.headersSent) return;
  res.writeHead(status, {
    ...JSON_HEADERS,
    ...extra,
    'Content-Length': Buffer.byteLength(body),
  });
  res.end(body);
}

/** Date.now, or a clock that starts at `start` and runs at real speed from now on. */
function shiftedClock(start: number | undefined): () => number {
  if (start === undefined) return Date.now;
  const offset = start - Date.now();
  return () => Date.now() + offset;
}

/** Starts a simulator; resolves once it listens. */
export async function startSimulator(options: SimulatorOptions = {}): Promise<SimulatorHandle> {
  const seed = options.seed ?? 1;
  const now = options.now ?? shiftedClock(options.clock);
  const host = options.host ?? '127.0.0.1';
  const token = options.token;
  const sleep = options.sleep ?? ((ms: number) => sleepMs(ms));
  const market: MarketModel = options.market ?? new SyntheticMarket({ seed, now });
  const denied = parseDeniedMarkets(options.deniedMarkets ?? []);
  const faults = new FaultInjector(seed, now, options.faults);
  const plan = options.plan ?? planOf('premium');
  const ctx: ParseContext = { plan, isCursor: isNewsCursor };
  let stats: SimulatorStats = { requests: 0, byPath: {}, byStatus: {} };

  function respond(req: IncomingMessage, path: string, query: string, fate: FaultDecision | null) {
    const spec = ROUTES.get(path);
    const listing = path === SYMBOL_LIST_PATH;
    const timely = !spec && !listing && isMarketTimePath(path);
    if (!spec && !listing && !timely) throw notFound(path);
    if (req.method !== 'GET') throw methodNotAllowed(req.method ?? '');
    const refusal = tokenRefusal(token, req.headers.token);
    if (refusal) throw authFailed(refusal);
    faults.admit();
    if (fate?.errorStatus) {
      throw new SimulatorError(fate.errorStatus, `E${fate.errorStatus} injected server error`);
    }
    const data = spec
      ? answer(market, spec, parseQuery(spec, new URLSearchParams(query), ctx), denied)
      : timely
        ? marketTimeAnswer(path, new URLSearchParams(query), market, denied, now())
        : symbolList(new URLSearchParams(query), denied);
    const body = `{"code":0,"msg":"ok","data":${JSON.stringify(data)}}`;
    return fate?.malform ? malformBody(body, fate.malform, fate.malformDraw) : body;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const raw = req.url ?? '/';
    const q = raw.indexOf('?');
    let path = q < 0 ? raw : raw.slice(0, q);
    if (path.length > 1 && path.endsWith('/')) path = path.slice(0, -1);
    const key =
      ROUTES.has(path) || path === SYMBOL_LIST_PATH
        ? path
        : isMarketTimePath(path)
          ? marketTimeStatsKey(path)
          : OTHER_PATH;
    stats.requests++;
    stats.byPath[key] = (stats.byPath[key] ?? 0) + 1;
    const fate = faults.active ? faults.next() : null;
    if (fate && fate.delayMs > 0) await sleep(fate.delayMs);
    let status = 200;
    try {
      send(res, 200, respond(req, path, q < 0 ? '' : raw.slice(q + 1), fate));
    } catch (error) {
      const e =
        error instanceof SimulatorError
          ? error
          : new SimulatorError(500, `E500 internal error: ${(error as Error).message}`);
      status = e.status;
      send(res, e.status, errorBody(e), e.headers);
    }
    stats.byStatus[status] = (stats.byStatus[status] ?? 0) + 1;
  }

  const server = createServer((req, res) => {
    void handle(req, res);
  });
  const stream = new StreamServer({
    market,
    seed,
    now,
    token,
    limit: options.streamLimit ?? STREAM_PLAN_LIMITS[plan.name].subscriptions,
    denied: (cls, region) => denied.has(`${cls}:${region}`),
    ...(options.timers ? { timers: options.timers } : {}),
    ...(options.streamFaults ? { faults: options.streamFaults } : {}),
    ...(options.guarded ? { guarded: true } : {}),
  });
  server.on('upgrade', (req, socket, head) => stream.handleUpgrade(req, socket, head));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  const closing = { done: null as Promise<void> | null };
  return {
    url: `http://${host.includes(':') ? `[${host}]` : host}:${port}`,
    port,
    close() {
      closing.done ??= stream.close().then(
        () =>
          new Promise<void>((resolve) => {
            server.close(() => resolve());
            server.closeAllConnections();
          }),
      );
      return closing.done;
    },
    setFaults: (f) => faults.set(f),
    faults: () => faults.get(),
    stats: () => ({
      requests: stats.requests,
      byPath: { ...stats.byPath },
      byStatus: { ...stats.byStatus },
    }),
    resetStats() {
      stats = { requests: 0, byPath: {}, byStatus: {} };
    },
    setStreamFaults: (f) => stream.setFaults(f),
    streamFaults: () => stream.faults(),
    streamStats: () => stream.stats(),
  };
}
