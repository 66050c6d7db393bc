import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DebouncedSaver } from './debounced-saver';

/** A saver with a 500 ms delay and the values it saved. */
function recordingSaver() {
  const saved: number[] = [];
  const saver = new DebouncedSaver<number>(
    async (v) => void saved.push(v),
    500,
    () => {},
  );
  return { saver, saved };
}

describe('DebouncedSaver', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('saves only the last value of a burst, after the delay', async () => {
    const { saver, saved } = recordingSaver();
    saver.schedule(1);
    await vi.advanceTimersByTimeAsync(300);
    saver.schedule(2);
    saver.schedule(3);
    await vi.advanceTimersByTimeAsync(499);
    expect(saved).toEqual([]);
    expect(saver.dirty).toBe(true);
    await vi.advanceTimersByTimeAsync(1);
    expect(saved).toEqual([3]);
    expect(saver.dirty).toBe(false);
  });

  it('flushes at once and does not save twice', async () => {
    const { saver, saved } = recordingSaver();
    saver.schedule(7);
    await saver.flush();
    await vi.advanceTimersByTimeAsync(1000);
    expect(saved).toEqual([7]);
  });

  it('writes a change made during a save after it, never overlapping', async () => {
    let release: () => void = () => {};
    const calls: number[] = [];
    let inFlight = 0;
    let maxInFlight = 0;
    const saver = new DebouncedSaver<number>(
      (v) => {
        calls.push(v);
        inFlight++;
        maxInFlight = Math.max(maxInFlight, inFlight);
        return new Promise<void>((resolve) => {
          release = () => {
            inFlight--;
            resolve();
          };
        });
      },
      100,
      () => {},
    );
    saver.schedule(1);
    await vi.advanceTimersByTimeAsync(100);
    saver.schedule(2);
    await vi.advanceTimersByTimeAsync(100);
    expect(calls).toEqual([1]);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(calls).toEqual([1, 2]);
    release();
    await vi.advanceTimersByTimeAsync(0);
    expect(maxInFlight).toBe(1);
  });

  it('reports a failed save and keeps going', async () => {
    const errors: unknown[] = [];
    const saved: number[] = [];
    const saver = new DebouncedSaver<number>(
      async (v) => {
        if (v === 1) throw new Error('disk full');
        saved.push(v);
      },
      10,
      (e) => errors.push(e),
    );
    saver.schedule(1);
    await vi.advanceTimersByTimeAsync(10);
    saver.schedule(2);
    await vi.advanceTimersByTimeAsync(10);
    expect(errors).toHaveLength(1);
    expect(saved).toEqual([2]);
  });
});
