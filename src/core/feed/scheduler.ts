/**
 * When the hub's requests go out: the lane clocks, the request budget that stretches
 * them, the health hold that stops them (offline, token refused, rate limited), and the
 * one-shot timers (first paints, kicks). `reconcile` brings all of it in line with the
 * registry after any change of subscriptions, visibility, intervals, plan or health.
 */
import type { Plan, UnixMs } from '../../shared/model';
import { DEFAULT_REQUESTS_PER_MINUTE } from '../api';
import { groupsBudget } from './budget';
import { Clocks, type Lane } from './clocks';
import type { Group } from './group';
import type { FeedTuning } from './intervals';
import type { SubscriptionRegistry } from './registry';
import { StatusBoard } from './status';
import type { FeedIntervals, FeedTimers, TimerHandle } from './types';

export interface SchedulerOptions {
  registry: SubscriptionRegistry;
  timers: FeedTimers;
  now: () => UnixMs;
  tuning: FeedTuning;
  intervals: FeedIntervals;
  plan: Plan;
  /** Null: the plan's default. */
  requestsPerMinute: number | null;
  /**
   * True while the health service holds requests back (offline: the health service's
   * probes ask instead; token refused; rate limited): no clock runs.
   */
  paused: () => boolean;
  onError: (error: unknown) => void;
}

/** What the scheduler asks of the hub: polling. */
export interface SchedulerHooks {
  /** A lane's clock ticked. */
  tick(lane: Lane, now: UnixMs): void;
  /** Poll one group now. */
  poll(group: Group): void;
}

export class Scheduler {
  readonly clocks: Clocks;
  readonly status: StatusBoard;
  #plan: Plan;
  #requestsPerMinute: number | null;
  readonly #oneShots = new Set<TimerHandle>();
  #disposed = false;

  constructor(
    private readonly options: SchedulerOptions,
    private readonly hooks: SchedulerHooks,
  ) {
    const { timers, now, tuning } = options;
    this.#plan = options.plan;
    this.#requestsPerMinute = options.requestsPerMinute;
    this.clocks = new Clocks(
      timers,
      now,
      (lane, at) => {
        if (!this.#disposed) hooks.tick(lane, at);
      },
      options.intervals,
    );
    this.status = new StatusBoard(this.#budget(), now, tuning.statusMinGapMs, options.onError);
  }

  /** The plan in force (its stream connections bound the hub's stream clients). */
  get plan(): Plan {
    return this.#plan;
  }

  /** The client's requests a minute: the setting's, or the plan's. */
  get requestsPerMinute(): number {
    return this.#requestsPerMinute ?? DEFAULT_REQUESTS_PER_MINUTE[this.#plan.name];
  }

  /** The plan and request budget of a new client; applied by the next `reconcile`. */
  setPlan(plan: Plan, requestsPerMinute: number | null): void {
    this.#plan = plan;
    this.#requestsPerMinute = requestsPerMinute;
  }

  /** Brings groups, clocks and budget in line with the subscriptions and the health hold. */
  reconcile(): void {
    if (this.#disposed) return;
    const { clocks, status } = this;
    const { known, active } = this.options.registry.lanes();
    status.budget = this.#budget();
    clocks.stretch = status.budget.stretch;
    const paused = this.options.paused();
    for (const id of clocks.ids()) if (!known.has(id)) clocks.remove(id);
    for (const id of known) {
      if (active.has(id) && !paused) clocks.run(id);
      else clocks.stop(id);
    }
    status.tell();
  }

  /** A group gained codes while its clock is far from the next tick: ask for them now. */
  kick(group: Group): void {
    const { now, tuning, registry } = this.options;
    const nextAt = this.clocks.get(group.lane)?.nextAt ?? null;
    if (nextAt === null || nextAt - now() <= tuning.kickAfterMs) return;
    // Deferred a turn, so subscriptions made together (a workspace opening) share it.
    this.later(() => {
      if (!registry.isCurrent(group) || !group.active || group.inFlight) return;
      if (!this.options.paused() && now() >= group.retryAt) this.hooks.poll(group);
    });
  }

  /** Runs `fn` on the next turn of the event loop (after the caller's reply), or `ms` later. */
  later(fn: () => void, ms = 0): void {
    const { timers } = this.options;
    const handle = timers.setTimeout(() => {
      this.#oneShots.delete(handle);
      if (!this.#disposed) fn();
    }, ms);
    this.#oneShots.add(handle);
  }

  /** Stops every clock and the one-shots, and forgets the status listeners. */
  dispose(): void {
    this.#disposed = true;
    this.clocks.stopAll();
    for (const t of this.#oneShots) this.options.timers.clearTimeout(t);
    this.#oneShots.clear();
    this.status.clear();
  }

  #budget() {
    return groupsBudget(
      this.options.registry.groups(),
      this.#plan,
      this.#requestsPerMinute,
      (id) => this.clocks.wanted(id),
      this.options.tuning.budgetShare,
    );
  }
}
