/**
 * The simulator's stream (`docs/streaming.md`) on its own HTTP port: one
 * WebSocket endpoint per asset class (`/stock`, `/crypto`, …), the contract's messages
 * (./protocol, ./session), pushes from the market REST answers from (./channels) at
 * each symbol's trades (./activity), one pump timer for all endpoints, and the stream
 * faults (./stream-faults), which may take the endpoints down and back up at run time.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { STREAM_CLOSE, STREAM_PATHS } from '../../shared/api/stream';
import { ASSET_CLASSES, type AssetClass } from '../../shared/model';
import type { MarketModel } from '../market-model';
import { StreamChannels } from './channels';
import { StreamSession, type SessionContext } from './session';
import {
  decidePushFate,
  drawsPushes,
  validateStreamFaults,
  type StreamFaults,
} from './stream-faults';
import { systemTimers, type Timers } from '../../shared/timers';

/** Least time between two runs of the pump: bounds its wake-ups at 50 a second. */
export const PUMP_GAP_MS = 20;
/** Outgoing bytes queued for one client past which it is dropped for reading too slowly. */
export const MAX_BUFFERED_BYTES = 8 * 1024 * 1024;
/** Largest frame a client may send. */
const MAX_PAYLOAD_BYTES = 1024 * 1024;
/** A guarded server's connections open at once that have not authenticated. */
export const MAX_UNAUTHENTICATED = 8;
/** How long a guarded server's connection may stay unauthenticated before it is closed. */
export const AUTH_DEADLINE_MS = 5_000;

export interface StreamServerOptions {
  market: MarketModel;
  seed: number;
  /** The clock of the market (Unix ms): pushes read the market at this instant. */
  now: () => number;
  timers?: Timers;
  /** The configured token; undefined: any token, or none, is accepted. */
  token: string | undefined;
  /** Symbols one connection may subscribe. */
  limit: number;
  /** Markets outside the plan: their symbols are skipped like unknown ones. */
  denied: (cls: AssetClass, region: string) => boolean;
  faults?: StreamFaults;
  /** Only this process's own client: see `SimulatorOptions.guarded`. */
  guarded?: boolean;
}

/** What the stream has done since start. */
export interface StreamStats {
  /** Open connections. */
  connections: number;
  /** Symbols with at least one subscriber, per class. */
  channels: Record<AssetClass, number>;
  /** Push frames sent (or dropped by faults), one per subscriber. */
  pushes: number;
  /** Frames received from clients. */
  received: number;
  /** Upgrades refused while the endpoint was down. */
  refusedUpgrades: number;
  /** Connections disconnected by a newer one with the same token. */
  replaced: number;
  /** Upgrades a guarded server refused: a foreign Origin or Host, or too many unauthenticated. */
  refusedGuard: number;
}

const ROUTES = new Map<string, AssetClass>(ASSET_CLASSES.map((c) => [STREAM_PATHS[c], c]));

/** Answers an upgrade with a plain HTTP status instead of a WebSocket. */
function refuseUpgrade(socket: Duplex, status: 403 | 404 | 503, text: string): void {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

export class StreamServer {
  readonly #o: StreamServerOptions;
  readonly #timers: Timers;
  readonly #wss = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD_BYTES });
  readonly #channels = new Map<AssetClass, StreamChannels>();
  readonly #contexts = new Map<AssetClass, SessionContext>();
  readonly #sessions = new Set<StreamSession>();
  /** Per class, the session holding each token. */
  readonly #byToken = new Map<AssetClass, Map<string, StreamSession>>();
  #faults: StreamFaults = {};
  #pushIndex = 0;
  #timer: { at: number; handle: unknown } | null = null;
  #lastPump = -Infinity;
  #refused = 0;
  #replaced = 0;
  #refusedGuard = 0;
  #received = 0;
  #closed = false;

  constructor(options: StreamServerOptions) {
    this.#o = options;
    this.#timers = options.timers ?? systemTimers;
    this.#faults = validateStreamFaults(options.faults ?? {});
    for (const cls of ASSET_CLASSES) {
      const channels = new StreamChannels({
        cls,
        market: options.market,
        seed: options.seed,
        now: options.now,
        denied: (region) => options.denied(cls, region),
        opened: () => this.#schedule(),
      });
      this.#channels.set(cls, channels);
      this.#byToken.set(cls, new Map());
      this.#contexts.set(cls, this.#context(cls, channels));
    }
  }

  /** Call from the HTTP server's `upgrade` event. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    socket.on('error', () => socket.destroy());
    const raw = (req.url ?? '/').split('?')[0]!;
    const cls = ROUTES.get(raw.length > 1 && raw.endsWith('/') ? raw.slice(0, -1) : raw);
    if (cls === undefined || this.#closed) return refuseUpgrade(socket, 404, 'Not Found');
    if (this.#faults.down) {
      this.#refused++;
      return refuseUpgrade(socket, 503, 'Service Unavailable');
    }
    if (this.#o.guarded) {
      const refusal = this.#guardRefusal(req);
      if (refusal) {
        this.#refusedGuard++;
        return refuseUpgrade(socket, refusal.status, refusal.text);
      }
    }
    const header = req.headers.token;
    this.#wss.handleUpgrade(req, socket, head, (ws) => {
      const session = new StreamSession(
        ws,
        this.#contexts.get(cls)!,
        typeof header === 'string' ? header : undefined,
      );
      if (session.open) this.#sessions.add(session);
    });
  }

  /**
   * Why a guarded server refuses an upgrade, or null: it answers the process that
   * started it, which connects to its loopback address without an `Origin`. A browser
   * page (any site, or a DNS-rebound name) always sends an `Origin` or a foreign `Host`;
   * and connections that have not authenticated are few, so idle ones cannot pile up.
   */
  #guardRefusal(req: IncomingMessage): { status: 403 | 503; text: string } | null {
    const port = req.socket.localPort;
    const hosts = [`127.0.0.1:${port}`, `localhost:${port}`];
    if (req.headers.origin !== undefined || !hosts.includes(req.headers.host ?? '')) {
      return { status: 403, text: 'Forbidden' };
    }
    let unauthenticated = 0;
    for (const session of this.#sessions) if (!session.authed) unauthenticated++;
    if (unauthenticated >= MAX_UNAUTHENTICATED) {
      return { status: 503, text: 'Service Unavailable' };
    }
    return null;
  }

  /** Replaces the stream faults in force (`{}` heals); `down` cuts every open connection. */
  setFaults(faults: StreamFaults): void {
    this.#faults = validateStreamFaults(faults);
    this.#pushIndex = 0;
    if (this.#faults.down) for (const session of [...this.#sessions]) session.cut();
  }

  faults(): StreamFaults {
    return { ...this.#faults };
  }

  stats(): StreamStats {
    const channels = Object.fromEntries(
      ASSET_CLASSES.map((c) => [c, this.#channels.get(c)!.size]),
    ) as Record<AssetClass, number>;
    let pushes = 0;
    for (const c of this.#channels.values()) pushes += c.pushes;
    return {
      connections: this.#sessions.size,
      channels,
      pushes,
      received: this.#received,
      refusedUpgrades: this.#refused,
      replaced: this.#replaced,
      refusedGuard: this.#refusedGuard,
    };
  }

  /** Cuts every connection and stops the pump. */
  async close(): Promise<void> {
    this.#closed = true;
    if (this.#timer) this.#timers.clearTimeout(this.#timer.handle);
    this.#timer = null;
    for (const session of [...this.#sessions]) session.cut();
    await new Promise<void>((resolve) => this.#wss.close(() => resolve()));
  }

  #context(cls: AssetClass, channels: StreamChannels): SessionContext {
    const o = this.#o;
    return {
      channels,
      token: o.token,
      authDeadlineMs: o.guarded ? AUTH_DEADLINE_MS : null,
      limit: o.limit,
      now: o.now,
      timers: this.#timers,
      maxBufferedBytes: MAX_BUFFERED_BYTES,
      faults: () => this.#faults,
      nextFate: () =>
        drawsPushes(this.#faults) ? decidePushFate(this.#faults, o.seed, this.#pushIndex++) : null,
      authenticated: (session, token) => {
        const holders = this.#byToken.get(cls)!;
        const before = holders.get(token);
        holders.set(token, session);
        if (before && before !== session && before.open) {
          this.#replaced++;
          before.close(STREAM_CLOSE.replaced, 'replaced by a newer connection');
        }
      },
      received: () => {
        this.#received++;
      },
      closed: (session) => {
        this.#sessions.delete(session);
        const holders = this.#byToken.get(cls)!;
        for (const [token, holder] of holders) if (holder === session) holders.delete(token);
      },
    };
  }

  /** Arms the pump for the earliest trade due, no sooner than PUMP_GAP_MS after the last run. */
  #schedule(): void {
    if (this.#closed) return;
    let next: number | null = null;
    for (const channels of this.#channels.values()) {
      const due = channels.nextDue();
      if (due !== null && (next === null || due < next)) next = due;
    }
    if (next === null) return;
    const at = Math.max(next, this.#lastPump + PUMP_GAP_MS);
    if (this.#timer && this.#timer.at <= at) return;
    if (this.#timer) this.#timers.clearTimeout(this.#timer.handle);
    const handle = this.#timers.setTimeout(() => this.#pump(), Math.max(0, at - this.#o.now()));
    this.#timer = { at, handle };
  }

  #pump(): void {
    this.#timer = null;
    const now = this.#o.now();
    this.#lastPump = now;
    for (const channels of this.#channels.values()) channels.pump(now);
    this.#schedule();
  }
}
