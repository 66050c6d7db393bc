/**
 * User settings and application status: what the renderer shows and edits. The
 * token is never part of either: the renderer may set it and ask whether one is set,
 * never read it.
 */
import type { Plan, PlanName, UnixMs } from './market';

export type Theme = 'dark' | 'light';

/** Where times are shown: the exchange's own clock or the user's. */
export type TimeZoneMode = 'exchange' | 'local';

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
  intervals: RefreshIntervals;
  theme: Theme;
  timeZone: TimeZoneMode;
  /** Size budget of the cache database in bytes. */
  cacheBudgetBytes: number;
}

/** Where the token is kept (never the token itself). */
export type TokenStorage = 'keychain' | 'safe-storage' | 'session' | 'environment';

export type ConnectionState = 'online' | 'offline' | 'connecting';

/** How the feed hub is doing against the request budget. */
export interface BudgetStatus {
  /** Requests per minute the hub may spend. */
  requestsPerMinute: number;
  /** Requests per minute the current subscriptions need at their wanted intervals. */
  wantedPerMinute: number;
  /** Factor ≥ 1 by which poll intervals are stretched to fit the budget. */
  stretch: number;
}

export interface AppStatus {
  /** demo: no token, the built-in simulator; live: the configured API with a token. */
  mode: 'demo' | 'live';
  hasToken: boolean;
  /** Where the token is stored; null when none is set. */
  tokenStorage: TokenStorage | null;
  /** True when no keychain works and the token lasts only for this session. */
  tokenSessionOnly: boolean;
  plan: Plan;
  connection: ConnectionState;
  /** Since when the API has been unreachable; null when online. */
  offlineSince: UnixMs | null;
  /** Time of the newest data pushed to any pane. */
  lastUpdate: UnixMs | null;
  budget: BudgetStatus;
  /** The most recent error a user should see (e.g. auth failed), or null. */
  lastError: string | null;
  /** A one-time notice, e.g. the cache was found corrupt and recreated. */
  notice: string | null;
}
