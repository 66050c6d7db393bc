/**
 * A group: every subscription one request serves — same operation, class, region,
 * exchange (and kType for candles) — with the union of their codes, its backoff, and
 * the newest record per code (the hot cache late subscribers are served from). Also
 * what a poll's answer means for each subscriber's state.
 */
import type { SubscriptionState } from '../../shared/bridge';
import type { UnixMs } from '../../shared/model';
import type { ApiError, BatchResult } from '../api';
import type { Outcome } from '../health';
import type { KindAdapter } from './kinds';
import type { LaneId, Route } from './routes';
import type { Stored } from './store';
import type { Subscription } from './subscription';

export interface Group {
  readonly key: string;
  readonly route: Route;
  readonly lane: LaneId;
  readonly subs: Set<Subscription>;
  /** Union of the visible subscribers' codes: what one poll asks. */
  codes: string[];
  /** Has visible subscribers and something to ask. */
  active: boolean;
  failures: number;
  /** Backoff: not polled before this time. */
  retryAt: UnixMs;
  inFlight: boolean;
  lastSuccessAt: UnixMs | null;
  lastError: ApiError | null;
  /** Newest record per code. */
  readonly latest: Map<string, Stored<unknown>>;
  /** Fingerprint of the record last written to the store, by code. */
  readonly saved: Map<string, string>;
}

export function newGroup(key: string, route: Route, lane: LaneId): Group {
  return {
    key,
    route,
    lane,
    subs: new Set(),
    codes: [],
    active: false,
    failures: 0,
    retryAt: 0,
    inFlight: false,
    lastSuccessAt: null,
    lastError: null,
    latest: new Map(),
    saved: new Map(),
  };
}

/** Forgets backoff and failure marks (a new client, or the service came back). */
export function resetBackoff(g: Group): void {
  g.failures = 0;
  g.retryAt = 0;
}

/** The health service's channel of a group (by key): its outcomes stand for it while it exists. */
export function channelOf(groupKey: string): string {
  return `feed:${groupKey}`;
}

/**
 * Recomputes the codes a poll asks (visible subscribers only: a hidden window costs
 * no requests) and drops records no subscriber wants any more.
 */
export function syncGroup(g: Group, isHidden: (clientId: string) => boolean): void {
  const visible = new Set<string>();
  const all = new Set<string>();
  let viewers = 0;
  for (const s of g.subs) {
    for (const c of s.codes) all.add(c);
    if (isHidden(s.clientId)) continue;
    viewers++;
    for (const c of s.codes) visible.add(c);
  }
  const news = g.route.kind === 'news';
  g.codes = news ? [] : [...visible];
  g.active = viewers > 0 && (news || g.codes.length > 0);
  for (const code of g.latest.keys()) if (!all.has(code)) g.latest.delete(code);
  for (const code of g.saved.keys()) if (!all.has(code)) g.saved.delete(code);
}

/**
 * Takes a poll's records into the group's latest; returns those that changed since
 * they were last written to the store (only those are written).
 */
export function absorb(
  g: Group,
  adapter: KindAdapter<unknown>,
  batch: BatchResult<unknown>,
  at: UnixMs,
): [string, unknown][] {
  const changed: [string, unknown][] = [];
  for (const [code, record] of Object.entries(batch.data)) {
    g.latest.set(code, { record, at });
    const fp = adapter.fingerprint(record);
    if (g.saved.get(code) === fp) continue;
    g.saved.set(code, fp);
    changed.push([code, record]);
  }
  return changed;
}

/** A subscriber's state as the hub pushes it; `unknownCodes` absent = keep the last. */
export interface StateChange {
  state: SubscriptionState;
  message?: string;
  unknownCodes?: string[];
}

/**
 * A subscriber's state after a successful poll that asked `asked`. Codes the source
 * answered without a record (`missing`: it has no such product) are its unknown codes:
 * `unknown` when that is every code, otherwise the pane shows the others live and marks
 * those. Codes that failed (their chunk, or an unreadable record) are named; when every
 * known code failed, the state is the failure's.
 */
export function stateAfter(
  sub: Subscription,
  batch: BatchResult<unknown>,
  asked: ReadonlySet<string>,
): StateChange {
  const mine = sub.codes.filter((c) => asked.has(c));
  const missing = new Set(batch.missing);
  const unknownCodes = mine.filter((c) => missing.has(c));
  const failed = mine.filter((c) => batch.failed[c] !== undefined);
  if (unknownCodes.length > 0 && unknownCodes.length === sub.codes.length) {
    return { state: 'unknown', message: unknownMessage(unknownCodes), unknownCodes };
  }
  if (failed.length === 0) {
    return unknownCodes.length === 0
      ? { state: 'live', unknownCodes }
      : { state: 'live', message: unknownMessage(unknownCodes), unknownCodes };
  }
  if (failed.length < sub.codes.length - unknownCodes.length) {
    return { state: 'live', message: `No data for ${failed.join(', ')}.`, unknownCodes };
  }
  const first = batch.failed[failed[0]!]!;
  return {
    state: first.kind === 'not-entitled' ? 'not-entitled' : 'error',
    message: first.message,
    unknownCodes,
  };
}

function unknownMessage(codes: readonly string[]): string {
  const what = codes.length === 1 ? 'no such symbol' : 'no such symbols';
  return `Unknown symbol: the source has ${what} (${codes.join(', ')}).`;
}

/**
 * A subscriber's state after a failed poll of `asked`; null to keep it — a failure the
 * service may get over (5xx, a timeout) lets the stale mark speak, and a health hold
 * (offline, token refused, rate limited) is set for every pane by the hub.
 */
export function stateAfterError(
  sub: Subscription,
  outcome: Outcome,
  error: ApiError,
  asked: ReadonlySet<string>,
): StateChange | null {
  switch (outcome.kind) {
    case 'not-in-plan':
      return { state: 'not-entitled', message: error.message };
    case 'unknown-symbol': {
      // The service named the symbol it has not got, or refused the whole request.
      const named = error.symbol === undefined ? null : error.symbol;
      const unknownCodes = sub.codes.filter((c) => asked.has(c) && (named === null || c === named));
      if (unknownCodes.length === 0) return null;
      const state = unknownCodes.length === sub.codes.length ? 'unknown' : 'error';
      return { state, message: error.message, unknownCodes };
    }
    case 'failed':
      return error.retryable ? null : { state: 'error', message: error.message };
    default:
      return null;
  }
}
