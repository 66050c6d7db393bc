import { describe, expect, it } from 'vitest';
import { DEFAULT_RETRY, backoffDelay, parseRetryAfter } from './retry';

describe('backoffDelay', () => {
  it('doubles per attempt, half fixed and half jitter, up to the ceiling', () => {
    const p = { ...DEFAULT_RETRY, baseDelayMs: 100, maxDelayMs: 350 };
    expect(backoffDelay(p, 1, () => 0)).toBe(50);
    expect(backoffDelay(p, 1, () => 0.999999)).toBeCloseTo(100);
    expect(backoffDelay(p, 2, () => 0)).toBe(100);
    expect(backoffDelay(p, 5, () => 0)).toBe(175);
  });
});

describe('parseRetryAfter', () => {
  it('reads delta-seconds and HTTP dates', () => {
    expect(parseRetryAfter('2')).toBe(2000);
    expect(parseRetryAfter(' 0.5 ')).toBe(500);
    const now = Date.parse('Sun, 22 Nov 2026 03:00:00 GMT');
    expect(parseRetryAfter('Sun, 22 Nov 2026 03:00:07 GMT', now)).toBe(7000);
    expect(parseRetryAfter('Sun, 22 Nov 2026 02:00:00 GMT', now)).toBe(0);
  });

  it('gives null when absent or unreadable', () => {
    expect(parseRetryAfter(null)).toBeNull();
    expect(parseRetryAfter('soon')).toBeNull();
  });
});
