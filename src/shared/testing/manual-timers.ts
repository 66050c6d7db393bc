/**
 * Timers and a clock that move only when a test says: the one manual clock for every
 * layer's tests and benchmarks (the feed hub, the health service, the stream client,
 * the simulator's stream pump; one instance can drive both ends of a stream). Pass
 * `now` and the instance itself (as `timers`).
 *
 * - `step(ms)` moves forward at once, firing every due timer in time order;
 * - `runNext()` jumps to the next timer and fires it, so a test stands exactly at the
 *   instant of a push;
 * - `advance(ms)` does what `step` does but lets asynchronous work settle after each
 *   firing — by default one macrotask turn (enough for promise-only fakes); with real
 *   HTTP pass `() => hub.idle()`.
 */
import type { TimerHandle, Timers } from '../timers';

interface Entry {
  at: number;
  seq: number;
  fn: () => void;
}

type Later = (fn: () => void) => void;
// Node's setImmediate is one macrotask turn without the 1 ms a zero timeout costs there.
const nextTurn: Later =
  (globalThis as { setImmediate?: Later }).setImmediate ?? ((fn) => void setTimeout(fn, 0));

/** Lets pending promise callbacks run (one macrotask turn). */
export const flush = (): Promise<void> => new Promise((resolve) => nextTurn(resolve));

/** What `clock()` answers: the API client's `Clock` (its rate limiter and retry waits). */
export interface ManualClock {
  now(): number;
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

export class ManualTimers implements Timers {
  #t: number;
  #seq = 0;
  readonly #queue = new Map<number, Entry>();

  /** Starts at Wednesday 2026-11-18 15:00 UTC: New York and London trade, Tokyo is closed. */
  constructor(start = Date.UTC(2026, 10, 18, 15, 0, 0)) {
    this.#t = start;
  }

  /** The current time (Unix ms); pass as `now`. */
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

  /** Fires the earliest timer due by `limit`, moving the clock to it; false when none is. */
  #fireNext(limit: number): boolean {
    let next: Entry | undefined;
    for (const e of this.#queue.values()) {
      if (e.at > limit) continue;
      if (!next || e.at < next.at || (e.at === next.at && e.seq < next.seq)) next = e;
    }
    if (!next) return false;
    this.#queue.delete(next.seq);
    this.#t = Math.max(this.#t, next.at);
    next.fn();
    return true;
  }

  /** Jumps to the next timer and fires it; false when none is pending. */
  runNext(): boolean {
    return this.#fireNext(Infinity);
  }

  /** Moves `ms` forward at once, firing every timer due on the way in time order. */
  step(ms: number): void {
    const target = this.#t + ms;
    while (this.#fireNext(target));
    this.#t = target;
  }

  /** Fires, in order, every timer due within `ms` from now, settling after each. */
  async advance(ms: number, settle: () => Promise<void> = flush): Promise<void> {
    const target = this.#t + ms;
    do await settle();
    while (this.#fireNext(target));
    this.#t = target;
    await settle();
  }

  /** These timers as the API client's `Clock` (its rate limiter and retry waits). */
  clock(): ManualClock {
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
