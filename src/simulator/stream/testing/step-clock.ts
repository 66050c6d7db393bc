/**
 * A clock and timers that move only when a test says, for the stream's tests: pass
 * `now` and the clock itself (as `timers`) to `startSimulator`. `runNext` jumps to the
 * next timer and fires it, so a test stands exactly at the instant of a push.
 */
import type { Timers } from '../../../shared/timers';

interface Pending {
  at: number;
  order: number;
  fn: () => void;
}

export class StepClock implements Timers {
  #t: number;
  #order = 0;
  readonly #pending = new Map<number, Pending>();

  /** Starts at Wednesday 2026-11-18 15:00 UTC: New York and London trade, Tokyo is closed. */
  constructor(start = Date.parse('2026-11-18T15:00:00Z')) {
    this.#t = start;
  }

  readonly now = (): number => this.#t;

  setTimeout(fn: () => void, ms: number): unknown {
    const order = ++this.#order;
    this.#pending.set(order, { at: this.#t + Math.max(0, ms), order, fn });
    return order;
  }

  clearTimeout(handle: unknown): void {
    this.#pending.delete(handle as number);
  }

  #earliest(limit: number): Pending | undefined {
    let first: Pending | undefined;
    for (const p of this.#pending.values()) {
      if (p.at > limit) continue;
      if (!first || p.at < first.at || (p.at === first.at && p.order < first.order)) first = p;
    }
    return first;
  }

  /** Jumps to the next timer and fires it; false when none is pending. */
  runNext(): boolean {
    const next = this.#earliest(Infinity);
    if (!next) return false;
    this.#pending.delete(next.order);
    this.#t = Math.max(this.#t, next.at);
    next.fn();
    return true;
  }

  /** Moves `ms` forward, firing every timer due on the way in time order. */
  advance(ms: number): void {
    const target = this.#t + ms;
    for (let next = this.#earliest(target); next; next = this.#earliest(target)) {
      this.#pending.delete(next.order);
      this.#t = Math.max(this.#t, next.at);
      next.fn();
    }
    this.#t = target;
  }
}
