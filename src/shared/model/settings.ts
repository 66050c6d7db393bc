/**
 * User settings and application status: what the renderer shows and edits. The
 * token is never part of either: the renderer may set it and ask whether one is set,
 * never read it.
 */
import type { MarketStateView } from './market-state';
import type { AssetClass, Plan, PlanName, UnixMs } from './market';

export type Theme = 'dark' | 'light';

/** Where times are shown: the exchange's own clock, the user's, or UTC. */
export const TIME_ZONE_MODES = ['exchange', 'local', 'utc'] as const;
export type TimeZoneMode = (typeof TIME_ZONE_MODES)[number];

/** Poll intervals in ms, per data kind. Candles poll by kType (see the feed hub). */
export interface RefreshIntervals {
  quotes: number;
  depth: number;
  ticks: number;
  news: number;
}

export interface Settings {
  /** Base address of the market data API, e.g. https://api.itick.org. */
  baseUrl: string;
  plan: PlanName;
  /** Maximum codes per batch request on an enterprise plan. */
  enterpriseMaxCodes: number;
  /** Request budget per minute; null means the plan's default. */
  requestsPerMinute: number | null;
  /**
   * How long one request to the service may take, in ms, before it fails as a timeout
   * (then retried like a network error). Raised by users on slow links.
   */
  requestTimeoutMs: number;
  intervals: RefreshIntervals;
  theme: Theme;
  timeZone: TimeZoneMode;
  /** Size budget of the cache database in bytes. */
  cacheBudgetBytes: number;
  /**
   * Size budget of each data source's recording (what the workspace shows, kept for the
   * heatmap and replay) in bytes; the oldest sessions go first.
   */
  recordingBudgetBytes: number;
  /**
   * Prices (quotes, depth, ticks) over the service's stream where it streams them; off:
   * everything is polled over REST.
   */
  streamEnabled: boolean;
  /**
   * Symbols one stream connection may subscribe; null means the plan's (the published
   * limits, `STREAM_PLAN_LIMITS`). What does not fit is polled.
   */
  streamSubscriptions: number | null;
  /** The stream's path per asset class on the service's host (`/stock` → `wss://host/stock`). */
  streamPaths: StreamPaths;
  /** A tone when a price alert fires (the OS notification shows either way). */
  alertSound: boolean;
  /**
   * The installed app checks the release feed for a new version and downloads it; it
   * asks before restarting (never restarts a running session by itself). Off by
   * default; the browser host and development builds never check.
   */
  autoUpdate: boolean;
}

/** The stream endpoint's path of each asset class. */
export type StreamPaths = Record<AssetClass, string>;

/** Where the token is kept (never the token itself). */
export type TokenStorage = 'keychain' | 'safe-storage' | 'session' | 'environment';

/**
 * The health of the market data the terminal shows, from the one health service in
 * core (fed by every request: the feed hub, history, info and symbol checks):
 * - `connecting`: no request has answered yet;
 * - `live`: requests are succeeding right now (markets outside the plan beside them are
 *   named in `outsidePlan`, not counted as failing);
 * - `degraded`: the service answers, but some requests fail (see `lastError`);
 * - `rate-limited`: the service answered 429; requests resume at `resumesAt`;
 * - `token-rejected`: the service refused the token (401 / E002): nothing is sent with
 *   it again until the user sets a token;
 * - `not-in-plan`: every market asked for is outside the user's plan;
 * - `offline`: the service cannot be reached (since `since`); cached data is shown.
 */
export const HEALTH_STATES = [
  'connecting',
  'live',
  'degraded',
  'rate-limited',
  'token-rejected',
  'not-in-plan',
  'offline',
] as const;
export type HealthState = (typeof HEALTH_STATES)[number];

export interface DataHealth {
  state: HealthState;
  /** When the current state began (Unix ms); null while connecting. */
  since: UnixMs | null;
  /** When a request last succeeded; null if none has this session (for this source). */
  lastSuccessAt: UnixMs | null;
  /** Rate limited: when requests may resume; null otherwise. */
  resumesAt: UnixMs | null;
  /** The last failure's message, redacted, for a user to act on; null when none. */
  lastError: string | null;
  /**
   * Live, yet some markets asked for are outside the plan (their message, e.g. "Not in
   * your plan: stock HK"): the panes showing them say so, the rest is live. Null when none.
   */
  outsidePlan: string | null;
  /** How prices (quotes, depth, ticks) arrive: over the stream, or polled, and why. */
  stream: StreamHealth;
}

/**
 * How prices arrive (the feed hub's stream, one connection per asset class):
 * - `idle`: the stream is on, and no pane shows quotes, depth or ticks;
 * - `connecting`: a stream connection is being made (REST polls meanwhile);
 * - `streaming`: prices come over the stream; `polled` symbols that do not fit the
 *   plan's stream limit are polled (`reason` `over-limit`);
 * - `polling`: every price is polled over REST, for `reason`;
 * - `reconnecting`: the stream dropped or cannot be reached (`reason` `down`); prices
 *   are polled until it is back; the next attempt at `nextAttemptAt`.
 */
export const STREAM_HEALTH_STATES = [
  'idle',
  'connecting',
  'streaming',
  'polling',
  'reconnecting',
] as const;
export type StreamHealthState = (typeof STREAM_HEALTH_STATES)[number];

/**
 * Why prices are polled: the stream is off in Settings; over the plan's stream limit;
 * the stream is down (reconnecting); the service refused the token.
 */
export type StreamPollReason = 'off' | 'over-limit' | 'down' | 'refused';

export interface StreamHealth {
  state: StreamHealthState;
  /** Why some or all prices are polled; null when none is. */
  reason: StreamPollReason | null;
  /** Symbols on the stream now. */
  streamed: number;
  /** Symbols shown that are polled instead (over the limit, or the stream down or off). */
  polled: number;
  /** Reconnecting: when the next attempt is due; null otherwise. */
  nextAttemptAt: UnixMs | null;
  /** The stream's last words on a failure, redacted; null when none. */
  message: string | null;
}

/**
 * Where data comes from: the built-in demo simulator, or the live service identified
 * by its origin (`https://api.itick.org`). Every cached row records it, and every read
 * is scoped to the current one, so demo data never shows in a live view. A replay of a
 * recording is a source of its own (`replay:demo`, see replay.ts).
 */
export type DataSourceId = 'demo' | `live:${string}` | `replay:${string}`;

/** The source id of the live service at `baseUrl`: its origin (scheme, host, port). */
export function liveSourceId(baseUrl: string): DataSourceId {
  return `live:${URL.canParse(baseUrl) ? new URL(baseUrl).origin : baseUrl}`;
}

/** How the feed hub is doing against the request budget. */
export interface BudgetStatus {
  /** Requests per minute the hub may spend. */
  requestsPerMinute: number;
  /** Requests per minute the current subscriptions need at their wanted intervals. */
  wantedPerMinute: number;
  /** Factor ≥ 1 by which poll intervals are stretched to fit the budget. */
  stretch: number;
  /**
   * Requests the feed asks once and not again, not answered yet: a newly streamed
   * symbol's snapshot, a closed market's last prices. Not a rate: neither in
   * `wantedPerMinute` nor a cause of `stretch`.
   */
  oneOffRequests: number;
}

export interface AppStatus {
  /** demo: no token, the built-in simulator; live: the configured API with a token. */
  mode: 'demo' | 'live';
  hasToken: boolean;
  /** Where the token is stored; null when none is set. */
  tokenStorage: TokenStorage | null;
  /** True when no keychain works and the token lasts only for this session. */
  tokenSessionOnly: boolean;
  /** The source of everything shown (demo, or the live service's origin). */
  source: DataSourceId;
  plan: Plan;
  /** The one health model: live, degraded, rate limited, token rejected, offline… */
  health: DataHealth;
  /** Time of the newest data pushed to any pane. */
  lastUpdate: UnixMs | null;
  budget: BudgetStatus;
  /** A problem outside the data's health a user should see (token storage, cache writes), or null. */
  lastError: string | null;
  /** A one-time notice, e.g. the cache was found corrupt and recreated. */
  notice: string | null;
  /**
   * The plan the service's refusals point to (429s, or subscriptions refused, below the
   * chosen plan's limits: see plan-fit.ts); the status bar offers to switch to it. Null
   * when nothing points elsewhere.
   */
  suggestedPlan: PlanName | null;
  /**
   * The state of each market the panes show (open, a break, closed, a holiday), beside the
   * data's health: the status bar says which are closed and when they open. Absent where
   * no market hours are known (an older main side).
   */
  markets?: MarketStateView[];
}
