import { describe, expect, it } from 'vitest';
import { MIN, bar } from '../test-candles';
import { percentFrom } from './compare-math';

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
