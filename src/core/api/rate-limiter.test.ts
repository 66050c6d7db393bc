import { describe, expect, it } from 'vitest';
import type { Clock } from './clock';
import { abortReason } from './clock';
import { RateLimiter } from './rate-limiter';
import { FakeClock } from './test-helpers';

/** A clock whose sleepers wake only when the test moves time past them, in time order. */
class ManualClock implements Clock {
  t = 0;
  private sleepers: { at: number; wake: () => void }[] = [];

  now(): number {
    return this.t;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    if (signal?.aborted) return Promise.reject(abortReason(signal));
    return new Promise((resolve, reject) => {
      const sleeper = { at: this.t + ms, wake: resolve };
      this.sleepers.push(sleeper);
      signal?.addEventListener(
        'abort',
        () => {
          this.sleepers = this.sleepers.filter((s) => s !== sleeper);
          reject(abortReason(signal));
        },
        { once: true },
      );
    });
  }

  /** Moves time to `until`, waking each sleeper at its own time. */
  async runUntil(until: number): Promise<void> {
    for (;;) {
      const next = this.sleepers.filter((s) => s.at <= until).sort((a, b) => a.at - b.at)[0];
      if (!next) break;
      this.sleepers = this.sleepers.filter((s) => s !== next);
      this.t = next.at;
      next.wake();
      await new Promise((r) => setImmediate(r));
    }
    this.t = until;
  }
}

/** The most of `times` inside any closed window [t, t + width]. */
function mostInWindow(times: number[], width: number): number {
  return Math.max(0, ...times.map((t) => times.filter((u) => u >= t && u <= t + width).length));
}

describe('RateLimiter', () => {
  it('spaces requests at the rate once the burst is spent', async () => {
    const clock = new FakeClock();
    const limiter = new RateLimiter({ requestsPerMinute: 60, burst: 2, clock });
    for (let i = 0; i < 4; i++) await limiter.acquire();
    // Two free (burst), then one per second.
    expect(clock.sleeps).toEqual([1000, 1000]);
  });

  it('hands out slots in call order to concurrent callers', async () => {
    const clock = new FakeClock();
    clock.advance = false;
    const limiter = new RateLimiter({ requestsPerMinute: 120, burst: 1, clock });
    await Promise.all([limiter.acquire(), limiter.acquire(), limiter.acquire()]);
    expect(clock.sleeps).toEqual([500, 1000]);
  });

  it('refills while idle', async () => {
    const clock = new FakeClock();
    const limiter = new RateLimiter({ requestsPerMinute: 60, burst: 1, clock });
    await limiter.acquire();
    clock.t += 5000;
    await limiter.acquire();
    expect(clock.sleeps).toEqual([]);
  });

  it('cancels a wait on abort and gives the slot back', async () => {
    const clock = new FakeClock();
    const limiter = new RateLimiter({ requestsPerMinute: 60, burst: 1, clock });
    await limiter.acquire();
    clock.hold = true;
    const ac = new AbortController();
    const waiting = limiter.acquire(ac.signal);
    ac.abort(new Error('stop'));
    await expect(waiting).rejects.toThrow('stop');
    expect(limiter.pendingDelay).toBe(1000);
    clock.hold = false;
    await limiter.acquire();
    // The aborted caller's slot went back: the next waits one interval, not two.
    expect(clock.sleeps).toEqual([1000, 1000]);
  });

  it('never lets a cancelled wait hand out a slot booked by a later caller', async () => {
    const clock = new ManualClock();
    const limiter = new RateLimiter({ requestsPerMinute: 60, burst: 1, clock });
    const granted: number[] = [];
    const ask = (signal?: AbortSignal) =>
      limiter.acquire(signal).then(() => {
        granted.push(clock.t);
      });
    await ask(); // A: at once
    const b = new AbortController();
    const askedB = ask(b.signal); // B: booked for 1 s
    const askedC = ask(); // C: booked for 2 s, after B
    b.abort(new Error('pane closed'));
    await expect(askedB).rejects.toThrow('pane closed');
    const later = [ask(), ask()]; // D, E
    await clock.runUntil(10_000);
    await Promise.all([askedC, ...later]);
    expect(granted).toHaveLength(4);
    // Burst 1, one per second: never more than 1 + floor(width / 1 s) in a window.
    for (const width of [0, 500, 999, 1000, 1999, 2000, 5000]) {
      expect(mostInWindow(granted, width)).toBeLessThanOrEqual(1 + Math.floor(width / 1000));
    }
  });

  it('gives back every slot cancelled from the end of the queue', async () => {
    const clock = new ManualClock();
    const limiter = new RateLimiter({ requestsPerMinute: 60, burst: 1, clock });
    await limiter.acquire();
    const b = new AbortController();
    const c = new AbortController();
    const waits = [limiter.acquire(b.signal), limiter.acquire(c.signal)];
    expect(limiter.pendingDelay).toBe(3000);
    c.abort(new Error('c'));
    b.abort(new Error('b'));
    await Promise.allSettled(waits);
    // Both were the last booking when cancelled: the queue is back to A alone.
    expect(limiter.pendingDelay).toBe(1000);
  });

  it('rejects at once when the signal is already aborted', async () => {
    const limiter = new RateLimiter({ requestsPerMinute: 60, clock: new FakeClock() });
    await expect(limiter.acquire(AbortSignal.abort(new Error('gone')))).rejects.toThrow('gone');
  });

  it('does not limit at Infinity and refuses a non-positive rate', async () => {
    const clock = new FakeClock();
    const limiter = new RateLimiter({ requestsPerMinute: Infinity, clock });
    for (let i = 0; i < 100; i++) await limiter.acquire();
    expect(clock.sleeps).toEqual([]);
    expect(() => new RateLimiter({ requestsPerMinute: 0 })).toThrow(RangeError);
  });

  it('holds every caller after holdOff, even when unlimited', async () => {
    const clock = new FakeClock();
    const limiter = new RateLimiter({ requestsPerMinute: Infinity, clock });
    clock.t = 100;
    limiter.holdOff(2000);
    clock.t = 600;
    await limiter.acquire();
    await limiter.acquire();
    expect(clock.sleeps).toEqual([1500]);
  });
});
