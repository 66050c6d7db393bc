/**
 * A group: every subscription one request serves — same operation, class, region,
 * exchange (and kType for candles) — with the union of their codes, its backoff, and
 * the newest record per code (the hot cache late subscribers are served from). Also
 * what a poll's answer means for each subscriber's state.
 */
import type { SubscriptionState } from '../../shared/bridge';
import type { MarketStateView, UnixMs } from '../../shared/model';
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
  /**
   * Wanted codes the stream serves now (subscribed on a streaming connection): a poll
   * does not ask them, unless they are `due`. Always empty for candles and news.
   */
  readonly streamed: Set<string>;
  /**
   * Streamed codes that want one REST snapshot: new on the stream (a newly shown
   * symbol, a reconnect: what changed before the subscription took is not pushed), or
   * one the stream could not complete. The next successful poll that asks them clears them.
   */
  readonly due: Set<string>;
  /** Wanted codes a poll asks: not streamed, or due. Kept with `wanted`, `streamed` and `due`. */
  polled: number;
  /** Has visible subscribers and something to ask, and its market is not resting. */
  active: boolean;
  /** Its market's state as last read; null for news, or with no market hours. */
  market: MarketStateView | null;
  /** Since when its market is seen closed (a state the app vouches for); null while trading. */
  closedSince: UnixMs | null;
  /**
   * Its market is closed and its last prices are in: not polled, not streamed, until the
   * market opens (market-rest.ts).
   */
  resting: boolean;
  /**
   * A pane joined it while it rested with codes it holds no last prices of (another
   * symbol of the closed market): asked once more, then it rests again (market-rest.ts).
   */
  unanswered: boolean;
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
    streamed: new Set(),
    due: new Set(),
    polled: 0,
    active: false,
    market: null,
    closedSince: null,
    resting: false,
    unanswered: false,
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

/** Whether a poll of `g` asks for `code` (when wanted): the stream does not serve it, or it is due. */
function polls(g: Group, code: string): boolean {
  return !g.streamed.has(code) || g.due.has(code);
}

/**
 * The codes one poll of `g` asks: the union of its visible subscribers', less those the
 * stream serves (none for news).
 */
export function codesOf(g: Group): string[] {
  if (g.route.kind === 'news') return [];
  const codes = [...g.wanted.keys()];
  return g.streamed.size === 0 ? codes : codes.filter((c) => polls(g, c));
}

/** How many codes one poll of `g` asks. */
export function codeCount(g: Group): number {
  return g.route.kind === 'news' ? 0 : g.polled;
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
  for (const c of sub.codes) {
    if (increment(g.wanted, c) !== 1) continue;
    added++;
    if (polls(g, c)) g.polled++;
  }
  refreshActive(g);
  return added;
}

/** A subscriber's client was hidden: its codes leave what a poll asks. */
export function hideIn(g: Group, sub: Subscription): void {
  g.viewers--;
  for (const c of sub.codes) {
    if (decrement(g.wanted, c)) continue;
    // No longer wanted: not streamed either (the next stream sync agrees).
    if (polls(g, c)) g.polled--;
    g.streamed.delete(c);
    g.due.delete(c);
  }
  refreshActive(g);
}

/** Whether `g` polls: someone sees it, it has something to ask, and its market is not resting. */
export function refreshActive(g: Group): void {
  g.active = g.viewers > 0 && !g.resting && (g.route.kind === 'news' || g.polled > 0);
}

/**
 * Which wanted codes of `g` the stream serves now (`codes`; any not wanted are passed
 * over). A code new to the stream is due a REST snapshot; one that left it is polled
 * again. Returns how many joined and left. Costs the codes streamed before and now —
 * at most the stream's limit — not the group's (a window may show 10,000).
 */
export function setStreamed(
  g: Group,
  codes: ReadonlySet<string>,
): { added: number; removed: number } {
  let added = 0;
  let removed = 0;
  for (const c of g.streamed) {
    if (codes.has(c)) continue;
    g.streamed.delete(c);
    // Polled again: it was polled already only while due.
    if (!g.due.delete(c)) g.polled++;
    removed++;
  }
  for (const c of codes) {
    if (g.streamed.has(c) || !g.wanted.has(c)) continue;
    // Streamed and due: still polled, once, for its snapshot.
    g.streamed.add(c);
    g.due.add(c);
    added++;
  }
  refreshActive(g);
  return { added, removed };
}

/** A streamed code wants a REST snapshot (a new subscriber, or a push the stream could not complete). */
export function snapshotDue(g: Group, code: string): boolean {
  if (!g.streamed.has(code) || g.due.has(code)) return false;
  g.due.add(code);
  if (g.wanted.has(code)) g.polled++;
  refreshActive(g);
  return true;
}

/** A poll answered `codes`: those that were due have had their snapshot. */
export function snapshotTaken(g: Group, codes: Iterable<string>): void {
  for (const c of codes) {
    if (g.due.delete(c) && g.wanted.has(c)) g.polled--;
  }
  refreshActive(g);
}

/** Every code of `sub` is on the stream and none is due: the stream keeps it current. */
export function servedByStream(g: Group, sub: Subscription): boolean {
  if (g.streamed.size === 0) return false;
  return sub.codes.every((c) => g.streamed.has(c) && !g.due.has(c));
}

/**
 * Every code of `sub` is on the stream, its snapshot due or not: its prices come from
 * the pushes, so no poll's pace ("refreshed every N s, last at …") is true of them. A
 * due snapshot waits its turn in the plan's minute (on the free plan at start-up,
 * minutes) and is the feed plan's to tell (feed-lines.ts), not the row's.
 */
export function carriedByStream(g: Group, sub: Subscription): boolean {
  if (g.streamed.size === 0) return false;
  return sub.codes.every((c) => g.streamed.has(c));
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
    const held = g.latest.get(code);
    if (held && adapter.isOlder?.(record, held.record)) continue;
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
  // A code not asked (the stream serves it) keeps what the last answer said of it.
  const unknownCodes = sub.codes.filter((c) =>
    asked.has(c) ? missing.has(c) : sub.unknownCodes.includes(c),
  );
  const failed = mine.filter((c) => batch.failed[c] !== undefined);
  // Known to the source, no record yet (a replay before the channel's first frame):
  // neither unknown nor failed; said, so a pane empty for now says why.
  const pending = mine.filter((c) => batch.pending?.includes(c));
  if (unknownCodes.length > 0 && unknownCodes.length === sub.codes.length) {
    return { state: 'unknown', message: unknownMessage(unknownCodes), unknownCodes };
  }
  if (failed.length === 0) {
    const notes = [
      ...(unknownCodes.length > 0 ? [unknownMessage(unknownCodes)] : []),
      ...(pending.length > 0 ? [pendingMessage(pending)] : []),
    ];
    return notes.length === 0
      ? { state: 'live', unknownCodes }
      : { state: 'live', message: notes.join(' '), unknownCodes };
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

/** A subscriber's state when data comes again (a push): live, naming its unknown codes. */
export function liveAgain(sub: Subscription): StateChange {
  const codes = sub.unknownCodes;
  return codes.length === 0
    ? { state: 'live', unknownCodes: [] }
    : { state: 'live', message: unknownMessage(codes), unknownCodes: [...codes] };
}

/**
 * A resting (closed) market's subscriber when a hold ends: its last prices are as true
 * as before it, so live (naming its unknown codes), or unknown when every code is.
 */
export function restingAgain(sub: Subscription): StateChange {
  const codes = sub.unknownCodes;
  return codes.length > 0 && codes.length >= sub.codes.length
    ? { state: 'unknown', message: unknownMessage(codes), unknownCodes: [...codes] }
    : liveAgain(sub);
}

/** What a subscriber is told of codes the source knows and has no record of yet. */
export function pendingMessage(codes: readonly string[]): string {
  return `No data yet for ${codes.join(', ')}: the source has sent none so far.`;
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
