import { describe, expect, it } from 'vitest';
import type { Clock } from './clock';
import { abortReason } from './clock';
import { DeferredLimiter, RateLimiter, ShareLimiter, backgroundLimit } from './rate-limiter';
import { FakeClock } from './test-helpers';

/**
 * Who was granted when, as "name@ms": `ask(name, limiter)` acquires a slot of `limiter`
 * and notes the clock's time it was granted at, in `order`; `asks` awaits them all.
 */
function grantOrder(clock: { t: number }) {
  const order: string[] = [];
  const asks: Promise<void>[] = [];
  const ask = (name: string, limiter: { acquire(): Promise<void> }) =>
    asks.push(limiter.acquire().then(() => void order.push(`${name}@${clock.t}`)));
  return { order, asks, ask };
}

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
    // Callers that are still on their way to a sleep get there first.
    await new Promise((r) => setImmediate(r));
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
  /** Grant times of `n` callers asking at once on a manual clock run to `until`. */
  async function grants(limiter: RateLimiter, clock: ManualClock, n: number, until: number) {
    const granted: number[] = [];
    const asks = Array.from({ length: n }, () =>
      limiter.acquire().then(() => {
        granted.push(clock.t);
      }),
    );
    await clock.runUntil(until);
    await Promise.all(asks);
    return granted;
  }

  it('lets a burst up to the limit through at once, then waits for the oldest to leave the window', async () => {
    const clock = new ManualClock();
    const limiter = new RateLimiter({ requestsPerMinute: 5, clock });
    const granted = await grants(limiter, clock, 7, 200_000);
    // Five at once; the sixth when the first leaves the minute and its second of slack.
    expect(granted).toEqual([0, 0, 0, 0, 0, 61_000, 61_000]);
  });

  it('never grants more than the limit in any minute, whatever the callers do', async () => {
    const clock = new ManualClock();
    const limiter = new RateLimiter({ requestsPerMinute: 5, clock });
    const granted: number[] = [];
    const asks: Promise<void>[] = [];
    // Callers arriving every 7 s for ten minutes: twice the rate the limit allows.
    for (let at = 0; at < 600_000; at += 7_000) {
      await clock.runUntil(at);
      asks.push(limiter.acquire().then(() => void granted.push(clock.t)));
    }
    await clock.runUntil(2_000_000);
    await Promise.all(asks);
    expect(granted).toHaveLength(asks.length);
    // A fixed minute of the service anywhere (60 s, both ends counted) sees at most 5.
    expect(mostInWindow(granted, 60_000)).toBe(5);
    // In call order.
    expect([...granted].sort((a, b) => a - b)).toEqual(granted);
  });

  it('a limiter replacing another for the same service counts what that one sent this minute', async () => {
    const clock = new ManualClock();
    // The base plan's limiter sent 8 in the last 30 s; the plan is switched to free (5).
    const before = new RateLimiter({ requestsPerMinute: 120, clock });
    for (let i = 0; i < 8; i++) {
      await before.acquire();
      await clock.runUntil(clock.t + 3_000);
    }
    expect(before.grantTimes()).toEqual([0, 3_000, 6_000, 9_000, 12_000, 15_000, 18_000, 21_000]);
    const after = new RateLimiter({ requestsPerMinute: 5, clock, granted: before.grantTimes() });
    expect(after.used).toBe(8);
    // Nothing until only four of the eight are inside the window (the one sent at 9 s
    // leaves at 9 s + 61 s), then one as each older one leaves.
    const granted = await grants(after, clock, 2, 200_000);
    expect(granted).toEqual([70_000, 73_000]);
  });

  it('serves a higher priority first, in call order within one, whenever it arrives', async () => {
    const clock = new ManualClock();
    const limiter = new RateLimiter({ requestsPerMinute: 1, clock });
    const order: string[] = [];
    const ask = (name: string, priority?: number) =>
      limiter.acquire(undefined, priority).then(() => void order.push(`${name}@${clock.t}`));
    const asks = [ask('poll'), ask('news', -1), ask('news2', -1)];
    await clock.runUntil(10_000);
    // The chart's history, asked after the news waits: it goes before them.
    asks.push(ask('history'));
    await clock.runUntil(500_000);
    await Promise.all(asks);
    expect(order).toEqual(['poll@0', 'history@61000', 'news@122000', 'news2@183000']);
  });

  it('on a small plan the last slot of a minute waits a moment for the user: the chart’s history before the rest', async () => {
    const clock = new ManualClock();
    // The free plan: 5 a minute, 4 of them the feed's.
    const whole = new RateLimiter({ requestsPerMinute: 5, clock });
    const feed = new ShareLimiter(new RateLimiter({ requestsPerMinute: 4, clock }), whole);
    const deferred = new DeferredLimiter(whole);
    const { order, asks, ask } = grantOrder(clock);
    // Start-up: the panes' first polls and the news page at once; the chart a moment later.
    for (let i = 0; i < 4; i++) ask(`poll${i}`, feed);
    ask('news', deferred);
    await clock.runUntil(300);
    ask('history', whole);
    await clock.runUntil(200_000);
    await Promise.all(asks);
    // The deferred callers (the feed's and the news) share the free slots in call order
    // (the feed's reach the minute after their share: a step later), but not the last:
    // it waits for the history, and the fourth poll for the next minute.
    expect(order).toEqual([
      'news@0',
      'poll0@0',
      'poll1@0',
      'poll2@0',
      'history@300',
      'poll3@61000',
    ]);
  });

  it('a feed poll bringing an empty pane its first answer goes before the repeat polls waiting, in the same budget', async () => {
    const clock = new ManualClock();
    // The free plan: 5 a minute, 4 of them the feed's.
    const whole = new RateLimiter({ requestsPerMinute: 5, clock });
    const share = new RateLimiter({ requestsPerMinute: 4, clock });
    const repeat = new ShareLimiter(share, whole);
    const first = new ShareLimiter(share, whole, true);
    const { order, asks, ask } = grantOrder(clock);
    // Eight feeds already shown poll again: two minutes of the share.
    for (let i = 0; i < 8; i++) ask(`repeat${i}`, repeat);
    await clock.runUntil(5_000);
    // A pane opens on a new symbol: its first poll takes the share's next slot.
    ask('first', first);
    await clock.runUntil(400_000);
    await Promise.all(asks);
    expect(order).toEqual([
      'repeat0@0',
      'repeat1@0',
      'repeat2@0',
      'repeat3@0',
      'first@61000',
      'repeat4@61000',
      'repeat5@61000',
      'repeat6@61000',
      'repeat7@122000',
    ]);
  });

  it('tells how long a caller asking now would wait: none while slots are free, then until one frees', async () => {
    const clock = new ManualClock();
    const limiter = new RateLimiter({ requestsPerMinute: 2, clock });
    expect(limiter.delayFor()).toBe(0);
    await limiter.acquire();
    await clock.runUntil(5_000);
    await limiter.acquire();
    await clock.runUntil(10_000);
    // Both slots taken (at 0 and 5 s): the first frees at 61 s.
    expect(limiter.delayFor()).toBe(51_000);
    const waiting = limiter.acquire();
    // Behind that one: the next frees at 66 s; a deferred caller waits behind both.
    expect(limiter.delayFor()).toBe(56_000);
    expect(limiter.delayFor(-1)).toBe(56_000);
    limiter.holdOff(100_000);
    expect(limiter.delayFor()).toBe(100_000);
    await clock.runUntil(200_000);
    await waiting;
  });

  it('a deferred caller alone takes the last slot after waiting a while', async () => {
    const clock = new ManualClock();
    const whole = new RateLimiter({ requestsPerMinute: 2, clock });
    await whole.acquire();
    const news = new DeferredLimiter(whole).acquire().then(() => clock.t);
    await clock.runUntil(60_000);
    expect(await news).toBe(10_000);
  });

  it('a deferred caller that gives up leaves the queue, and the others move on', async () => {
    const clock = new ManualClock();
    const whole = new RateLimiter({ requestsPerMinute: 1, clock });
    const deferred = new DeferredLimiter(whole);
    await whole.acquire();
    const gone = new AbortController();
    const news = deferred.acquire(gone.signal);
    const history = whole.acquire();
    gone.abort();
    await expect(news).rejects.toThrow();
    await clock.runUntil(61_000);
    await history;
    expect(whole.used).toBe(1);
  });

  it('frees the slots of the window as time passes', async () => {
    const clock = new FakeClock();
    const limiter = new RateLimiter({ requestsPerMinute: 2, clock });
    await limiter.acquire();
    await limiter.acquire();
    expect(limiter.used).toBe(2);
    clock.t += 61_000;
    expect(limiter.used).toBe(0);
    await limiter.acquire();
    expect(clock.sleeps).toEqual([]);
  });

  it('cancels a wait on abort without taking a slot, and the queue moves on', async () => {
    const clock = new ManualClock();
    const limiter = new RateLimiter({ requestsPerMinute: 1, clock });
    await limiter.acquire();
    const b = new AbortController();
    const waitingB = limiter.acquire(b.signal);
    const granted: number[] = [];
    const c = limiter.acquire().then(() => void granted.push(clock.t));
    b.abort(new Error('pane closed'));
    await expect(waitingB).rejects.toThrow('pane closed');
    await clock.runUntil(200_000);
    await c;
    // C takes the slot B left: the one after A's minute.
    expect(granted).toEqual([61_000]);
    expect(limiter.used).toBe(0);
  });

  it('rejects at once when the signal is already aborted', async () => {
    const limiter = new RateLimiter({ requestsPerMinute: 60, clock: new FakeClock() });
    await expect(limiter.acquire(AbortSignal.abort(new Error('gone')))).rejects.toThrow('gone');
  });

  it('does not limit at Infinity and refuses a rate below one', async () => {
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

describe('the background share', () => {
  it('is a quarter of the minute, and all but one of a plan too small for that', () => {
    expect(backgroundLimit(5)).toBe(4);
    expect(backgroundLimit(120)).toBe(30);
    expect(backgroundLimit(600)).toBe(150);
    expect(backgroundLimit(1_200)).toBe(300);
    expect(backgroundLimit(1)).toBe(1);
    expect(backgroundLimit(Infinity)).toBe(Infinity);
  });

  it('holds background work to its share while the user still gets the rest of the minute', async () => {
    const clock = new ManualClock();
    const whole = new RateLimiter({ requestsPerMinute: 5, clock });
    const background = new ShareLimiter(
      new RateLimiter({ requestsPerMinute: backgroundLimit(5), clock }),
      whole,
    );
    const polls: number[] = [];
    const polling = Array.from({ length: 6 }, () =>
      background.acquire().then(() => void polls.push(clock.t)),
    );
    await clock.runUntil(1_000);
    // Four polls went at once; the fifth waits for the share, not for the whole.
    expect(polls).toEqual([0, 0, 0, 0]);
    let userAt: number | null = null;
    const user = whole.acquire().then(() => void (userAt = clock.t));
    await clock.runUntil(2_000);
    await user;
    expect(userAt).toBe(1_000);
    await clock.runUntil(200_000);
    await Promise.all(polling);
    expect(polls).toEqual([0, 0, 0, 0, 61_000, 61_000]);
  });
});
