/**
 * A request-rate limiter shared by every caller of one client: a token bucket kept
 * as a "theoretical arrival time" (GCRA). Callers wait for their slot rather than
 * fail; slots are handed out in call order; a waiting caller's AbortSignal cancels
 * its wait and gives its slot back when it was the last one booked.
 */
import type { Clock } from './clock';
import { systemClock } from './clock';
import { PLANS, PLAN_LIMITS, type PlanName } from '../../shared/model';

/** Default requests per minute by plan: the published plans' budgets (PLAN_LIMITS). */
export const DEFAULT_REQUESTS_PER_MINUTE = Object.fromEntries(
  PLANS.map((name) => [name, PLAN_LIMITS[name].requestsPerMinute]),
) as Record<PlanName, number>;

export interface RateLimiterOptions {
  /** Sustained rate. `Infinity` disables limiting. */
  requestsPerMinute: number;
  /** Requests allowed back to back before spacing applies; default min(rate, 10). */
  burst?: number;
  clock?: Clock;
}

export class RateLimiter {
  private readonly interval: number;
  private readonly tolerance: number;
  private readonly clock: Clock;
  /** When the bucket would be empty again if no one else came: the next slot's base. */
  private tat = -Infinity;
  /** No slot before this time: the service said so with a 429 Retry-After. */
  private blockedUntil = -Infinity;

  constructor(options: RateLimiterOptions) {
    const rate = options.requestsPerMinute;
    if (!(rate > 0)) throw new RangeError('requestsPerMinute must be positive');
    this.interval = Number.isFinite(rate) ? 60_000 / rate : 0;
    const burst = Math.max(1, Math.floor(options.burst ?? Math.min(rate, 10)));
    this.tolerance = (burst - 1) * this.interval;
    this.clock = options.clock ?? systemClock;
  }

  /** Milliseconds the next caller would wait now (0 when a slot is free). */
  get pendingDelay(): number {
    const now = this.clock.now();
    return Math.max(0, Math.max(this.tat, now) - this.tolerance - now);
  }

  /**
   * Holds every caller of this limiter for `ms` from now: after a 429 with Retry-After,
   * the other callers' requests would be refused too.
   */
  holdOff(ms: number): void {
    this.blockedUntil = Math.max(this.blockedUntil, this.clock.now() + ms);
  }

  /** Waits for a slot. Rejects with the abort reason if `signal` aborts first. */
  async acquire(signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) throw signal.reason;
    let now = this.clock.now();
    if (now < this.blockedUntil) {
      await this.clock.sleep(this.blockedUntil - now, signal);
      now = this.clock.now();
    }
    if (this.interval === 0) return;
    const start = Math.max(this.tat, now);
    const wait = start - this.tolerance - now;
    this.tat = start + this.interval;
    if (wait <= 0) return;
    try {
      await this.clock.sleep(wait, signal);
    } catch (e) {
      // Give the slot back so an abandoned wait does not slow later callers, but only
      // when no one booked after it: their slots are counted from this one, and moving
      // `tat` back under them would hand the next caller a slot already taken. A slot
      // freed in the middle of the queue is simply lost (safe: never over budget).
      if (this.tat === start + this.interval) this.tat = start;
      throw e;
    }
  }
}
