/**
 * Polling the hub's groups: one client call per group with the union of its codes,
 * its outcome taken in (records into the group, the store and each subscriber's
 * slice; failures into backoff, subscriber states and the connection watch), and the
 * stale marks of a lane on each tick. Answers for a previous client or a dropped group
 * are discarded.
 */
import type { UnixMs } from '../../shared/model';
import { ApiError, type BatchResult, type Result } from '../api';
import { isOfflineError } from '../cache';
import type { Clocks, Lane } from './clocks';
import type { ConnectionWatch } from './connection';
import { absorb, resetBackoff, stateAfter, stateAfterError, type Group } from './group';
import { candlePollLimit, staleAfterMs, type FeedTuning } from './intervals';
import { adapterFor } from './kinds';
import { backoffDelay } from './pacing';
import type { SubscriptionRegistry } from './registry';
import type { LaneId } from './routes';
import type { StatusBoard } from './status';
import type { FeedStore } from './store';
import type { FeedClient } from './types';

export interface GroupPollerDeps {
  registry: SubscriptionRegistry;
  clocks: Clocks;
  status: StatusBoard;
  connection: ConnectionWatch;
  store: FeedStore;
  now: () => UnixMs;
  tuning: FeedTuning;
  onError: (error: unknown) => void;
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

  /** A lane's clock ticked: mark what went stale, poll every group that is due. */
  tick(lane: Lane, now: UnixMs): void {
    this.#markStale(lane.id, now);
    for (const g of this.deps.registry.groups()) {
      if (g.lane === lane.id && g.active && !g.inFlight && now >= g.retryAt) this.poll(g);
    }
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
    const client = this.#client;
    const signal = this.#abort.signal;
    const codes = [...g.codes];
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
      if (result.ok) this.#succeeded(g, codes, result.value);
      else this.#failed(g, result.error);
    };
    const p = run().catch((error: unknown) => this.deps.onError(error));
    this.#inflight.add(p);
    void p.finally(() => this.#inflight.delete(p));
  }

  #succeeded(g: Group, codes: readonly string[], batch: BatchResult<unknown>): void {
    const { connection, status, registry } = this.deps;
    const now = this.deps.now();
    connection.answered();
    resetBackoff(g);
    g.lastSuccessAt = now;
    g.lastError = null;
    status.apiError = null;
    const adapter = adapterFor(g.route);
    const changed = absorb(g, adapter, batch, now);
    this.#save(() => adapter.save(this.deps.store, g.route, changed, now), changed.length);
    const asked = new Set(codes);
    for (const sub of registry.visible(g)) {
      if (sub.deliver(adapter, g.latest, false)) status.lastUpdate = now;
      sub.liveAt = now;
      const { state, message } = stateAfter(sub, batch, asked);
      sub.setState(state, message);
    }
    status.tell();
  }

  #failed(g: Group, error: ApiError): void {
    if (error.kind === 'aborted') return;
    const { connection, status, registry, tuning } = this.deps;
    g.failures++;
    g.lastError = error;
    const interval = this.deps.clocks.effective(g.lane);
    const delay = backoffDelay(interval, g.failures, tuning.backoffCapMs, error.retryAfterMs);
    g.retryAt = this.deps.now() + delay;
    if (isOfflineError(error)) {
      g.unreachable = true;
      connection.unreachable(registry.everyActiveUnreachable());
      status.tell();
      return;
    }
    g.unreachable = false;
    connection.answered();
    if (error.kind === 'auth') status.apiError = error.message;
    const state = stateAfterError(error);
    if (state) for (const sub of registry.visible(g)) sub.setState(state, error.message);
    status.tell();
  }

  #save(write: () => void, count: number): void {
    if (count === 0) return;
    try {
      write();
      this.deps.status.storeError = null;
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      this.deps.status.storeError = `The offline cache could not be written (${reason}); live data is unaffected.`;
    }
  }

  /** Marks subscriptions whose data is older than N stretched intervals (and the floor). */
  #markStale(lane: LaneId, now: UnixMs): void {
    const limit = staleAfterMs(this.deps.tuning, this.deps.clocks.effective(lane));
    const message = `No new data for over ${Math.round(limit / 1000)} s.`;
    for (const g of this.deps.registry.groups()) {
      if (g.lane !== lane) continue;
      for (const sub of this.deps.registry.visible(g)) {
        // Errors speak for themselves; `offline` left over from an outage does not.
        if (sub.state === 'error' || sub.state === 'not-entitled') continue;
        if (now - Math.max(sub.liveAt ?? -Infinity, sub.since) <= limit) continue;
        sub.setState('stale', g.lastError?.message ?? message);
      }
    }
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
