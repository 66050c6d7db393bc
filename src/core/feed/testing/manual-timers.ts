/**
 * Timers and a clock that move only when told, for the hub's tests and benchmark.
 * `advance` fires due timers in time order and lets asynchronous work settle after
 * each one — by default a macrotask turn (enough for promise-only fakes); with real
 * HTTP pass `() => hub.idle()`.
 */
import type { Clock } from '../../api';
import type { FeedTimers, TimerHandle } from '../types';

interface Entry {
  at: number;
  seq: number;
  fn: () => void;
}

/** Lets pending promise callbacks run (one macrotask turn). */
export const flush = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

export class ManualTimers implements FeedTimers {
  #t: number;
  #seq = 0;
  readonly #queue = new Map<number, Entry>();

  constructor(start = Date.UTC(2026, 10, 18, 15, 0, 0)) {
    this.#t = start;
  }

  /** The current time (Unix ms); pass as the hub's `now`. */
  readonly now = (): number => this.#t;

  setTimeout(fn: () => void, ms: number): TimerHandle {
    const seq = ++this.#seq;
    this.#queue.set(seq, { at: this.#t + Math.max(0, ms), seq, fn });
    return seq;
  }

  clearTimeout(handle: TimerHandle): void {
    this.#queue.delete(handle as number);
  }

  /** Timers waiting to fire. */
  get pending(): number {
    return this.#queue.size;
  }

  /** Fires, in order, every timer due within `ms` from now, settling after each. */
  async advance(ms: number, settle: () => Promise<void> = flush): Promise<void> {
    const target = this.#t + ms;
    for (;;) {
      await settle();
      let next: Entry | undefined;
      for (const e of this.#queue.values()) {
        if (e.at <= target && (!next || e.at < next.at || (e.at === next.at && e.seq < next.seq))) {
          next = e;
        }
      }
      if (!next) break;
      this.#queue.delete(next.seq);
      this.#t = Math.max(this.#t, next.at);
      next.fn();
    }
    this.#t = target;
    await settle();
  }

  /** These timers as the API client's `Clock` (its rate limiter and retry waits). */
  clock(): Clock {
    return {
      now: this.now,
      sleep: (ms, signal) =>
        new Promise<void>((resolve, reject) => {
          if (signal?.aborted) return reject(signal.reason);
          const handle = this.setTimeout(resolve, ms);
          signal?.addEventListener(
            'abort',
            () => {
              this.clearTimeout(handle);
              reject(signal.reason);
            },
            { once: true },
          );
        }),
    };
  }
}
