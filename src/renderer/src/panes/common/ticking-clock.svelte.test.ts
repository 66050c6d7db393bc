import { flushSync } from 'svelte';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { tickingClock } from './ticking-clock.svelte';

afterEach(() => vi.useRealTimers());

describe('tickingClock', () => {
  it('tells the clock it reads (a replay’s), read again as time passes, not the wall clock', () => {
    vi.useFakeTimers();
    // A replay's clock: Friday 15:00 ET, moving 100 s each wall second.
    let replay = Date.parse('2026-11-27T20:00:00Z');
    let clock: { readonly now: number } | null = null;
    const stop = $effect.root(() => {
      clock = tickingClock(() => replay);
    });
    flushSync();
    expect(clock!.now).toBe(Date.parse('2026-11-27T20:00:00Z'));
    replay += 100_000;
    vi.advanceTimersByTime(1_000);
    expect(clock!.now).toBe(Date.parse('2026-11-27T20:01:40Z'));
    stop();
    // Stopped with its owner: no more reads.
    replay += 100_000;
    vi.advanceTimersByTime(5_000);
    expect(clock!.now).toBe(Date.parse('2026-11-27T20:01:40Z'));
  });
});
