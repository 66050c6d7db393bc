import { describe, expect, it } from 'vitest';
import { ManualTimers } from './testing/manual-timers';
import { repeat, timeout } from './timers';

describe('timeout', () => {
  it('runs once when due', () => {
    const timers = new ManualTimers();
    let runs = 0;
    timeout(timers, () => runs++, 100);
    timers.step(99);
    expect(runs).toBe(0);
    timers.step(1);
    expect(runs).toBe(1);
    timers.step(1_000);
    expect(runs).toBe(1);
  });

  it('disposed first, never runs and leaves no timer behind', () => {
    const timers = new ManualTimers();
    let runs = 0;
    timeout(timers, () => runs++, 100).dispose();
    expect(timers.pending).toBe(0);
    timers.step(1_000);
    expect(runs).toBe(0);
  });
});

describe('repeat', () => {
  it('runs every period until disposed', () => {
    const timers = new ManualTimers();
    let runs = 0;
    const ticking = repeat(timers, () => runs++, 2_000);
    timers.step(1_999);
    expect(runs).toBe(0);
    timers.step(1);
    expect(runs).toBe(1);
    timers.step(6_000);
    expect(runs).toBe(4);
    ticking.dispose();
    expect(timers.pending).toBe(0);
    timers.step(10_000);
    expect(runs).toBe(4);
  });

  it('disposed from inside a run, stops', () => {
    const timers = new ManualTimers();
    let runs = 0;
    const ticking = repeat(
      timers,
      () => {
        if (++runs === 2) ticking.dispose();
      },
      10,
    );
    timers.step(100);
    expect(runs).toBe(2);
    expect(timers.pending).toBe(0);
  });
});
