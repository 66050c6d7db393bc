/**
 * The health state from the evidence, as a pure function: what the service's flags
 * (token refused, offline, rate limited) and the latest outcome of each channel say
 * right now. Kept apart from the service so the rule reads in one place.
 */
import type { HealthState, UnixMs } from '../../shared/model';
import { isGood, type OutcomeKind } from './outcome';

/** The latest outcome of one channel, standing for it until `until`. */
export interface Evidence {
  kind: OutcomeKind;
  /** The failure's message (redacted); null for good outcomes. */
  message: string | null;
  at: UnixMs;
  until: UnixMs;
}

/** Everything the verdict depends on. */
export interface Facts {
  /** The token was refused (sticky until the token, base URL or mode changes). */
  tokenRejected: string | null;
  offlineSince: UnixMs | null;
  offlineReason: string | null;
  /** The latest `Retry-After` end, or null before any 429. */
  resumesAt: UnixMs | null;
  rateLimitReason: string | null;
  /** The latest answer was a 429: still rate limited until something else answers. */
  rateLimitedLast: boolean;
  lastSuccessAt: UnixMs | null;
  /** The latest failure with no success recorded after it, or null. */
  lastFailure: { kind: OutcomeKind; message: string | null } | null;
  entries: Iterable<Evidence>;
}

export interface Verdict {
  state: HealthState;
  lastError: string | null;
  resumesAt: UnixMs | null;
  /** Markets asked for outside the plan while the rest answer (their message), or null. */
  outsidePlan: string | null;
}

/**
 * In order: a refused token, then no answer at all, then a rate limit in force (or the
 * latest answer a 429, until something else answers), then the channels: any failing
 * one makes it `degraded`. A market outside the plan is not the service failing: when
 * every failure is that, it is `not-in-plan` while nothing succeeds, and `live` with
 * `outsidePlan` said beside it while the rest answers. With none failing it is `live`
 * only when a success came after the last failure: evidence that ran out while nothing
 * else was asked proves nothing.
 */
export function verdict(f: Facts, now: UnixMs): Verdict {
  if (f.tokenRejected !== null) {
    return { ...CLEAR, state: 'token-rejected', lastError: f.tokenRejected };
  }
  if (f.offlineSince !== null) {
    return { ...CLEAR, state: 'offline', lastError: f.offlineReason };
  }
  if (f.resumesAt !== null && (f.resumesAt > now || f.rateLimitedLast)) {
    return {
      ...CLEAR,
      state: 'rate-limited',
      lastError: f.rateLimitReason,
      resumesAt: f.resumesAt,
    };
  }
  let latestFailure: Evidence | null = null;
  let onlyNotInPlan = true;
  let anyGood = false;
  for (const e of f.entries) {
    if (e.until <= now) continue;
    if (isGood(e.kind)) {
      anyGood = true;
      continue;
    }
    if (e.kind !== 'not-in-plan') onlyNotInPlan = false;
    if (latestFailure === null || e.at >= latestFailure.at) latestFailure = e;
  }
  if (latestFailure !== null) {
    if (!onlyNotInPlan) return { ...CLEAR, state: 'degraded', lastError: latestFailure.message };
    return anyGood
      ? { ...CLEAR, state: 'live', outsidePlan: latestFailure.message }
      : { ...CLEAR, state: 'not-in-plan', lastError: latestFailure.message };
  }
  if (f.lastFailure !== null) {
    if (f.lastFailure.kind !== 'not-in-plan') {
      return { ...CLEAR, state: 'degraded', lastError: f.lastFailure.message };
    }
    return f.lastSuccessAt === null
      ? { ...CLEAR, state: 'not-in-plan', lastError: f.lastFailure.message }
      : { ...CLEAR, state: 'live', outsidePlan: f.lastFailure.message };
  }
  return { ...CLEAR, state: f.lastSuccessAt === null ? 'connecting' : 'live' };
}

/** A verdict's fields with nothing to say. */
const CLEAR = { lastError: null, resumesAt: null, outsidePlan: null } as const;
