import { describe, expect, it } from 'vitest';
import { MIN, bar } from '../test-candles';
import { alignTo, closeAt, percentFrom } from './compare-math';

// Closes 100, 110, 121, 99 at minutes 0, 1, 2, 3.
const candles = [bar(0, 100), bar(1, 110), bar(2, 121), bar(3, 99)];

describe('percentFrom', () => {
  it('measures from the first bar in view to the newest', () => {
    expect(percentFrom(candles, 0, null)).toBeCloseTo(-1);
    expect(percentFrom(candles, 1 * MIN, null)).toBeCloseTo(-10);
  });

  it('re-bases when the view moves: the base is the first bar at or after its start', () => {
    expect(percentFrom(candles, 0.5 * MIN, null)).toBeCloseTo(-10);
    expect(percentFrom(candles, 2 * MIN, null)).toBeCloseTo((99 / 121 - 1) * 100);
  });

  it('reads the bar under the crosshair, or the one before it where this series has none', () => {
    expect(percentFrom(candles, 0, 2 * MIN)).toBeCloseTo(21);
    expect(percentFrom(candles, 0, 2.5 * MIN)).toBeCloseTo(21);
  });

  it('has no number without bars, before the base, or from a zero close', () => {
    expect(percentFrom([], 0, null)).toBeNull();
    expect(percentFrom(candles, 5 * MIN, null)).toBeNull();
    expect(percentFrom(candles, 2 * MIN, 1 * MIN)).toBeNull();
    expect(percentFrom([bar(0, 0), bar(1, 5)], 0, null)).toBeNull();
  });
});

describe('another market on the chart’s bars', () => {
  // The chart trades every minute 0–5; the compared symbol only at 1 and 2 (its session).
  const chartBars = [0, 1, 2, 3, 4, 5].map((m) => bar(m, 1000 + m));
  const session = [bar(1, 50), bar(2, 55)];

  it('carries the last close forward at the chart’s own times, nothing before its first', () => {
    expect(alignTo(chartBars, session)).toEqual([
      { time: 60, value: 50 },
      { time: 120, value: 55 },
      { time: 180, value: 55 },
      { time: 240, value: 55 },
      { time: 300, value: 55 },
    ]);
    expect(closeAt(session, 4.5 * MIN)).toBe(55);
    expect(closeAt(session, 0.5 * MIN)).toBeNull();
  });

  it('measures a closed market from its last close before the view (0 %, not none)', () => {
    // The view starts at minute 4, after the compared session ended.
    expect(percentFrom(session, 4 * MIN, null)).toBeNull();
    expect(percentFrom(session, 4 * MIN, null, true)).toBe(0);
    // Between its bars: from the close before (50); before its first: from its first.
    expect(percentFrom(session, 1.5 * MIN, null, true)).toBeCloseTo(10);
    expect(percentFrom(session, 0, null, true)).toBeCloseTo(10);
  });
});
