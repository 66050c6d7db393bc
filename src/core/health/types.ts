/**
 * The health service's vocabulary: its tuning and options, what a caller passes with an
 * outcome, and the hold it reports.
 */
import type { HealthState, StreamHealth, UnixMs } from '../../shared/model';
import type { Timers } from './timers';

/** How the service reads the evidence; every field has a default (`DEFAULT_HEALTH_TUNING`). */
export interface HealthTuning {
  /** Unreachable outcomes in a row, with no answer between, that mean offline. */
  offlineAfterFailures: number;
  /** Offline: the first probe waits this long, doubling after each probe… */
  probeMinMs: number;
  /** …up to this. */
  probeMaxMs: number;
  /** How long an outcome stands for its channel when the caller does not say (`validMs`). */
  memoryMs: number;
  /** A 429 without `Retry-After` holds requests this long. */
  rateLimitHoldMs: number;
}

export const DEFAULT_HEALTH_TUNING: Readonly<HealthTuning> = {
  offlineAfterFailures: 3,
  probeMinMs: 5_000,
  probeMaxMs: 30_000,
  memoryMs: 60_000,
  rateLimitHoldMs: 10_000,
};

export interface HealthServiceOptions {
  /** Wall clock in Unix ms; default Date.now. */
  now?: () => UnixMs;
  /** Default: the global timers, unref'd. */
  timers?: Timers;
  /** Scrubs secrets (the token) from every message kept; default none. */
  redact?: (text: string) => string;
  tuning?: Partial<HealthTuning>;
  /** Told of a listener or probe that threw; default console.error. */
  onError?: (error: unknown) => void;
}

/** Sends a request again to find out whether the service is back (offline only). */
export interface Probe {
  /** Sends it; false when there is nothing to send now. Its outcome is recorded as usual. */
  send(): boolean;
  /** Cheaper probes go first (the feed hub passes a group's code count); default 1. */
  cost?: number;
}

export interface RecordOptions {
  /**
   * What the outcome stands for: the latest outcome of each channel is the evidence
   * (one per feed group, one for history, one for info…). Default `other`.
   */
  channel?: string;
  /** How long the outcome stands for its channel; default `tuning.memoryMs`. */
  validMs?: number;
  /** With an `unreachable` outcome: how to ask again while offline. */
  probe?: Probe;
  /** `epoch` when the request was sent: outcomes of requests from before a `reset` are dropped. */
  epoch?: number;
  /**
   * The outcome of a connection that retries by itself (the stream), not of a request.
   * It stands for its channel like any other — a failure makes the state `degraded` at
   * once, a success `live` — but it never takes the service offline, nor counts toward
   * `offlineAfterFailures`: only requests do, the ones the probes can repeat (a stream a
   * proxy blocks must not stop the polls that work).
   */
  retriesItself?: boolean;
}

/** Why requests are held back now, in the words panes show. */
export interface HealthHold {
  state: Extract<HealthState, 'token-rejected' | 'rate-limited' | 'offline'>;
  message: string;
  /** Rate limited: when requests may go again. */
  resumesAt: UnixMs | null;
}

/** The stream's health before anyone sets it, and while nothing streams: prices are polled. */
export const STREAM_OFF: Readonly<StreamHealth> = Object.freeze({
  state: 'polling',
  reason: 'off',
  streamed: 0,
  polled: 0,
  nextAttemptAt: null,
  message: null,
});
