/**
 * What the stream client takes and tells: the symbols wanted, its states, its pushes
 * (domain records, the same the REST client yields) and its tuning.
 */
import type { StreamType } from '../../shared/api/stream';
import type { AssetClass, DepthBook, Instrument, Quote, Tick, UnixMs } from '../../shared/model';
import type { Timers } from '../health/timers';
import type { SocketFactory } from './socket';
import type { WasteLimit } from './waste-meter';

/** One symbol the caller wants streamed, and what of it. */
export interface StreamWant {
  region: string;
  code: string;
  types: readonly StreamType[];
}

/** Why a connection ended and another is coming. */
export type ReconnectReason =
  /** No connection could be made (refused, DNS, network down). */
  | 'unreachable'
  /** The server answered the upgrade with an HTTP status (503 while down, 404 a wrong path). */
  | 'unavailable'
  /** The connection closed or dropped. */
  | 'closed'
  /** Another connection with the same token took its place. */
  | 'replaced'
  /** No pong in time. */
  | 'heartbeat'
  /** Connecting and authenticating took too long. */
  | 'timeout'
  /** The service does not take unsubscribe: a fresh connection carries the smaller set. */
  | 'resubscribe'
  /** It sent mostly frames it could not read (waste-meter.ts): dropped, tried again later. */
  | 'unreadable';

/** The client's state; `message` texts are for people and never hold the token. */
export type StreamState =
  /** Nothing wanted: no connection. */
  | { kind: 'idle' }
  | { kind: 'connecting'; attempt: number }
  /** Authenticated; `subscribed` symbols acknowledged, `overflow` wanted ones left to REST. */
  | { kind: 'streaming'; subscribed: number; overflow: number }
  /** Streaming, but the service refused a subscription as over its limit. */
  | { kind: 'over-limit'; subscribed: number; overflow: number; message: string }
  | {
      kind: 'reconnecting';
      reason: ReconnectReason;
      message: string;
      /** Attempts in a row so far. */
      attempt: number;
      nextAttemptAt: UnixMs;
    }
  /** The token was refused: no reconnecting until `restart()` (or a new client with a new token). */
  | { kind: 'refused'; reason: 'auth'; message: string }
  | { kind: 'disposed' };

/** One push, as the domain record the REST client would yield for it. */
export type StreamPush =
  | { type: 'quote'; instrument: Instrument; quote: Quote }
  | { type: 'depth'; instrument: Instrument; depth: DepthBook }
  | { type: 'tick'; instrument: Instrument; tick: Tick };

/** Counters for diagnostics and benchmarks. */
export interface StreamClientStats {
  /** Pushes delivered. */
  pushes: number;
  /** Frames that could not be read, or records the normalisers refused. */
  malformed: number;
  /** Frames dropped unread for passing the work one frame may cost (`FRAME_BUDGET`). */
  overBudget: number;
  /** Pushes whose `s` names no symbol held, or names one ambiguously. */
  unattributed: number;
  /** Crypto quotes without o/h/l and no same-day quote to complete them. */
  incomplete: number;
  /** Connections opened. */
  connections: number;
  /** Pings sent, and pongs that answered them. */
  pings: number;
  pongs: number;
}

export interface StreamTuning {
  /** Ping period; kept within 15–30 s (docs/streaming.md). */
  heartbeatMs: number;
  /** A ping's pong must come within this. */
  pongTimeoutMs: number;
  /** From opening the socket to authenticated. */
  connectTimeoutMs: number;
  /** First reconnect delay, doubled per failure in a row ("equal jitter"). */
  backoffInitialMs: number;
  backoffMaxMs: number;
  /** A connection that streamed this long before failing starts the backoff over. */
  stableMs: number;
  /** Symbols per subscribe message. */
  batchSize: number;
  /** With nothing wanted, the connection is closed after this. */
  idleCloseMs: number;
}

export const DEFAULT_STREAM_TUNING: StreamTuning = {
  heartbeatMs: 20_000,
  pongTimeoutMs: 10_000,
  connectTimeoutMs: 10_000,
  backoffInitialMs: 1_000,
  backoffMaxMs: 60_000,
  stableMs: 30_000,
  batchSize: 100,
  idleCloseMs: 10_000,
};

export interface StreamClientOptions {
  cls: AssetClass;
  /** The service's REST base URL (`https://api.itick.org`); `http` becomes `ws`, `https` `wss`. */
  baseUrl: string;
  /** The endpoint: a path (default `STREAM_PATHS[cls]`) or a whole `ws(s)://` URL. */
  path?: string;
  token: string;
  /** Symbols this connection may subscribe (the plan's stream subscriptions, a setting). */
  limit: number;
  /** How sockets are opened; default `ws` (which sends the token header). */
  sockets?: SocketFactory;
  now?: () => UnixMs;
  timers?: Timers;
  /** Uniform in [0, 1) for the backoff's jitter; default Math.random. */
  random?: () => number;
  tuning?: Partial<StreamTuning>;
  /** How much unreadable traffic drops the connection; default `DEFAULT_WASTE_LIMIT`. */
  wasteLimit?: WasteLimit;
}
