/**
 * The feed hub's vocabulary: what it needs from the API client and the clock, what it
 * pushes to subscribers, and the status it reports to the composition root.
 */
import type { Events } from '../../shared/bridge';
import type {
  BudgetStatus,
  Candle,
  DepthBook,
  Instrument,
  KType,
  NewsPage,
  Quote,
  RefreshIntervals,
  Tick,
  UnixMs,
} from '../../shared/model';
import type {
  BatchParams,
  BatchResult,
  CallOptions,
  DepthsClass,
  KlineClass,
  KlineParams,
  NewsParams,
  QuoteClass,
  Result,
} from '../api';
import type { TimerHandle as HealthTimerHandle, Timers } from '../health';

/**
 * The part of `MarketClient` the hub uses. Every call resolves to a Result and never
 * rejects; batch calls are chunked by the client's plan maximum and wait on the
 * client's rate limiter rather than fail.
 */
export interface FeedClient {
  quotes(
    cls: QuoteClass,
    params: BatchParams,
    options?: CallOptions,
  ): Promise<Result<BatchResult<Quote>>>;
  depths(
    cls: DepthsClass,
    params: BatchParams,
    options?: CallOptions,
  ): Promise<Result<BatchResult<DepthBook>>>;
  klines(
    cls: KlineClass,
    params: KlineParams,
    options?: CallOptions,
  ): Promise<Result<BatchResult<Candle[]>>>;
  ticks(params: BatchParams, options?: CallOptions): Promise<Result<BatchResult<Tick>>>;
  news(params: NewsParams, options?: CallOptions): Promise<Result<NewsPage>>;
  /** Requests sent in the last minute, every caller of the client together (the feed plan shows it). */
  requestsInLastMinute?(): number;
  /**
   * The same client for a poll that brings an empty pane its first answer: served before
   * this client's other waiting requests, within the same budget (`MarketClient`'s
   * `firstAnswers`). Absent: every poll waits its turn alike.
   */
  firstAnswers?(): FeedClient;
}

/** The events the hub pushes to a subscriber, shaped as the bridge's event messages. */
export type HubEventName = 'quotes' | 'depth' | 'ticks' | 'candles' | 'news' | 'subscriptionStatus';

/** One pushed event: `{ event, payload }`, forwarded by the bridge untouched. */
export type HubEvent = { [E in HubEventName]: { event: E; payload: Events[E] } }[HubEventName];

/** Receives a subscription's events. */
export type PushFn = (event: HubEvent) => void;

/**
 * Poll intervals: the settings' `RefreshIntervals` plus optional per-kType overrides of
 * the candle table (`CANDLE_POLL_MS` in intervals.ts).
 */
export interface FeedIntervals extends RefreshIntervals {
  candles?: Partial<Record<KType, number>>;
}

/** A timer handle as returned by `FeedTimers.setTimeout` (the health service's `TimerHandle`). */
export type TimerHandle = HealthTimerHandle;

/** Timers as a dependency: the default wraps the global ones; tests advance their own. */
export type FeedTimers = Timers;

/**
 * What the composition root needs to build `AppStatus` besides the health of the data
 * (which is the health service's: `FeedHub.health`).
 */
export interface FeedStatus {
  /** Time of the newest data pushed to any subscriber. */
  lastUpdate: UnixMs | null;
  budget: BudgetStatus;
  /** A failure outside the data's health a user should see (the cache failing), or null. */
  lastError: string | null;
}

/** A record the hub received live (a stream push or a poll's answer): what the recorder takes. */
export type ReceivedFrame =
  | { channel: 'depth'; instrument: Instrument; record: DepthBook }
  | { channel: 'quote'; instrument: Instrument; record: Quote }
  | { channel: 'tick'; instrument: Instrument; record: Tick };
