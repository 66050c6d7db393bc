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
  /**
   * Visible subscribers per code: its keys are the union one poll asks. Kept as counts,
   * changed by each subscriber joining, leaving or changing visibility, so a change
   * costs the codes it changes — never a rebuild of the union (which made a flood of
   * subscriptions cost the square of their number).
   */
  readonly wanted: Map<string, number>;
  /** Every subscriber per code, hidden ones too: a record no subscriber holds is dropped. */
  readonly held: Map<string, number>;
  /** Subscribers whose client is visible. */
  viewers: number;
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
    wanted: new Map(),
    held: new Map(),
    viewers: 0,
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

/** The codes one poll of `g` asks: the union of its visible subscribers' (none for news). */
export function codesOf(g: Group): string[] {
  return g.route.kind === 'news' ? [] : [...g.wanted.keys()];
}

/** How many codes one poll of `g` asks. */
export function codeCount(g: Group): number {
  return g.route.kind === 'news' ? 0 : g.wanted.size;
}

/**
 * Counts `sub` into its group (`visible`: its client is not hidden); returns how many
 * codes the poll did not ask before. Costs the subscription's codes, not the group's.
 */
export function joinGroup(g: Group, sub: Subscription, visible: boolean): number {
  g.subs.add(sub);
  for (const c of sub.codes) increment(g.held, c);
  return visible ? showIn(g, sub) : 0;
}

/** Counts `sub` out of its group; drops the records no subscriber holds any more. */
export function leaveGroup(g: Group, sub: Subscription, visible: boolean): void {
  if (!g.subs.delete(sub)) return;
  if (visible) hideIn(g, sub);
  for (const c of sub.codes) {
    if (decrement(g.held, c)) continue;
    // A hidden window keeps its records; a code nobody holds is dropped.
    g.latest.delete(c);
    g.saved.delete(c);
  }
}

/**
 * A subscriber's client turned visible: its codes join what a poll asks (a hidden
 * window costs no requests); returns how many codes are new to the poll.
 */
export function showIn(g: Group, sub: Subscription): number {
  g.viewers++;
  let added = 0;
  for (const c of sub.codes) if (increment(g.wanted, c) === 1) added++;
  refreshActive(g);
  return added;
}

/** A subscriber's client was hidden: its codes leave what a poll asks. */
export function hideIn(g: Group, sub: Subscription): void {
  g.viewers--;
  for (const c of sub.codes) decrement(g.wanted, c);
  refreshActive(g);
}

function refreshActive(g: Group): void {
  g.active = g.viewers > 0 && (g.route.kind === 'news' || g.wanted.size > 0);
}

function increment(counts: Map<string, number>, code: string): number {
  const n = (counts.get(code) ?? 0) + 1;
  counts.set(code, n);
  return n;
}

/** True while the code is still counted. */
function decrement(counts: Map<string, number>, code: string): boolean {
  const n = (counts.get(code) ?? 0) - 1;
  if (n > 0) {
    counts.set(code, n);
    return true;
  }
  counts.delete(code);
  return false;
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
