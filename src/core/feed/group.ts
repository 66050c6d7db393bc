/**
 * A group: every subscription one request serves — same operation, class, region,
 * exchange (and kType for candles) — with the union of their codes, its backoff, and
 * the newest record per code (the hot cache late subscribers are served from). Also
 * what a poll's answer means for each subscriber's state.
 */
import type { SubscriptionState } from '../../shared/bridge';
import type { UnixMs } from '../../shared/model';
import type { ApiError, BatchResult } from '../api';
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
  /** The last attempt could not reach the service. */
  unreachable: boolean;
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
    unreachable: false,
    lastError: null,
    latest: new Map(),
    saved: new Map(),
  };
}

/** Forgets backoff and failure marks (a new client, or the service came back). */
export function resetBackoff(g: Group): void {
  g.failures = 0;
  g.retryAt = 0;
  g.unreachable = false;
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

/** A subscriber's state after a successful poll that asked `asked`. */
export function stateAfter(
  sub: Subscription,
  batch: BatchResult<unknown>,
  asked: ReadonlySet<string>,
): { state: SubscriptionState; message?: string } {
  const bad = sub.codes.filter(
    (c) => asked.has(c) && (batch.missing.includes(c) || batch.failed[c] !== undefined),
  );
  if (bad.length === 0) return { state: 'live' };
  if (bad.length < sub.codes.length)
    return { state: 'live', message: `No data for ${bad.join(', ')}.` };
  const first = bad.map((c) => batch.failed[c]).find((e) => e !== undefined);
  return {
    state: first?.kind === 'not-entitled' ? 'not-entitled' : 'error',
    message:
      first?.message ??
      `The service returned no data for ${bad.join(', ')}: check the code and region, or whether your plan covers this market.`,
  };
}

/** A subscriber's state after a failed poll; null to keep it (the stale mark follows). */
export function stateAfterError(error: ApiError): SubscriptionState | null {
  if (error.retryable) return null;
  return error.kind === 'not-entitled' ? 'not-entitled' : 'error';
}
