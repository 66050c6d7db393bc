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
  /** Waits for a slot; rejects with the abort reason if `signal` aborts first. */
  acquire(signal?: AbortSignal): Promise<void>;
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

export class RateLimiter implements SlotLimiter {
  readonly limit: number;
  readonly #windowMs: number;
  readonly #clock: Clock;
  /** Grant times, ascending, of the slots still inside the window. */
  readonly #granted: number[] = [];
  /** The caller before: each waits for it to be served (or to leave). */
  #tail: Promise<void> = Promise.resolve();
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

  async acquire(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) throw abortReason(signal);
    const before = this.#tail;
    let leave!: () => void;
    this.#tail = new Promise<void>((resolve) => (leave = resolve));
    try {
      await untilAborted(before, signal);
      // Time as the clock says, or as far as a completed sleep says it went at least.
      let now = this.#clock.now();
      if (now < this.#blockedUntil) {
        await this.#clock.sleep(this.#blockedUntil - now, signal);
        now = Math.max(this.#clock.now(), this.#blockedUntil);
      }
      if (this.limit === Infinity) return;
      for (;;) {
        this.#prune(now);
        if (this.#granted.length < this.limit) {
          this.#granted.push(now);
          return;
        }
        const free = this.#granted[0]! + this.#windowMs;
        await this.#clock.sleep(free - now, signal);
        now = Math.max(this.#clock.now(), free);
      }
    } finally {
      // Served or gone: the next caller's turn.
      leave();
    }
  }

  #prune(now: number): void {
    let drop = 0;
    while (drop < this.#granted.length && this.#granted[drop]! + this.#windowMs <= now) drop++;
    if (drop > 0) this.#granted.splice(0, drop);
  }
}

/** A limiter for background work inside a shared one: a slot of each, the share's first. */
export class ShareLimiter implements SlotLimiter {
  constructor(
    private readonly share: SlotLimiter,
    private readonly whole: SlotLimiter,
  ) {}

  async acquire(signal?: AbortSignal): Promise<void> {
    await this.share.acquire(signal);
    await this.whole.acquire(signal);
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

/** Resolves when `p` does, or rejects when `signal` aborts first. */
function untilAborted(p: Promise<void>, signal: AbortSignal | undefined): Promise<void> {
  if (!signal) return p;
  return new Promise<void>((resolve, reject) => {
    const onAbort = () => reject(abortReason(signal));
    signal.addEventListener('abort', onAbort, { once: true });
    void p.then(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    });
  });
}
