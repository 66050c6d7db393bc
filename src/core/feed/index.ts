/**
 * The feed hub (src/core/feed): subscriptions → coalesced, plan-aware polling →
 * pushed updates. See README.md.
 */
export { FeedHub, systemTimers, type FeedHubOptions } from './feed-hub';
export {
  CANDLE_CATCH_UP_LIMIT,
  CANDLE_POLL_LIMIT,
  CANDLE_POLL_MS,
  DEFAULT_REFRESH_INTERVALS,
  DEFAULT_TUNING,
  MIN_INTERVAL_MS,
  type FeedTuning,
} from './intervals';
export { NEWS_PAGE_SIZE } from './kinds';
export { restsOn, type FeedMarkets } from './market-rest';
export { backoffDelay, planBudget, type LaneDemand } from './pacing';
export { requestsPerPoll, routeOf, type LaneId, type Route } from './routes';
export { formingCandle, type FormingUpdate } from './forming-candle';
export { streamChannel, type StreamOpener, type StreamPort } from './stream-feed';
export { STREAM_SAVE_MS } from './stream-pushes';
export { streamHealth, type ClassStream } from './stream-health';
export {
  NO_STORE,
  cacheFeedStore,
  type CacheFeedStoreOptions,
  type FeedSnapshotKind,
  type FeedStore,
  type Stored,
} from './store';
export type {
  FeedClient,
  FeedIntervals,
  FeedStatus,
  FeedTimers,
  HubEvent,
  HubEventName,
  PushFn,
  ReceivedFrame,
  TimerHandle,
} from './types';
