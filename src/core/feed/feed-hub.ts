/**
 * The feed hub: panes declare what they show; the hub merges every pane's wishes (all
 * windows) into groups — one per (operation, class, region, exchange[, kType]) — and
 * polls each group with the union of its codes on one clock per data kind, so a tick
 * costs `ceil(unique codes / plan max)` requests per group. Results go to the cache
 * and each subscriber is pushed its own slice, only what changed. See README.md.
 */
import type { SubscriptionSpec } from '../../shared/bridge';
import type { Plan, UnixMs } from '../../shared/model';
import { ApiError, DEFAULT_REQUESTS_PER_MINUTE, type BatchResult, type Result } from '../api';
import type { CacheDb } from '../cache';
import { isOfflineError } from '../cache';
import { Clocks, type Lane } from './clocks';
import { ConnectionWatch } from './connection';
import { firstPaint } from './first-paint';
import {
  absorb,
  newGroup,
  resetBackoff,
  stateAfter,
  stateAfterError,
  syncGroup,
  type Group,
} from './group';
import { DEFAULT_TUNING, candlePollLimit, normaliseIntervals, type FeedTuning } from './intervals';
import { NEWS_KEY, adapterFor } from './kinds';
import { backoffDelay, planBudget } from './pacing';
import { requestsPerPoll, routeOf, type LaneId } from './routes';
import { StatusBoard } from './status';
import { NO_STORE, cacheFeedStore, type FeedStore } from './store';
import { Subscription } from './subscription';
import type {
  FeedClient,
  FeedIntervals,
  FeedStatus,
  FeedTimers,
  PushFn,
  TimerHandle,
} from './types';

export interface FeedHubOptions {
  client: FeedClient;
  /** Sets the codes per request (`maxCodes`) and the default budget. */
  plan: Plan;
  /** Where results go and first paints come from; default `cacheFeedStore(db)`, else none. */
  store?: FeedStore | null;
  db?: CacheDb | null;
  /** The settings' intervals (defaults: quotes/depth/ticks 1 s, news 60 s, candles by kType). */
  intervals?: Partial<FeedIntervals>;
  /** Request budget per minute; null/absent = the plan's default (DEFAULT_REQUESTS_PER_MINUTE). */
  requestsPerMinute?: number | null;
  /** Wall clock in Unix ms; default Date.now. */
  now?: () => UnixMs;
  /** Default: the global setTimeout/clearTimeout. */
  timers?: FeedTimers;
  tuning?: Partial<FeedTuning>;
  /** Told of failures no subscriber owns (a throwing push or listener); default console.error. */
  onError?: (error: unknown) => void;
}

/** The global timers (not unref'd: a command line watching quotes must stay alive). */
export const systemTimers: FeedTimers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

const OFFLINE_MESSAGE = 'The market data service cannot be reached; showing cached data.';

export class FeedHub {
  #client: FeedClient;
  #plan: Plan;
  #requestsPerMinute: number | null;
  readonly #store: FeedStore;
  readonly #now: () => UnixMs;
  readonly #timers: FeedTimers;
  readonly #tuning: FeedTuning;
  readonly #onError: (error: unknown) => void;
  readonly #status: StatusBoard;
  readonly #clocks: Clocks;
  readonly #connection: ConnectionWatch;
  readonly #subs = new Map<string, Subscription>();
  readonly #groups = new Map<string, Group>();
  readonly #hidden = new Set<string>();
  readonly #inflight = new Set<Promise<void>>();
  readonly #oneShots = new Set<TimerHandle>();
  #generation = 0;
  #abort = new AbortController();
  #seq = 0;
  #disposed = false;

  constructor(options: FeedHubOptions) {
    this.#client = options.client;
    this.#plan = options.plan;
    this.#requestsPerMinute = options.requestsPerMinute ?? null;
    this.#store = options.store ?? (options.db ? cacheFeedStore(options.db) : NO_STORE);
    this.#now = options.now ?? Date.now;
    this.#timers = options.timers ?? systemTimers;
    this.#tuning = { ...DEFAULT_TUNING, ...options.tuning };
    this.#onError = options.onError ?? ((e) => console.error('marketdesk feed hub:', e));
    const intervals = normaliseIntervals(options.intervals);
    this.#clocks = new Clocks(
      this.#timers,
      this.#now,
      (lane, now) => this.#tick(lane, now),
      intervals,
    );
    this.#status = new StatusBoard(
      this.#planBudget(),
      this.#now,
      this.#tuning.statusMinGapMs,
      this.#onError,
    );
    this.#connection = new ConnectionWatch(this.#status, this.#timers, this.#now, this.#tuning, {
      wentOffline: () => this.#wentOffline(),
      cameBack: () => this.#cameBack(),
      probe: () => this.#probe(),
    });
  }

  // ------------------------------------------------------------ public API

  /**
   * Subscribes `clientId` (a window or socket) to `spec`; events go to `push`. The
   * cached slice is pushed first — on the next turn of the event loop, so the caller
   * has the id before any event — and live data follows.
   */
  subscribe(clientId: string, spec: SubscriptionSpec, push: PushFn): string {
    this.#assertLive();
    const id = `sub-${++this.#seq}`;
    const routed = routeOf(spec);
    const codes = !routed.ok ? [] : routed.route.kind === 'news' ? [NEWS_KEY] : routed.codes;
    const key = routed.ok ? routed.groupKey : null;
    const sub = new Subscription(id, clientId, spec, codes, key, push, this.#onError, this.#now());
    this.#subs.set(id, sub);
    if (!routed.ok) {
      this.#later(() => this.#subs.has(id) && sub.setState('error', routed.message));
      return id;
    }
    let group = this.#groups.get(routed.groupKey);
    if (!group) {
      group = newGroup(routed.groupKey, routed.route, routed.lane);
      this.#groups.set(group.key, group);
    }
    group.subs.add(sub);
    const before = new Set(group.codes);
    const wasActive = group.active;
    this.#later(() => this.#subs.has(id) && this.#firstPaint(sub, group));
    this.#reconcile();
    if (group.codes.some((c) => !before.has(c)) || (group.active && !wasActive)) {
      this.#maybeKick(group);
    }
    return id;
  }

  unsubscribe(subscriptionId: string): void {
    const sub = this.#subs.get(subscriptionId);
    if (!sub) return;
    this.#subs.delete(subscriptionId);
    const group = sub.groupKey === null ? undefined : this.#groups.get(sub.groupKey);
    if (group) {
      group.subs.delete(sub);
      if (group.subs.size === 0) this.#groups.delete(group.key);
    }
    this.#reconcile();
  }

  /** Drops every subscription of a client (its window closed, its socket went). */
  dropClient(clientId: string): void {
    for (const sub of [...this.#subs.values()]) {
      if (sub.clientId === clientId) this.unsubscribe(sub.id);
    }
    this.#hidden.delete(clientId);
  }

  /**
   * A hidden client's subscriptions are not polled; polling stops when no visible one
   * is left. Turning visible pushes what changed meanwhile and polls its clocks at once.
   */
  setVisibility(clientId: string, visible: boolean): void {
    this.#assertLive();
    const hidden = this.#hidden.has(clientId);
    if (visible ? !hidden : hidden) return;
    if (!visible) {
      this.#hidden.add(clientId);
      this.#reconcile();
      return;
    }
    this.#hidden.delete(clientId);
    const now = this.#now();
    const lanes = new Set<LaneId>();
    for (const sub of this.#subs.values()) {
      const group = sub.clientId === clientId && this.#groupOf(sub);
      if (!group) continue;
      sub.since = now;
      lanes.add(group.lane);
      sub.deliver(adapterFor(group.route), group.latest, this.#connection.offline);
      if (this.#connection.offline) sub.setState('offline', OFFLINE_MESSAGE);
    }
    this.#reconcile();
    for (const id of lanes) this.#clocks.restart(id);
  }

  /** New intervals from the settings; each clock adopts them from its last tick. */
  setIntervals(intervals: Partial<FeedIntervals>): void {
    this.#assertLive();
    this.#clocks.intervals = normaliseIntervals(intervals);
    this.#reconcile();
  }

  /**
   * Swaps the API client (new token, plan or address): subscriptions stay, the old
   * client's requests are cancelled and every group is asked again at once.
   */
  setClient(client: FeedClient, plan: Plan, requestsPerMinute?: number | null): void {
    this.#assertLive();
    this.#client = client;
    this.#plan = plan;
    this.#requestsPerMinute = requestsPerMinute ?? null;
    this.#generation++;
    this.#abort.abort();
    this.#abort = new AbortController();
    for (const g of this.#groups.values()) {
      resetBackoff(g);
      g.inFlight = false;
    }
    const now = this.#now();
    for (const sub of this.#subs.values()) sub.since = now;
    this.#connection.reset();
    this.#status.apiError = null;
    this.#clocks.stopAll();
    this.#reconcile();
  }

  status(): FeedStatus {
    return this.#status.snapshot();
  }

  /** Told when the status changes; returns the unsubscriber. */
  onStatus(listener: (status: FeedStatus) => void): () => void {
    return this.#status.listen(listener);
  }

  /** Resolves when no request of the hub is in flight (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.#inflight.size > 0) await Promise.allSettled([...this.#inflight]);
  }

  /** Stops every clock, cancels requests and forgets subscribers. */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#abort.abort();
    this.#clocks.stopAll();
    this.#connection.stopProbe();
    for (const t of this.#oneShots) this.#timers.clearTimeout(t);
    this.#oneShots.clear();
    this.#subs.clear();
    this.#groups.clear();
    this.#status.clear();
  }

  // ------------------------------------------------------------ scheduling

  /** Brings groups, clocks, budget and probing in line with the subscriptions. */
  #reconcile(): void {
    if (this.#disposed) return;
    const active = new Set<LaneId>();
    const known = new Set<LaneId>();
    for (const g of this.#groups.values()) {
      syncGroup(g, (clientId) => this.#hidden.has(clientId));
      known.add(g.lane);
      if (g.active) active.add(g.lane);
    }
    this.#status.budget = this.#planBudget();
    this.#clocks.stretch = this.#status.budget.stretch;
    for (const id of this.#clocks.ids()) if (!known.has(id)) this.#clocks.remove(id);
    for (const id of known) {
      if (active.has(id) && !this.#connection.offline) this.#clocks.run(id);
      else this.#clocks.stop(id);
    }
    if (active.size > 0) this.#connection.ensureProbe();
    else this.#connection.stopProbe();
    this.#status.tell();
  }

  #planBudget() {
    const perLane = new Map<LaneId, number>();
    for (const g of this.#groups.values()) {
      if (!g.active) continue;
      const n = requestsPerPoll(g.route, g.codes.length, this.#plan.maxCodes);
      perLane.set(g.lane, (perLane.get(g.lane) ?? 0) + n);
    }
    const demands = [...perLane].map(([id, n]) => ({
      wantedMs: this.#clocks.wanted(id),
      requestsPerTick: n,
    }));
    const rpm = this.#requestsPerMinute ?? DEFAULT_REQUESTS_PER_MINUTE[this.#plan.name];
    return planBudget(demands, rpm, this.#tuning.budgetShare);
  }

  #tick(lane: Lane, now: UnixMs): void {
    if (this.#disposed) return;
    this.#markStale(lane.id, now);
    for (const g of this.#groups.values()) {
      if (g.lane === lane.id && g.active && !g.inFlight && now >= g.retryAt) this.#poll(g);
    }
  }

  /** A group gained codes while its clock is far from the next tick: ask for them now. */
  #maybeKick(group: Group): void {
    const nextAt = this.#clocks.get(group.lane)?.nextAt ?? null;
    if (nextAt === null || nextAt - this.#now() <= this.#tuning.kickAfterMs) return;
    // Deferred a turn, so subscriptions made together (a workspace opening) share it.
    this.#later(() => {
      if (this.#groups.get(group.key) !== group || !group.active || group.inFlight) return;
      if (!this.#connection.offline && this.#now() >= group.retryAt) this.#poll(group);
    });
  }

  /** Runs `fn` on the next turn of the event loop (after the caller's reply). */
  #later(fn: () => void): void {
    const handle = this.#timers.setTimeout(() => {
      this.#oneShots.delete(handle);
      if (!this.#disposed) fn();
    }, 0);
    this.#oneShots.add(handle);
  }

  // ------------------------------------------------------------ polling

  #poll(g: Group): void {
    g.inFlight = true;
    const generation = this.#generation;
    const client = this.#client;
    const signal = this.#abort.signal;
    const codes = [...g.codes];
    const now = this.#now();
    const limit =
      g.route.kind === 'candles' ? candlePollLimit(g.route.kType, g.lastSuccessAt, now) : 0;
    const adapter = adapterFor(g.route);
    const run = async () => {
      let result: Result<BatchResult<unknown>>;
      try {
        result = await adapter.fetch(client, g.route, codes, { signal, limit });
      } catch (error) {
        // The client never rejects; a throwing fake or adapter must not stall the group.
        result = { ok: false, error: unexpected(error) };
      }
      // Answers for an old client, a gone group or a disposed hub are dropped.
      if (generation !== this.#generation || this.#groups.get(g.key) !== g) return;
      g.inFlight = false;
      if (result.ok) this.#succeeded(g, codes, result.value);
      else this.#failed(g, result.error);
    };
    const p = run().catch((error: unknown) => this.#onError(error));
    this.#inflight.add(p);
    void p.finally(() => this.#inflight.delete(p));
  }

  #succeeded(g: Group, codes: readonly string[], batch: BatchResult<unknown>): void {
    const now = this.#now();
    this.#connection.answered();
    resetBackoff(g);
    g.lastSuccessAt = now;
    g.lastError = null;
    this.#status.apiError = null;
    const adapter = adapterFor(g.route);
    const changed = absorb(g, adapter, batch, now);
    this.#save(() => adapter.save(this.#store, g.route, changed, now), changed.length);
    const asked = new Set(codes);
    for (const sub of g.subs) {
      if (this.#hidden.has(sub.clientId)) continue;
      if (sub.deliver(adapter, g.latest, false)) this.#status.lastUpdate = now;
      sub.liveAt = now;
      const { state, message } = stateAfter(sub, batch, asked);
      sub.setState(state, message);
    }
    this.#status.tell();
  }

  #failed(g: Group, error: ApiError): void {
    if (error.kind === 'aborted') return;
    g.failures++;
    g.lastError = error;
    const interval = this.#clocks.effective(g.lane);
    const delay = backoffDelay(interval, g.failures, this.#tuning.backoffCapMs, error.retryAfterMs);
    g.retryAt = this.#now() + delay;
    if (isOfflineError(error)) {
      g.unreachable = true;
      const every = [...this.#groups.values()].every((x) => !x.active || x.unreachable);
      this.#connection.unreachable(every);
      this.#status.tell();
      return;
    }
    g.unreachable = false;
    this.#connection.answered();
    if (error.kind === 'auth') this.#status.apiError = error.message;
    const state = stateAfterError(error);
    for (const sub of g.subs) {
      if (state && !this.#hidden.has(sub.clientId)) sub.setState(state, error.message);
    }
    this.#status.tell();
  }

  #save(write: () => void, count: number): void {
    if (count === 0) return;
    try {
      write();
      this.#status.storeError = null;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.#status.storeError = `The offline cache could not be written (${reason}); live data is unaffected.`;
    }
  }

  /** Marks subscriptions whose data is older than N stretched intervals. */
  #markStale(lane: LaneId, now: UnixMs): void {
    const limit = this.#tuning.staleAfterIntervals * this.#clocks.effective(lane);
    const message = `No new data for over ${Math.round(limit / 1000)} s.`;
    for (const g of this.#groups.values()) {
      if (g.lane !== lane) continue;
      for (const sub of g.subs) {
        if (this.#hidden.has(sub.clientId)) continue;
        // Errors speak for themselves; `offline` left over from an outage does not.
        if (sub.state === 'error' || sub.state === 'not-entitled') continue;
        if (now - Math.max(sub.liveAt ?? -Infinity, sub.since) <= limit) continue;
        sub.setState('stale', g.lastError?.message ?? message);
      }
    }
  }

  // ------------------------------------------------------------ connection

  #wentOffline(): void {
    for (const sub of this.#subs.values()) {
      if (sub.groupKey !== null && !this.#hidden.has(sub.clientId)) {
        sub.setState('offline', OFFLINE_MESSAGE);
      }
    }
    this.#reconcile();
  }

  /** Every group is asked again at once: the clocks restart with a tick now. */
  #cameBack(): void {
    for (const g of this.#groups.values()) if (!g.inFlight) resetBackoff(g);
    // Staleness counts from now: the refresh about to go out gets its chance first.
    const now = this.#now();
    for (const sub of this.#subs.values()) sub.since = now;
    this.#clocks.stopAll();
    this.#reconcile();
  }

  /** One request, the cheapest group's: any answer at all means the service is back. */
  #probe(): boolean {
    let pick: Group | null = null;
    for (const g of this.#groups.values()) {
      if (g.active && !g.inFlight && (pick === null || g.codes.length < pick.codes.length))
        pick = g;
    }
    if (pick) this.#poll(pick);
    return pick !== null;
  }

  /** See first-paint.ts: the hub's or the cache's newest records, before any request. */
  #firstPaint(sub: Subscription, group: Group): void {
    if (this.#groups.get(group.key) !== group) return;
    firstPaint(sub, group, {
      store: this.#store,
      now: this.#now(),
      freshMs: this.#tuning.staleAfterIntervals * this.#clocks.effective(group.lane),
      offline: this.#connection.offline,
      offlineMessage: OFFLINE_MESSAGE,
      onError: this.#onError,
    });
  }

  #groupOf(sub: Subscription): Group | undefined {
    return sub.groupKey === null ? undefined : this.#groups.get(sub.groupKey);
  }

  #assertLive(): void {
    if (this.#disposed) throw new Error('the feed hub has been disposed');
  }
}

function unexpected(error: unknown): ApiError {
  const message = error instanceof Error ? error.message : String(error);
  return new ApiError({
    kind: 'schema',
    operation: 'feed',
    message: `Unexpected failure: ${message}`,
  });
}
