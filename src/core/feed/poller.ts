/**
 * Polling the hub's groups: one client call per group with the union of its codes,
 * its outcome taken in (records into the group, the store and each subscriber's
 * slice; failures into backoff and subscriber states), every outcome recorded in the
 * health service, and the stale marks of a lane on each tick. Answers for a previous
 * client or a dropped group are discarded.
 */
import type { SubscriptionState } from '../../shared/bridge';
import type { UnixMs } from '../../shared/model';
import { ApiError, type BatchResult, type Result } from '../api';
import { batchOutcome, classify, type HealthService, type Outcome, type Probe } from '../health';
import type { Clocks, Lane } from './clocks';
import {
  absorb,
  carriedByStream,
  channelOf,
  codeCount,
  codesOf,
  resetBackoff,
  servedByStream,
  stateAfter,
  stateAfterError,
  type Group,
  type StateChange,
} from './group';
import { candlePollLimit, staleAfterMs, type FeedTuning } from './intervals';
import { adapterFor } from './kinds';
import { backoffDelay } from './pacing';
import type { SubscriptionRegistry } from './registry';
import type { LaneId } from './routes';
import type { StatusBoard } from './status';
import type { FeedStore } from './store';
import type { Subscription } from './subscription';
import type { FeedClient } from './types';
import { errorMessage } from '../../shared/errors';

export interface GroupPollerDeps {
  registry: SubscriptionRegistry;
  clocks: Clocks;
  status: StatusBoard;
  /** Every outcome is recorded here, one channel per group. */
  health: HealthService;
  /** True while the health service holds requests back; the hub has set every pane's state. */
  paused: () => boolean;
  store: FeedStore;
  now: () => UnixMs;
  tuning: FeedTuning;
  onError: (error: unknown) => void;
  /** Told of each successful poll, after its records were taken in (the stream's snapshots). */
  onPolled?: (g: Group, batch: BatchResult<unknown>) => void;
}

export class GroupPoller {
  #client: FeedClient;
  #generation = 0;
  #abort = new AbortController();
  readonly #inflight = new Set<Promise<void>>();

  constructor(
    private readonly deps: GroupPollerDeps,
    client: FeedClient,
  ) {
    this.#client = client;
  }

  /**
   * A lane's clock ticked: mark what went stale, poll every group that is due, the
   * oldest data first. The plan's minute serves requests in the order they are asked
   * (each group has one in flight at most), so on a plan too small for every group at
   * once the rows refresh in turn, the one shown longest unrefreshed first.
   */
  tick(lane: Lane, now: UnixMs): void {
    if (this.deps.paused()) return;
    this.#markStale(lane.id, now);
    const due: Group[] = [];
    for (const g of this.deps.registry.groups()) {
      if (g.lane === lane.id && g.active && !g.inFlight && now >= g.retryAt) due.push(g);
    }
    due.sort((a, b) => (a.lastSuccessAt ?? 0) - (b.lastSuccessAt ?? 0));
    for (const g of due) this.poll(g);
  }

  /**
   * Polls with another client from now on: requests of the old one are aborted (their
   * late answers dropped) and every group's backoff is forgotten.
   */
  switchClient(client: FeedClient): void {
    this.#client = client;
    this.#generation++;
    this.#abort.abort();
    this.#abort = new AbortController();
    for (const g of this.deps.registry.groups()) {
      resetBackoff(g);
      g.inFlight = false;
      // The records came from the old client, which may have been another source (demo
      // before a token was set): a first paint from them would show them as this one's.
      g.latest.clear();
      g.saved.clear();
      g.lastSuccessAt = null;
    }
  }

  /** Resolves when no request is in flight (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.#inflight.size > 0) await Promise.allSettled([...this.#inflight]);
  }

  /** Cancels every request. */
  dispose(): void {
    this.#abort.abort();
  }

  /** Asks the service for `g`'s codes now. */
  poll(g: Group): void {
    g.inFlight = true;
    const generation = this.#generation;
    const epoch = this.deps.health.epoch;
    // A pane shown empty (nothing cached, nothing held) waits for this answer: it goes
    // ahead of the repeat polls of feeds that already show data, within the budget.
    const client = this.#awaitsFirstAnswer(g)
      ? (this.#client.firstAnswers?.() ?? this.#client)
      : this.#client;
    const signal = this.#abort.signal;
    const codes = codesOf(g);
    const now = this.deps.now();
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
      if (generation !== this.#generation || !this.deps.registry.isCurrent(g)) return;
      g.inFlight = false;
      if (result.ok) {
        this.#succeeded(g, codes, result.value, epoch);
        this.#askMissed(g, codes);
      } else this.#failed(g, codes, result.error, epoch);
    };
    const p = run().catch((error: unknown) => this.deps.onError(error));
    this.#inflight.add(p);
    void p.finally(() => this.#inflight.delete(p));
  }

  /**
   * Whether a visible subscriber of `g` has nothing to show yet: never answered, nothing
   * painted from the cache or the group's records, and not refused (an unknown symbol,
   * not in plan: nothing would come). Its pane says it waits for the service's answer.
   */
  #awaitsFirstAnswer(g: Group): boolean {
    for (const sub of this.deps.registry.visible(g)) {
      if (sub.liveAt !== null || sub.sent.size > 0) continue;
      if (sub.state !== null && SETTLED.has(sub.state)) continue;
      return true;
    }
    return false;
  }

  /**
   * A pane that joined `g` while its poll was in flight, on codes that poll did not ask,
   * still shows nothing: its codes are asked now (a first answer, ahead of the repeat
   * polls) rather than at the group's next turn, minutes away on a small plan.
   */
  #askMissed(g: Group, asked: readonly string[]): void {
    if (this.deps.paused() || !g.active || g.inFlight || !this.deps.registry.isCurrent(g)) return;
    const had = new Set(asked);
    for (const sub of this.deps.registry.visible(g)) {
      if (sub.liveAt === null && sub.sent.size === 0 && missed(g, sub, had)) return this.poll(g);
    }
  }

  /**
   * An answer the service gave someone else for `g`'s codes (a chart's history, fetched
   * moments ago): taken as this group's poll, so a small plan does not ask it again. A
   * poll of the group may be waiting for the plan's budget meanwhile; its answer, when
   * it comes, is taken as well (an older record never replaces a newer one).
   */
  answered(g: Group, codes: readonly string[], batch: BatchResult<unknown>): void {
    if (!this.deps.registry.isCurrent(g)) return;
    this.#succeeded(g, codes, batch, this.deps.health.epoch);
  }

  #succeeded(g: Group, codes: readonly string[], batch: BatchResult<unknown>, epoch: number): void {
    const { status, registry } = this.deps;
    const now = this.deps.now();
    resetBackoff(g);
    g.lastSuccessAt = now;
    g.lastError = null;
    this.#record(g, batchOutcome(batch), epoch);
    const adapter = adapterFor(g.route);
    const changed = absorb(g, adapter, batch, now);
    status.save(() => adapter.save(this.deps.store, g.route, changed, now), changed.length);
    this.deps.onPolled?.(g, batch);
    const asked = new Set(codes);
    const paused = this.deps.paused();
    const pace = this.#paceOf(g, now);
    for (const sub of registry.visible(g)) {
      if (sub.deliver(adapter, g.latest, { offline: false })) status.lastUpdate = now;
      // A pane that joined while this poll was in flight, on codes it did not ask (nor
      // the stream serves): not answered — not live, still waiting (`#askMissed`).
      if (missed(g, sub, asked)) continue;
      sub.liveAt = now;
      sub.setPace(carriedByStream(g, sub) ? null : pace);
      const change = stateAfter(sub, batch, asked);
      // Held (a chunk's 429 or 401): the data is in, the hold's state stays on the pane.
      if (paused) sub.setState(sub.state ?? 'loading', sub.message, change.unknownCodes);
      else apply(sub, change);
    }
    status.tell();
  }

  /** A group polled slower than the settings ask (the plan's stretch): how often, and now. */
  #paceOf(g: Group, now: UnixMs): { everyMs: number; checkedAt: UnixMs } | null {
    const { clocks } = this.deps;
    const everyMs = clocks.effective(g.lane);
    return everyMs > clocks.wanted(g.lane) * 1.01 ? { everyMs, checkedAt: now } : null;
  }

  #failed(g: Group, codes: readonly string[], error: ApiError, epoch: number): void {
    const outcome = classify(error);
    if (outcome === null) return;
    const { status, registry, tuning } = this.deps;
    g.failures++;
    g.lastError = error;
    const interval = this.deps.clocks.effective(g.lane);
    const delay = backoffDelay(interval, g.failures, tuning.backoffCapMs, error.retryAfterMs);
    g.retryAt = this.deps.now() + delay;
    this.#record(g, outcome, epoch);
    if (!this.deps.paused()) {
      const asked = new Set(codes);
      for (const sub of registry.visible(g)) {
        const change = stateAfterError(sub, outcome, error, asked);
        if (change) apply(sub, change);
      }
    }
    status.tell();
  }

  /**
   * Records a poll's outcome on the group's channel. It stands until the group's next
   * poll is due and two intervals more; an unreachable one leaves the group as a probe.
   */
  #record(g: Group, outcome: Outcome, epoch: number): void {
    const now = this.deps.now();
    const interval = this.deps.clocks.effective(g.lane);
    const validMs = Math.max(0, g.retryAt - now) + 2 * interval;
    const options = { channel: channelOf(g.key), validMs, epoch };
    if (outcome.kind !== 'unreachable') return this.deps.health.record(outcome, options);
    const probe: Probe = {
      cost: Math.max(1, codeCount(g)),
      send: () => {
        if (!this.deps.registry.isCurrent(g) || !g.active || g.inFlight) return false;
        this.poll(g);
        return true;
      },
    };
    this.deps.health.record(outcome, { ...options, probe });
  }

  /** Marks subscriptions whose data is older than N stretched intervals (and the floor). */
  #markStale(lane: LaneId, now: UnixMs): void {
    const limit = staleAfterMs(this.deps.tuning, this.deps.clocks.effective(lane));
    const message = `No new data for over ${Math.round(limit / 1000)} s.`;
    for (const g of this.deps.registry.groups()) {
      // A closed market's last price is closed, not stale (market-rest.ts).
      if (g.lane !== lane || g.closedSince !== null) continue;
      for (const sub of this.deps.registry.visible(g)) {
        // The stream keeps it current between pushes (a quiet market pushes nothing).
        if (servedByStream(g, sub)) {
          sub.liveAt = now;
          continue;
        }
        // Refusals speak for themselves; `offline` left over from an outage does not.
        if (sub.state !== null && SETTLED.has(sub.state)) continue;
        if (now - Math.max(sub.liveAt ?? -Infinity, sub.since) <= limit) continue;
        // Old because the service keeps answering 429: say that, not just "stale".
        const state = g.lastError?.kind === 'rate-limited' ? 'rate-limited' : 'stale';
        sub.setState(state, g.lastError?.message ?? message);
      }
    }
  }
}

/** Whether a poll of `g` that asked `asked` left `sub` out: none of its codes asked or streamed. */
function missed(g: Group, sub: Subscription, asked: ReadonlySet<string>): boolean {
  if (g.route.kind === 'news' || sub.codes.length === 0) return false;
  return sub.codes.every((c) => !asked.has(c) && !g.streamed.has(c));
}

/** States a stale mark does not overwrite: the service's answer says more than the age. */
const SETTLED: ReadonlySet<SubscriptionState> = new Set([
  'error',
  'not-entitled',
  'unknown',
  'token-rejected',
]);

function apply(sub: Subscription, change: StateChange): void {
  sub.setState(change.state, change.message, change.unknownCodes ?? sub.unknownCodes);
}

function unexpected(error: unknown): ApiError {
  const message = errorMessage(error);
  return new ApiError({
    kind: 'schema',
    operation: 'feed',
    message: `Unexpected failure: ${message}`,
  });
}
