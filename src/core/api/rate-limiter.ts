/**
 * The plan's request limit as the service counts it: at most `limit` requests in any
 * window of a minute. A token bucket (rate-limiter.ts) cannot promise that: its burst
 * plus its rate overshoot a minute window, and a service counting fixed minutes then
 * answers 429. This limiter keeps the grant times of the last window (plus a second,
 * for the clocks and the network not agreeing to the millisecond) and hands a slot out
 * only while fewer than `limit` lie in it, so bursts are free up to the limit and the
 * minute is never exceeded, whatever window the service counts.
 *
 * Slots are granted in call order; a waiter whose signal aborts leaves the queue and
 * takes no slot.
 */
import type { Clock } from './clock';
import { abortReason, systemClock } from './clock';
import { PLANS, PLAN_LIMITS, type PlanName } from '../../shared/model';

/** Default requests per minute by plan: the published plans' budgets (PLAN_LIMITS). */
export const DEFAULT_REQUESTS_PER_MINUTE = Object.fromEntries(
  PLANS.map((name) => [name, PLAN_LIMITS[name].requestsPerMinute]),
) as Record<PlanName, number>;

/** What a transport needs of a limiter. */
export interface SlotLimiter {
  /**
   * Waits for a slot; rejects with the abort reason if `signal` aborts first. Higher
   * `priority` is served first (default 0).
   */
  acquire(signal?: AbortSignal, priority?: number): Promise<void>;
  /** No slot before `ms` from now (the service's Retry-After). */
  holdOff(ms: number): void;
}

/** The minute the service counts, and the second of slack that keeps it safe. */
export const LIMIT_WINDOW_MS = 60_000;
export const LIMIT_SLACK_MS = 1_000;

export interface RateLimiterOptions {
  /** Requests in any window (a minute, by default); `Infinity` disables limiting. */
  requestsPerMinute: number;
  /** Default a minute and a second (LIMIT_WINDOW_MS + LIMIT_SLACK_MS). */
  windowMs?: number;
  clock?: Clock;
  /**
   * Grant times already spent against the service's minute (`grantTimes()` of the
   * limiter this one replaces for the same service and token): the service still counts
   * them, whatever the new limit.
   */
  granted?: readonly number[];
}

/** A caller waiting for a slot. */
interface Waiter {
  priority: number;
  seq: number;
  /** When it began to wait (the clock's time). */
  since: number;
  grant: () => void;
}

/**
 * How long a deferred caller (priority below 0) waits before it may take the window's
 * last free slot: at start-up every pane asks at once, and on a small plan (free: 5 a
 * minute) the last slot belongs to the chart's history a moment later, not to the
 * news page that happened to ask first.
 */
export const LAST_SLOT_WAIT_MS = 10_000;

export class RateLimiter implements SlotLimiter {
  readonly limit: number;
  readonly #windowMs: number;
  readonly #clock: Clock;
  /** Grant times, ascending, of the slots still inside the window. */
  readonly #granted: number[] = [];
  /** Callers waiting, the next one served first: higher priority, then arrival. */
  readonly #waiters: Waiter[] = [];
  #seq = 0;
  /** True while a loop is handing out slots (one at a time). */
  #serving = false;
  /** Wakes the serving loop's sleep when its last waiter leaves. */
  #wake: AbortController | null = null;
  #blockedUntil = -Infinity;

  constructor(options: RateLimiterOptions) {
    if (!(options.requestsPerMinute >= 1)) {
      throw new RangeError('requestsPerMinute must be at least 1');
    }
    this.limit = options.requestsPerMinute;
    this.#windowMs = options.windowMs ?? LIMIT_WINDOW_MS + LIMIT_SLACK_MS;
    this.#clock = options.clock ?? systemClock;
    this.#granted.push(...[...(options.granted ?? [])].sort((a, b) => a - b));
  }

  /** The grant times still inside the window, oldest first. */
  grantTimes(): number[] {
    this.#prune(this.#clock.now());
    return [...this.#granted];
  }

  /** Slots granted inside the window now. */
  get used(): number {
    this.#prune(this.#clock.now());
    return this.#granted.length;
  }

  holdOff(ms: number): void {
    this.#blockedUntil = Math.max(this.#blockedUntil, this.#clock.now() + ms);
  }

  /**
   * About how long a caller asking now at `priority` waits for its slot: behind the
   * callers of that priority or higher already waiting, as the window's slots free.
   * What a deadline for the user's request adds, so waiting for the plan's budget is
   * not taken for a service that does not answer.
   */
  delayFor(priority = 0): number {
    const now = this.#clock.now();
    const start = Math.max(now, this.#blockedUntil);
    if (this.limit === Infinity) return start - now;
    this.#prune(now);
    const ahead = this.#waiters.filter((w) => w.priority >= priority).length;
    // Slots free now serve the first callers; then one as each grant leaves the window
    // (a grant made meanwhile leaves a window after it: the oldest times recur).
    const free = this.limit - this.#granted.length;
    if (ahead < free) return start - now;
    const times = this.#granted.length > 0 ? this.#granted : [now];
    const i = ahead - free;
    const cycle = Math.floor(i / times.length);
    const at = times[i % times.length]! + this.#windowMs * (cycle + 1);
    return Math.max(start, at) - now;
  }

  /**
   * Waits for a slot. Callers are served one at a time, higher `priority` first (the
   * user's requests before what can wait), in call order within one priority.
   */
  acquire(signal?: AbortSignal, priority = 0): Promise<void> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    return new Promise<void>((resolve, reject) => {
      const onAbort = () => {
        const at = this.#waiters.indexOf(waiter);
        if (at < 0) return;
        this.#waiters.splice(at, 1);
        if (this.#waiters.length === 0) this.#wake?.abort();
        reject(abortReason(signal!));
      };
      const waiter: Waiter = {
        priority,
        seq: this.#seq++,
        since: this.#clock.now(),
        grant: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      // Before the first waiter of a lower priority (after every equal one).
      const at = this.#waiters.findIndex((w) => w.priority < priority);
      this.#waiters.splice(at < 0 ? this.#waiters.length : at, 0, waiter);
      // A new first in line: the serving loop looks again (it may be sleeping for a deferred one).
      if (at === 0) this.#wake?.abort();
      void this.#serve();
    });
  }

  /** Hands out slots while callers wait, sleeping until the next one frees. */
  async #serve(): Promise<void> {
    if (this.#serving) return;
    this.#serving = true;
    try {
      // Time as the clock says, or as far as a completed sleep says it went at least.
      let now = this.#clock.now();
      while (this.#waiters.length > 0) {
        now = Math.max(now, this.#clock.now());
        const until = this.#freeAt(now, this.#waiters[0]!);
        if (until <= now) {
          if (this.limit !== Infinity) this.#granted.push(now);
          this.#waiters.shift()!.grant();
          continue;
        }
        const wake = new AbortController();
        this.#wake = wake;
        try {
          await this.#clock.sleep(until - now, wake.signal);
          now = Math.max(this.#clock.now(), until);
        } catch {
          // Woken early: every waiter left, or a more urgent one came first.
        } finally {
          this.#wake = null;
        }
      }
    } finally {
      this.#serving = false;
    }
  }

  /** When the next slot can be granted to `head`, `now` or later. */
  #freeAt(now: number, head: Waiter): number {
    if (now < this.#blockedUntil) return this.#blockedUntil;
    if (this.limit === Infinity) return now;
    this.#prune(now);
    const used = this.#granted.length;
    if (used >= this.limit) return this.#granted[used - this.limit]! + this.#windowMs;
    // The last free slot: a deferred caller takes it only after waiting a while.
    if (head.priority < 0 && used === this.limit - 1 && this.limit > 1) {
      return Math.max(now, head.since + LAST_SLOT_WAIT_MS);
    }
    return now;
  }

  #prune(now: number): void {
    let drop = 0;
    while (drop < this.#granted.length && this.#granted[drop]! + this.#windowMs <= now) drop++;
    if (drop > 0) this.#granted.splice(0, drop);
  }
}

/**
 * The priority of work nobody is waiting on (the feed's polls) and of work a user waits
 * for less than for what they just asked (news pages): served after the rest.
 */
export const DEFERRED_PRIORITY = -1;

/**
 * The priority, in the background share and among the whole's deferred callers, of a
 * feed poll that brings a pane its first answer (the pane is empty: nothing cached,
 * nothing held): ahead of the repeat polls of feeds that already show data, still
 * behind what the user asked (a chart's history), and within the same slots — it
 * jumps the queue, never the budget.
 */
export const FIRST_ANSWER_PRIORITY = 1;
/** The whole's priority of a first answer: before the other deferred callers, after the rest. */
const FIRST_ANSWER_WHOLE_PRIORITY = DEFERRED_PRIORITY / 2;

/** A limiter for background work inside a shared one: a slot of each, the share's first. */
export class ShareLimiter implements SlotLimiter {
  /** `first`: its callers bring an empty pane its first answer (`FIRST_ANSWER_PRIORITY`). */
  constructor(
    private readonly share: SlotLimiter,
    private readonly whole: SlotLimiter,
    private readonly first = false,
  ) {}

  async acquire(signal?: AbortSignal): Promise<void> {
    await this.share.acquire(signal, this.first ? FIRST_ANSWER_PRIORITY : 0);
    await this.whole.acquire(signal, this.first ? FIRST_ANSWER_WHOLE_PRIORITY : DEFERRED_PRIORITY);
  }

  holdOff(ms: number): void {
    this.whole.holdOff(ms);
  }
}

/** A shared limiter whose callers wait behind everyone else's (`DEFERRED_PRIORITY`). */
export class DeferredLimiter implements SlotLimiter {
  constructor(private readonly whole: SlotLimiter) {}

  acquire(signal?: AbortSignal): Promise<void> {
    return this.whole.acquire(signal, DEFERRED_PRIORITY);
  }

  holdOff(ms: number): void {
    this.whole.holdOff(ms);
  }
}

/**
 * What the app's own background work (the feed's polls) may spend of a plan's
 * `requestsPerMinute`: a quarter, so three quarters stay free for what the user asks
 * next (a chart's history, a company card, news paging, the command line on the same
 * token); on a plan too small for a quarter to refresh anything (free: 5 a minute),
 * all but one.
 */
export function backgroundLimit(requestsPerMinute: number): number {
  if (!Number.isFinite(requestsPerMinute)) return requestsPerMinute;
  return requestsPerMinute <= 8
    ? Math.max(1, requestsPerMinute - 1)
    : Math.floor(requestsPerMinute / 4);
}
