/**
 * The feed hub: panes declare what they show; the hub merges every pane's wishes (all
 * windows) into groups — one per (operation, class, region, exchange[, kType]) — and
 * polls each group with the union of its codes on one clock per data kind, so a tick
 * costs `ceil(unique codes / plan max)` requests per group. Results go to the cache
 * and each subscriber is pushed its own slice, only what changed. See README.md.
 */
import type { SubscriptionSpec } from '../../shared/bridge';
import type { DataSourceId, Plan, UnixMs } from '../../shared/model';
import type { CacheDb } from '../cache';
import { firstPaint } from './first-paint';
import { resetBackoff, type Group } from './group';
import { DEFAULT_TUNING, normaliseIntervals, staleAfterMs, type FeedTuning } from './intervals';
import { NEWS_KEY, adapterFor } from './kinds';
import { GroupPoller } from './poller';
import { SubscriptionRegistry } from './registry';
import { routeOf, type LaneId } from './routes';
import { Scheduler } from './scheduler';
import { NO_STORE, cacheFeedStore, requireSource, type FeedStore } from './store';
import { Subscription } from './subscription';
import type { FeedClient, FeedIntervals, FeedStatus, FeedTimers, PushFn } from './types';

export interface FeedHubOptions {
  client: FeedClient;
  /** Sets the codes per request (`maxCodes`) and the default budget. */
  plan: Plan;
  /** Where results go and first paints come from; default a cache store over `db`, else none. */
  store?: FeedStore | null;
  db?: CacheDb | null;
  /** Where `client`'s data comes from now: the source whose rows `db` holds. Required with `db`. */
  source?: () => DataSourceId;
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
  readonly #store: FeedStore;
  readonly #now: () => UnixMs;
  readonly #tuning: FeedTuning;
  readonly #onError: (error: unknown) => void;
  readonly #registry = new SubscriptionRegistry();
  readonly #scheduler: Scheduler;
  readonly #poller: GroupPoller;
  #seq = 0;
  #disposed = false;

  constructor(options: FeedHubOptions) {
    this.#store =
      options.store ??
      (options.db ? cacheFeedStore(options.db, requireSource(options.source)) : NO_STORE);
    this.#now = options.now ?? Date.now;
    this.#tuning = { ...DEFAULT_TUNING, ...options.tuning };
    this.#onError = options.onError ?? ((e) => console.error('marketdesk feed hub:', e));
    this.#scheduler = new Scheduler(
      {
        registry: this.#registry,
        timers: options.timers ?? systemTimers,
        now: this.#now,
        tuning: this.#tuning,
        intervals: normaliseIntervals(options.intervals),
        plan: options.plan,
        requestsPerMinute: options.requestsPerMinute ?? null,
        onError: this.#onError,
      },
      {
        tick: (lane, now) => this.#poller.tick(lane, now),
        poll: (group) => this.#poller.poll(group),
        wentOffline: () => this.#wentOffline(),
        cameBack: () => this.#cameBack(),
        probe: () => this.#probe(),
      },
    );
    const { clocks, status, connection } = this.#scheduler;
    this.#poller = new GroupPoller(
      {
        registry: this.#registry,
        clocks,
        status,
        connection,
        store: this.#store,
        now: this.#now,
        tuning: this.#tuning,
        onError: this.#onError,
      },
      options.client,
    );
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
    const live = () => this.#registry.has(id);
    if (!routed.ok) {
      this.#registry.add(sub, null);
      this.#scheduler.later(() => live() && sub.setState('error', routed.message));
      return id;
    }
    const group = this.#registry.add(sub, routed);
    const before = new Set(group.codes);
    const wasActive = group.active;
    this.#scheduler.later(() => live() && this.#firstPaint(sub, group));
    this.#scheduler.reconcile();
    if (group.codes.some((c) => !before.has(c)) || (group.active && !wasActive)) {
      this.#scheduler.kick(group);
    }
    return id;
  }

  unsubscribe(subscriptionId: string): void {
    if (this.#registry.remove(subscriptionId)) this.#scheduler.reconcile();
  }

  /** Drops every subscription of a client (its window closed, its socket went). */
  dropClient(clientId: string): void {
    for (const sub of this.#registry.ofClient(clientId)) this.unsubscribe(sub.id);
    this.#registry.setHidden(clientId, false);
  }

  /**
   * A hidden client's subscriptions are not polled; polling stops when no visible one
   * is left. Turning visible pushes what changed meanwhile and polls its clocks at once.
   */
  setVisibility(clientId: string, visible: boolean): void {
    this.#assertLive();
    if (!this.#registry.setHidden(clientId, !visible)) return;
    if (visible) this.#showClient(clientId);
    else this.#scheduler.reconcile();
  }

  /** New intervals from the settings; each clock adopts them from its last tick. */
  setIntervals(intervals: Partial<FeedIntervals>): void {
    this.#assertLive();
    this.#scheduler.clocks.intervals = normaliseIntervals(intervals);
    this.#scheduler.reconcile();
  }

  /**
   * Swaps the API client (new token, plan or address): subscriptions stay, the old
   * client's requests are cancelled and every group is asked again at once.
   */
  setClient(client: FeedClient, plan: Plan, requestsPerMinute?: number | null): void {
    this.#assertLive();
    const { clocks, connection, status } = this.#scheduler;
    this.#scheduler.setPlan(plan, requestsPerMinute ?? null);
    this.#poller.switchClient(client);
    this.#registry.restartStaleness(this.#now());
    connection.reset();
    status.apiError = null;
    clocks.stopAll();
    this.#scheduler.reconcile();
  }

  status(): FeedStatus {
    return this.#scheduler.status.snapshot();
  }

  /** Told when the status changes; returns the unsubscriber. */
  onStatus(listener: (status: FeedStatus) => void): () => void {
    return this.#scheduler.status.listen(listener);
  }

  /** Resolves when no request of the hub is in flight (tests, shutdown). */
  idle(): Promise<void> {
    return this.#poller.idle();
  }

  /** Stops every clock, cancels requests and forgets subscribers. */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#poller.dispose();
    this.#scheduler.dispose();
    this.#registry.clear();
  }

  // ------------------------------------------------------------ visibility, connection

  /** Pushes what changed while the client was hidden and ticks its clocks at once. */
  #showClient(clientId: string): void {
    const now = this.#now();
    const offline = this.#scheduler.connection.offline;
    const lanes = new Set<LaneId>();
    for (const sub of this.#registry.ofClient(clientId)) {
      const group = this.#registry.groupOf(sub);
      if (!group) continue;
      sub.since = now;
      lanes.add(group.lane);
      sub.deliver(adapterFor(group.route), group.latest, offline);
      if (offline) sub.setState('offline', OFFLINE_MESSAGE);
    }
    this.#scheduler.reconcile();
    for (const id of lanes) this.#scheduler.clocks.restart(id);
  }

  #wentOffline(): void {
    for (const sub of this.#registry.subscriptions()) {
      if (sub.groupKey !== null && !this.#registry.isHidden(sub.clientId)) {
        sub.setState('offline', OFFLINE_MESSAGE);
      }
    }
    this.#scheduler.reconcile();
  }

  /** Every group is asked again at once: the clocks restart with a tick now. */
  #cameBack(): void {
    for (const g of this.#registry.groups()) if (!g.inFlight) resetBackoff(g);
    // Staleness counts from now: the refresh about to go out gets its chance first.
    this.#registry.restartStaleness(this.#now());
    this.#scheduler.clocks.stopAll();
    this.#scheduler.reconcile();
  }

  /** One request, the cheapest group's: any answer at all means the service is back. */
  #probe(): boolean {
    const pick = this.#registry.cheapestIdle();
    if (pick) this.#poller.poll(pick);
    return pick !== null;
  }

  /** See first-paint.ts: the hub's or the cache's newest records, before any request. */
  #firstPaint(sub: Subscription, group: Group): void {
    if (!this.#registry.isCurrent(group)) return;
    firstPaint(sub, group, {
      store: this.#store,
      now: this.#now(),
      freshMs: staleAfterMs(this.#tuning, this.#scheduler.clocks.effective(group.lane)),
      offline: this.#scheduler.connection.offline,
      offlineMessage: OFFLINE_MESSAGE,
      onError: this.#onError,
    });
  }

  #assertLive(): void {
    if (this.#disposed) throw new Error('the feed hub has been disposed');
  }
}
