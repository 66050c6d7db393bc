/**
 * The feed hub: panes declare what they show; the hub merges every pane's wishes (all
 * windows) into groups — one per (operation, class, region, exchange[, kType]) — and
 * polls each group with the union of its codes on one clock per data kind, so a tick
 * costs `ceil(unique codes / plan max)` requests per group. Results go to the cache
 * and each subscriber is pushed its own slice, only what changed. See README.md.
 */
import type { SubscriptionSpec, SubscriptionState } from '../../shared/bridge';
import type { Disposable, Event } from '../../shared/emitter';
import type {
  Candle,
  DataSourceId,
  FeedPlan,
  Instrument,
  MarketStateView,
  Plan,
  PlanName,
  SeriesKey,
  UnixMs,
} from '../../shared/model';
import { isReplaySource, sourceKind } from '../../shared/model';
import { backgroundLimit, type QuoteClass } from '../api';
import type { CacheDb } from '../cache';
import { HealthService, systemTimers, type HealthHold } from '../health';
import { feedLines } from './feed-lines';
import { firstPaint } from './first-paint';
import { channelOf, resetBackoff, restingAgain, snapshotDue, type Group } from './group';
import {
  CANDLE_POLL_LIMIT,
  DEFAULT_TUNING,
  normaliseIntervals,
  staleAfterMs,
  type FeedTuning,
} from './intervals';
import { NEWS_KEY, adapterFor } from './kinds';
import {
  applyMarket,
  marketOfRoute,
  restOnCached,
  updateResting,
  takeAnswer,
  wakeForCodes,
  type FeedMarkets,
} from './market-rest';
import { GroupPoller } from './poller';
import { SubscriptionRegistry } from './registry';
import { routeOf, type LaneId } from './routes';
import { Scheduler } from './scheduler';
import { NO_STORE, cacheFeedStore, requireSource, type FeedStore } from './store';
import { safeListener, tellPolled, type ReceivedListener } from './received';
import { shownFrames, type ShownFrame } from './shown';
import { StreamFeed, type StreamOpener } from './stream-feed';
import { symbolId } from './stream-pushes';
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
  /**
   * The one health service every request records in; the hub polls only while it
   * holds nothing back. Default a private one on the hub's clock and timers, which
   * `setClient` resets (the hub cannot tell a plan change from a new token; the
   * composition root, which can, resets a shared one itself).
   */
  health?: HealthService;
  /**
   * Opens the stream of an asset class (address, token, endpoint path and limit are the
   * caller's); null or absent: everything is polled (`setStream` changes it).
   */
  stream?: StreamOpener | null;
  /** Told of failures no subscriber owns (a throwing push or listener); default console.error. */
  onError?: (error: unknown) => void;
  /**
   * The markets' states (core/market-hours): a closed market's groups rest once its last
   * prices are in (market-rest.ts), and every subscriber is told its market's state.
   * Absent or null: every market is polled as if open, and no state is told.
   */
  markets?: FeedMarkets | null;
  /** Told every quote, book and tick received live, streamed or polled (the recorder). */
  onReceived?: ReceivedListener;
}

export { systemTimers };

/** The pane state of each health hold. */
const HOLD_STATE: Record<HealthHold['state'], SubscriptionState> = {
  offline: 'offline',
  'token-rejected': 'token-rejected',
  'rate-limited': 'rate-limited',
};

export class FeedHub {
  readonly #store: FeedStore;
  readonly #now: () => UnixMs;
  readonly #tuning: FeedTuning;
  readonly #onError: (error: unknown) => void;
  readonly #registry = new SubscriptionRegistry();
  readonly #scheduler: Scheduler;
  readonly #poller: GroupPoller;
  readonly #stream: StreamFeed;
  #client: FeedClient;
  readonly #health: HealthService;
  readonly #ownsHealth: boolean;
  readonly #healthListener: Disposable;
  readonly #markets: FeedMarkets | null;
  readonly #marketsListener: Disposable | null;
  /** The health hold the panes were last told of; the clocks stop while there is one. */
  #hold: HealthHold | null;
  #seq = 0;
  /** What clients are shown (`shown`), kept until a subscription comes or goes. */
  #shown: { except: string; frames: Map<string, ShownFrame> } | null = null;
  #disposed = false;
  /** Where the client's data comes from now (options.source); null without a cache. */
  readonly #source: (() => DataSourceId) | null;

  constructor(options: FeedHubOptions) {
    this.#source = options.source ?? null;
    this.#store =
      options.store ??
      (options.db ? cacheFeedStore(options.db, requireSource(options.source)) : NO_STORE);
    this.#now = options.now ?? Date.now;
    this.#tuning = { ...DEFAULT_TUNING, ...options.tuning };
    this.#onError = options.onError ?? ((e) => console.error('marketdesk feed hub:', e));
    const timers = options.timers ?? systemTimers;
    this.#ownsHealth = options.health === undefined;
    this.#health =
      options.health ?? new HealthService({ now: this.#now, timers, onError: this.#onError });
    this.#hold = this.#health.hold();
    const paused = () => this.#hold !== null;
    const received = safeListener(options.onReceived, this.#onError);
    this.#scheduler = new Scheduler(
      {
        registry: this.#registry,
        timers,
        now: this.#now,
        tuning: this.#tuning,
        intervals: normaliseIntervals(options.intervals),
        plan: options.plan,
        requestsPerMinute: options.requestsPerMinute ?? null,
        paused,
        onError: this.#onError,
      },
      {
        tick: (lane, now) => this.#poller.tick(lane, now),
        poll: (group) => this.#poller.poll(group),
      },
    );
    const { clocks, status } = this.#scheduler;
    this.#poller = new GroupPoller(
      {
        registry: this.#registry,
        clocks,
        status,
        health: this.#health,
        paused,
        store: this.#store,
        now: this.#now,
        tuning: this.#tuning,
        onError: this.#onError,
        onPolled: (group, batch) => {
          if (received) tellPolled(received, group.route, batch);
          this.#stream.polled(group, batch);
          // A closed market's last prices are in: it rests from now.
          takeAnswer(group, batch.missing);
          if (group.closedSince !== null && updateResting(group)) this.#scheduler.reconcile();
        },
      },
      options.client,
    );
    this.#stream = new StreamFeed({
      registry: this.#registry,
      scheduler: this.#scheduler,
      status,
      health: this.#health,
      store: this.#store,
      now: this.#now,
      timers,
      paused,
      onError: this.#onError,
      received,
    });
    this.#client = options.client;
    this.#stream.setOpener(options.stream ?? null);
    this.onStatus = this.#scheduler.status.onChange;
    this.#healthListener = this.#health.onChange(() => this.#healthChanged());
    this.#markets = options.markets ?? null;
    this.#marketsListener = this.#markets?.onChange(() => this.#marketsChanged()) ?? null;
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
    this.#shown = null;
    const live = () => this.#registry.has(id);
    if (!routed.ok) {
      this.#registry.add(sub, null);
      this.#scheduler.later(() => live() && sub.setState('error', routed.message));
      return id;
    }
    // Costs this subscription's codes, whatever the group holds already.
    const { group, addedCodes, becameActive } = this.#registry.add(sub, routed);
    if (group.subs.size === 1) {
      this.#readMarket(group);
      this.#restOnCached(group);
    }
    sub.setMarket(group.market);
    // Another symbol of a resting closed market: its last prices are asked once.
    const woke = !this.#registry.isHidden(clientId) && wakeForCodes(group, codes);
    // Codes the stream serves already: this pane's first snapshot (and state) is REST's.
    let due = 0;
    if (!this.#registry.isHidden(clientId)) for (const c of codes) if (snapshotDue(group, c)) due++;
    this.#scheduler.later(() => live() && this.#firstPaint(sub, group));
    this.#scheduler.reconcile();
    if (addedCodes > 0 || becameActive || woke || due > 0) this.#scheduler.kick(group);
    this.#stream.requestSync();
    return id;
  }

  /**
   * The quotes, books and ticks of each instrument that clients other than `except` (the
   * alerts) subscribe, by `shownKey`: what the workspace shows, which the recorder keeps.
   */
  shown(except: string): ReadonlyMap<string, ShownFrame> {
    if (this.#shown?.except !== except) {
      this.#shown = { except, frames: shownFrames(this.#registry, except) };
    }
    return this.#shown.frames;
  }

  unsubscribe(subscriptionId: string): void {
    if (!this.#remove(subscriptionId)) return;
    this.#scheduler.reconcile();
    this.#stream.requestSync();
  }

  /**
   * Drops every subscription of a client (its window closed, its socket went) in one
   * batch: each leaves its group, and clocks and budget are brought in line once.
   */
  dropClient(clientId: string): void {
    let removed = false;
    for (const sub of this.#registry.ofClient(clientId)) removed = this.#remove(sub.id) || removed;
    this.#registry.setHidden(clientId, false);
    const focused = this.#registry.setFocus(clientId, null);
    if (!removed) {
      if (focused) this.#stream.requestSync();
      return;
    }
    this.#scheduler.reconcile();
    this.#stream.requestSync();
  }

  /** Removes one subscription without reconciling; false for an unknown id. */
  #remove(subscriptionId: string): boolean {
    const removed = this.#registry.remove(subscriptionId);
    if (!removed) return false;
    this.#shown = null;
    // A group that closed no longer counts for the health of the data.
    const key = removed.sub.groupKey;
    if (key !== null && removed.groupClosed) this.#health.forget(channelOf(key));
    return true;
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
    this.#stream.requestSync();
  }

  /**
   * Candles the service just gave the history service (a chart's newest page) for a
   * series the hub also polls: its newest bars are that group's poll, so the forming bar
   * (streamed or polled) starts from them at once instead of waiting its turn in the
   * plan's budget (minutes on the free plan). Another source's, or a cached answer, is
   * not taken.
   */
  takeCandles(answer: {
    series: SeriesKey;
    source: DataSourceId;
    candles: readonly Candle[];
    offline: boolean;
    refreshing: boolean;
    error?: string;
  }): void {
    if (this.#disposed || answer.offline || answer.refreshing || answer.error !== undefined) return;
    if (answer.candles.length === 0 || this.#source === null) return;
    if (answer.source !== this.#source()) return;
    const route = routeOf({ kind: 'candles', series: answer.series });
    if (!route.ok) return;
    const g = this.#registry.groupByKey(route.groupKey);
    const code = route.codes[0];
    if (!g || code === undefined || !g.held.has(code)) return;
    const batch = {
      data: { [code]: answer.candles.slice(-CANDLE_POLL_LIMIT) },
      missing: [],
      failed: {},
    };
    this.#poller.answered(g, [code], batch);
  }

  /**
   * The instrument `clientId`'s focused pane shows (null: none): the stream serves it
   * first of all, after the markets that trade (see stream-wants).
   */
  setFocus(clientId: string, instrument: Instrument | null): void {
    this.#assertLive();
    const symbol =
      instrument === null ? null : symbolId(instrument.class, instrument.region, instrument.code);
    if (this.#registry.setFocus(clientId, symbol)) this.#stream.requestSync();
  }

  /** New intervals from the settings; each clock adopts them from its last tick. */
  setIntervals(intervals: Partial<FeedIntervals>): void {
    this.#assertLive();
    this.#scheduler.clocks.intervals = normaliseIntervals(intervals);
    this.#scheduler.reconcile();
  }

  /**
   * Swaps the API client (new token, plan or address): subscriptions stay, the old
   * client's requests are cancelled and every group is asked again at once — unless
   * the health service holds requests back (a refused token stays refused until the
   * composition root resets a shared health service for a new token).
   */
  setClient(client: FeedClient, plan: Plan, requestsPerMinute?: number | null): void {
    this.#assertLive();
    this.#scheduler.setPlan(plan, requestsPerMinute ?? null);
    this.#client = client;
    this.#poller.switchClient(client);
    // A resting market's last prices were the old client's: the new one is asked once.
    for (const g of this.#registry.groups()) updateResting(g);
    this.#registry.restartStaleness(this.#now());
    this.#scheduler.clocks.stopAll();
    this.#scheduler.reconcile();
    // The plan's stream connections may differ.
    this.#stream.requestSync();
    // After the switch: nothing is asked again with the old client.
    if (this.#ownsHealth) this.#health.reset();
  }

  /**
   * The source's time went back (a replay sought, or played again from its start): what
   * the hub holds is of a later time, and a record older than the one held is never
   * taken (`isOlder`: a REST answer that left before a push). So it is all forgotten, as
   * for a new client: the records held (a chart's forming bar with them), the answers on
   * their way, the stream's connections with the pushes on their way (new ones send the
   * current records on subscribing); then every group is asked again at once. Only the
   * hub's own source is rewound: asked for another (live), it does nothing.
   */
  rewind(source: DataSourceId): void {
    this.#assertLive();
    if (this.#source === null || this.#source() !== source) return;
    this.#poller.switchClient(this.#client);
    // A resting market's last prices were of the time before: it is asked once.
    for (const g of this.#registry.groups()) updateResting(g);
    // Before the clocks: until the new connections stream, their symbols are polled.
    this.#stream.restart();
    this.#registry.restartStaleness(this.#now());
    this.#scheduler.clocks.stopAll();
    this.#scheduler.reconcile();
  }

  /**
   * Streams prices with `open` from now on (a new token or address, or the stream's
   * settings changed): the old stream clients close, what panes show is subscribed
   * again. Null: everything is polled.
   */
  setStream(open: StreamOpener | null): void {
    this.#assertLive();
    this.#stream.setOpener(open);
  }

  status(): FeedStatus {
    return this.#scheduler.status.snapshot();
  }

  /**
   * What the hub holds now: subscriptions, groups, and the codes of each group summed
   * (for tests, benchmarks and diagnostics: a closed client must leave nothing behind).
   */
  counts(): { subscriptions: number; groups: number; codes: number } {
    return this.#registry.counts();
  }

  /**
   * What the feed does with the plan now: every group streamed, polled every N s or
   * waiting and why, with the plan's limits and what is used of them. `lastMinute` is
   * the client's count of every request of the last minute, the user's included.
   */
  feedPlan(limits: { subscriptions: number }): FeedPlan {
    const clocks = this.#scheduler.clocks;
    const stream = this.#stream.use();
    const budget = this.#scheduler.status.budget;
    const rpm = this.#scheduler.requestsPerMinute;
    return {
      plan: this.#scheduler.plan.name,
      lines: feedLines(this.#registry.groups(), {
        now: this.#now(),
        hold: this.#health.hold(),
        wantedMs: (lane) => clocks.wanted(lane),
        effectiveMs: (lane) => clocks.effective(lane),
        parked: (cls) => this.#stream.parked(cls),
        answeredBy: this.#source === null ? 'live' : sourceKind(this.#source()),
      }),
      requests: {
        lastMinute: this.#client.requestsInLastMinute?.() ?? 0,
        limit: rpm,
        background: backgroundLimit(rpm),
        planned: Math.min(budget.wantedPerMinute, budget.requestsPerMinute),
        oneOff: budget.oneOffRequests,
      },
      stream: {
        connections: stream.connections,
        connectionLimit: stream.connectionLimit,
        subscriptions: stream.subscriptions,
        subscriptionLimit: limits.subscriptions * stream.connectionLimit,
      },
    };
  }

  /**
   * Bars built from the stream that closed and were held against the service's, and how
   * many of those the service corrected (tests, benchmarks, diagnostics).
   */
  candleCloses(): { closes: number; corrections: number } {
    return this.#stream.candleCloses();
  }

  /**
   * One instrument of each market (class and region) whose quotes the panes show, in
   * the order they were first asked for: what a connection test asks the service.
   */
  quotedMarkets(): { cls: QuoteClass; region: string; code: string }[] {
    const markets = new Map<string, { cls: QuoteClass; region: string; code: string }>();
    for (const g of this.#registry.groups()) {
      const route = g.route;
      if (route.kind !== 'quotes') continue;
      const key = `${route.cls}:${route.region}`;
      const code = g.held.keys().next().value;
      if (code === undefined || markets.has(key)) continue;
      markets.set(key, { cls: route.cls, region: route.region, code });
    }
    return [...markets.values()];
  }

  /** The state of each market the groups' prices come from, once each, in the groups' order. */
  marketStates(): MarketStateView[] {
    const out = new Map<string, MarketStateView>();
    for (const g of this.#registry.groups()) {
      const m = g.market;
      if (m !== null && g.viewers > 0) out.set(`${m.class}|${m.region}`, m);
    }
    return [...out.values()];
  }

  /** What the service said refusing stream subscriptions as over its limit, or null. */
  streamRefusal(): string | null {
    return this.#stream.refusal();
  }

  /** The plan the stream's subscription refusals point to, or null (see stream-health). */
  suggestedPlan(): PlanName | null {
    return this.#stream.suggestedPlan();
  }

  /** The health service the hub records in and obeys. */
  get health(): HealthService {
    return this.#health;
  }

  /** Told when the status changes (a newer lastUpdate alone at most every `statusMinGapMs`). */
  readonly onStatus: Event<FeedStatus>;

  /** Resolves when no request of the hub is in flight (tests, shutdown). */
  idle(): Promise<void> {
    return this.#poller.idle();
  }

  /** Stops every clock, cancels requests and forgets subscribers. */
  dispose(): void {
    if (this.#disposed) return;
    this.#disposed = true;
    this.#healthListener.dispose();
    this.#marketsListener?.dispose();
    this.#stream.dispose();
    this.#poller.dispose();
    this.#scheduler.dispose();
    for (const g of this.#registry.groups()) this.#health.forget(channelOf(g.key));
    this.#registry.clear();
    if (this.#ownsHealth) this.#health.dispose();
  }

  // ------------------------------------------------------------ visibility, health

  /** Pushes what changed while the client was hidden and ticks its clocks at once. */
  #showClient(clientId: string): void {
    const now = this.#now();
    const hold = this.#hold;
    const lanes = new Set<LaneId>();
    for (const sub of this.#registry.ofClient(clientId)) {
      const group = this.#registry.groupOf(sub);
      if (!group) continue;
      sub.since = now;
      sub.setMarket(group.market);
      lanes.add(group.lane);
      // Shown now, on another symbol of a resting closed market: asked once.
      wakeForCodes(group, sub.codes);
      sub.deliver(adapterFor(group.route), group.latest, { offline: hold?.state === 'offline' });
      if (hold) sub.setState(HOLD_STATE[hold.state], hold.message);
    }
    this.#scheduler.reconcile();
    for (const id of lanes) this.#scheduler.clocks.restart(id);
  }

  /**
   * The health service changed. A hold (offline, token refused, rate limited) stops the
   * clocks and is every visible pane's state, with its message (a longer rate limit
   * updates it); the end of a hold asks every group again at once.
   */
  #healthChanged(): void {
    if (this.#disposed) return;
    const hold = this.#health.hold();
    const was = this.#hold;
    this.#hold = hold;
    // A refused token stops the streams; a new one starts them again.
    if (hold?.state !== was?.state) this.#stream.requestSync();
    if (hold === null) {
      if (was !== null) this.#cameBack(was);
      return;
    }
    for (const sub of this.#registry.subscriptions()) {
      if (sub.groupKey !== null && !this.#registry.isHidden(sub.clientId)) {
        sub.setState(HOLD_STATE[hold.state], hold.message);
      }
    }
    if (was === null) this.#scheduler.reconcile();
  }

  /**
   * The hold ended: the clocks restart with a tick now. After an outage or a refused
   * token every group is asked again at once. After a rate limit a group that was
   * limited keeps its backoff — at least the `Retry-After`, doubling with each limit in
   * a row — so a service answering 429 with a short `Retry-After` again and again is
   * asked less and less often, not once per `Retry-After` for ever.
   */
  #cameBack(was: HealthHold): void {
    if (was.state !== 'rate-limited') {
      for (const g of this.#registry.groups()) if (!g.inFlight) resetBackoff(g);
    }
    // Staleness counts from now: the refresh about to go out gets its chance first.
    this.#registry.restartStaleness(this.#now());
    // A resting (closed) market is asked nothing, so no answer clears the hold's state:
    // its last prices are the close's, as true as before the hold.
    const held = HOLD_STATE[was.state];
    for (const sub of this.#registry.subscriptions()) {
      if (sub.state !== held || !this.#registry.groupOf(sub)?.resting) continue;
      const change = restingAgain(sub);
      sub.setState(change.state, change.message, change.unknownCodes);
    }
    this.#scheduler.clocks.stopAll();
    this.#scheduler.reconcile();
  }

  /** Reads a group's market state (a new group); true when its resting changed. */
  #readMarket(g: Group): boolean {
    const market = marketOfRoute(g.route);
    if (this.#markets === null || market === null) return false;
    // A replay's states are at its replayed time (MarketHours.judgeAt): when a market
    // closed then is not on the hub's clock, so it rests after a poll made once seen closed.
    const sinceSeen = this.#source !== null && isReplaySource(this.#source());
    const view = this.#markets.state(market.cls, market.region);
    return applyMarket(g, view, this.#now(), { sinceSeen });
  }

  /**
   * A new group of a closed market whose cached records are its last prices rests on
   * them (market-rest.ts); not during a replay, whose cache is the recording's.
   */
  #restOnCached(g: Group): void {
    if (this.#source === null || isReplaySource(this.#source())) return;
    try {
      restOnCached(g, (codes) => adapterFor(g.route).load(this.#store, g.route, codes));
    } catch (error) {
      // An unreadable cache only costs the request it would have saved.
      this.#onError(error);
    }
  }

  /**
   * A market's state changed: each group takes it in (one that closed polls once more
   * and leaves the stream, then rests; one that opened is asked at once), and every
   * visible subscriber is told.
   */
  #marketsChanged(): void {
    if (this.#disposed) return;
    let closing = false;
    const woke: Group[] = [];
    for (const g of this.#registry.groups()) {
      const wasClosed = g.closedSince !== null;
      const wasResting = g.resting;
      this.#readMarket(g);
      if (wasClosed !== (g.closedSince !== null)) closing = true;
      if (wasResting && !g.resting) woke.push(g);
      for (const sub of this.#registry.visible(g)) sub.setMarket(g.market);
    }
    this.#scheduler.reconcile();
    for (const g of woke) this.#scheduler.kick(g);
    if (closing) this.#stream.requestSync();
  }

  /** See first-paint.ts: the hub's or the cache's newest records, before any request. */
  #firstPaint(sub: Subscription, group: Group): void {
    if (!this.#registry.isCurrent(group)) return;
    const hold = this.#hold;
    // A hold other than offline is the pane's state before its first data (first-paint
    // then leaves the state alone); offline is first-paint's own.
    if (hold && hold.state !== 'offline') sub.setState(HOLD_STATE[hold.state], hold.message);
    firstPaint(sub, group, {
      store: this.#store,
      now: this.#now(),
      freshMs: staleAfterMs(this.#tuning, this.#scheduler.clocks.effective(group.lane)),
      offline: hold?.state === 'offline',
      offlineMessage: hold?.message ?? '',
      onError: this.#onError,
    });
  }

  #assertLive(): void {
    if (this.#disposed) throw new Error('the feed hub has been disposed');
  }
}
