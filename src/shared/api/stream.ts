/**
 * The service's streaming contract (`docs/streaming.md`) as data: the endpoint
 * per asset class, the messages' texts and codes, the push types and the plans' stream
 * limits. The simulator serves from it and the stream client (src/core/stream) speaks
 * from it; nothing else writes these strings.
 */
import {
  PLANS,
  PLAN_LIMITS,
  type AssetClass,
  type PlanName,
  type StreamLimits,
} from '../model/market';
import { canonicalCode, canonicalRegion } from '../model/symbols';

/** The default WebSocket path per class (`https://host` → `wss://host/stock`); a setting. */
export const STREAM_PATHS: Readonly<Record<AssetClass, string>> = {
  stock: '/stock',
  crypto: '/crypto',
  fund: '/fund',
  indices: '/indices',
  forex: '/forex',
  future: '/future',
};

/** What a subscription asks for, and what a push's `type` says it carries. */
export const STREAM_TYPES = ['quote', 'depth', 'tick'] as const;
export type StreamType = (typeof STREAM_TYPES)[number];

export function isStreamType(value: unknown): value is StreamType {
  return typeof value === 'string' && (STREAM_TYPES as readonly string[]).includes(value);
}

/** `code` of a stream message that succeeded (REST's success code is 0, the stream's 1). */
export const STREAM_OK = 1;
/** `code` of a stream message that refuses. */
export const STREAM_REFUSED = 0;

/** The `ac` of client requests and the `resAc` of the answers. */
export const STREAM_ACTIONS = {
  auth: 'auth',
  subscribe: 'subscribe',
  /** Not documented by the service: an extension the simulator offers (docs/streaming.md). */
  unsubscribe: 'unsubscribe',
  ping: 'ping',
  pong: 'pong',
} as const;

/** The `msg` texts of the contract. */
export const STREAM_MESSAGES = {
  connected: 'Connected Successfully',
  authenticated: 'authenticated',
  authFailed: 'auth failed',
  subscribed: 'subscribe Successfully',
  unsubscribed: 'unsubscribe Successfully',
  /** Also the text of REST's E003. */
  overLimit: 'exceeding the maximum subscription limit',
  malformed: 'cannot be resolved action',
} as const;

/**
 * WebSocket close codes the simulator uses (the service documents none; a client must
 * not depend on them, but may name them).
 */
export const STREAM_CLOSE = {
  authFailed: 4001,
  /** A newer connection to the same endpoint with the same token took this one's place. */
  replaced: 4002,
  /** The client read too slowly and its outgoing queue overflowed. */
  slowReader: 4003,
} as const;

export type { StreamLimits };

/** The stream limits per plan: the `stream` column of the one plan table (`PLAN_LIMITS`). */
export const STREAM_PLAN_LIMITS: Readonly<Record<PlanName, StreamLimits>> = Object.fromEntries(
  PLANS.map((plan) => [plan, PLAN_LIMITS[plan].stream]),
) as Record<PlanName, StreamLimits>;

/** The client's heartbeat period must lie in this range (docs/streaming.md: every 15–30 s). */
export const STREAM_HEARTBEAT_RANGE_MS = { min: 15_000, max: 30_000 } as const;

/**
 * One symbol of a subscription's `params`, `CODE$REGION`, in the canonical form
 * (`aapl`/`us` → `AAPL$US`, HK `00700` → `700$HK`): also the key both sides file a
 * subscription under.
 */
export function streamSymbol(code: string, region: string): string {
  const r = canonicalRegion(region);
  return `${canonicalCode(r, code)}$${r}`;
}
