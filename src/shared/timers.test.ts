import { describe, expect, it } from 'vitest';
import { ManualTimers } from './testing/manual-timers';
import { repeat, timeout } from './timers';

/** A manual clock and a counter of runs, and the times the counter read after each step. */
function counted() {
  const timers = new ManualTimers();
  let runs = 0;
  return {
    timers,
    run: () => void runs++,
    /** Steps by each of `steps` in turn, answering the run count after each. */
    after: (...steps: number[]) => steps.map((ms) => (timers.step(ms), runs)),
  };
}

describe('timeout', () => {
  it('runs once when due', () => {
    const { timers, run, after } = counted();
    timeout(timers, run, 100);
    expect(after(99, 1, 1_000)).toEqual([0, 1, 1]);
  });

  it('disposed first, never runs and leaves no timer behind', () => {
    const { timers, run, after } = counted();
    timeout(timers, run, 100).dispose();
    expect(timers.pending).toBe(0);
    expect(after(1_000)).toEqual([0]);
  });
});

describe('repeat', () => {
  it('runs every period until disposed', () => {
    const { timers, run, after } = counted();
    const ticking = repeat(timers, run, 2_000);
    expect(after(1_999, 1, 6_000)).toEqual([0, 1, 4]);
    ticking.dispose();
    expect(timers.pending).toBe(0);
    expect(after(10_000)).toEqual([4]);
  });

  it('disposed from inside a run, stops', () => {
    const timers = new ManualTimers();
    let runs = 0;
    const ticking = repeat(timers, () => void (++runs === 2 && ticking.dispose()), 10);
    timers.step(100);
    expect(runs).toBe(2);
    expect(timers.pending).toBe(0);
  });
});
