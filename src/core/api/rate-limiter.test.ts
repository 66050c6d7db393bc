import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limiter';
import { FakeClock } from './test-helpers';

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
