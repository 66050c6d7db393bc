import { describe, expect, it } from 'vitest';
import { testClock } from './test-clock';

describe('testClock', () => {
  it('runs from the instant set, at the real pace, and refuses what is not a time', () => {
    let real = 1_000_000;
    const now = testClock({ MARKETDESK_TEST_CLOCK: '2026-11-26T15:00:00Z' }, () => real)!;
    expect(now()).toBe(Date.UTC(2026, 10, 26, 15));
    real += 5_000;
    expect(now()).toBe(Date.UTC(2026, 10, 26, 15) + 5_000);
    expect(testClock({})).toBeNull();
    expect(() => testClock({ MARKETDESK_TEST_CLOCK: 'Thanksgiving' })).toThrow(
      /must be an ISO time/,
    );
  });
});
