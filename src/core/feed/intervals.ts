/**
 * How often each kind of data is polled, and the hub's other timing constants, in
 * one place. Quotes, depth, ticks and news come from the user's settings
 * (`RefreshIntervals`); candles poll by kType from the table below.
 */
import type { KType } from '../../shared/model';
import { DEFAULT_REFRESH_INTERVALS, KTYPES, MIN_INTERVAL_MS } from '../../shared/model';
import type { FeedIntervals } from './types';

// The settings' defaults and the 250 ms floor are the settings rules' (shared/model).
export { DEFAULT_REFRESH_INTERVALS, MIN_INTERVAL_MS };

/**
 * How often the forming candle is refreshed, by kType. A 1-minute chart wants its
 * forming candle to move with the quotes; a daily one barely changes in half a minute.
 * The quote board shows the last price every second anyway, so charts never need to.
 *
 * | kType | 1m  | 5m  | 15m | 30m  | 1h   | 2h   | 4h   | 1d   | 1w   | 1M   |
 * | ----- | --- | --- | --- | ---- | ---- | ---- | ---- | ---- | ---- | ---- |
 * | poll  | 2 s | 5 s | 5 s | 10 s | 10 s | 15 s | 15 s | 30 s | 60 s | 60 s |
 */
export const CANDLE_POLL_MS: Readonly<Record<KType, number>> = {
  1: 2_000,
  2: 5_000,
  3: 5_000,
  4: 10_000,
  5: 10_000,
  6: 15_000,
  7: 15_000,
  8: 30_000,
  9: 60_000,
  10: 60_000,
};

/** Candles asked per code on every poll: the forming one, the last closed, one spare. */
export const CANDLE_POLL_LIMIT = 3;

/**
 * Most candles one poll asks per code when catching up after a pause or an outage
 * (the hub asks for every interval it missed, up to this); a longer gap is left to
 * the chart's own `loadCandles`, whose spans notice it.
 */
export const CANDLE_CATCH_UP_LIMIT = 300;

/** The candles to ask for a group last read at `lastSuccessAt` (null = never). */
export function candlePollLimit(kType: KType, lastSuccessAt: number | null, now: number): number {
  if (lastSuccessAt === null) return CANDLE_POLL_LIMIT;
  const missed = Math.ceil((now - lastSuccessAt) / KTYPES[kType].ms);
  return Math.min(CANDLE_CATCH_UP_LIMIT, Math.max(CANDLE_POLL_LIMIT, missed + 2));
}

/** Settings intervals completed with defaults and floored at MIN_INTERVAL_MS. */
export function normaliseIntervals(input: Partial<FeedIntervals> | undefined): FeedIntervals {
  const pick = (v: number | undefined, fallback: number) =>
    v !== undefined && Number.isFinite(v) ? Math.max(MIN_INTERVAL_MS, v) : fallback;
  const candles: Partial<Record<KType, number>> = {};
  for (const [k, v] of Object.entries(input?.candles ?? {})) {
    candles[Number(k) as KType] = pick(v, CANDLE_POLL_MS[Number(k) as KType]);
  }
  return {
    quotes: pick(input?.quotes, DEFAULT_REFRESH_INTERVALS.quotes),
    depth: pick(input?.depth, DEFAULT_REFRESH_INTERVALS.depth),
    ticks: pick(input?.ticks, DEFAULT_REFRESH_INTERVALS.ticks),
    news: pick(input?.news, DEFAULT_REFRESH_INTERVALS.news),
    candles,
  };
}

/**
 * The hub's tuning: how it reads the budget, stale marks and backoff. Every field has a
 * default (`DEFAULT_TUNING`); tests shorten them. (Offline detection and probing are
 * the health service's: `HealthTuning`.)
 */
export interface FeedTuning {
  /**
   * Share of the background allowance (`backgroundLimit`: a quarter of the plan's
   * minute) the hub plans its clocks for; the rest absorbs what a tick adds (a chunk
   * more, a due snapshot) so the client's hard limit is never what paces the feed.
   */
  budgetShare: number;
  /** A subscription is marked stale when its data is older than this many (stretched) intervals… */
  staleAfterIntervals: number;
  /** …and older than this, so one slow answer at a fast interval is not called stale. */
  staleMinMs: number;
  /** Backoff of a failing group: interval × 2^failures, at most max(this, 5 intervals). */
  backoffCapMs: number;
  /** A new subscription is polled at once when its clock's next tick is further than this. */
  kickAfterMs: number;
  /** `onStatus` is told of a new lastUpdate at most this often (other changes at once). */
  statusMinGapMs: number;
}

export const DEFAULT_TUNING: Readonly<FeedTuning> = {
  budgetShare: 0.9,
  staleAfterIntervals: 3,
  staleMinMs: 2_000,
  backoffCapMs: 60_000,
  kickAfterMs: 1_000,
  statusMinGapMs: 1_000,
};

/** How old a lane's data may be before its subscriptions are marked stale. */
export function staleAfterMs(tuning: Readonly<FeedTuning>, intervalMs: number): number {
  return Math.max(tuning.staleMinMs, tuning.staleAfterIntervals * intervalMs);
}
