import { describe, expect, it } from 'vitest';
import { TimeMap } from './time-map';

const MIN = 60_000;
const DAY = 86_400_000;
const T0 = Date.UTC(2026, 2, 2); // a Monday

/** Daily bars Monday to Friday, then the next Monday (a weekend gap). */
const daily = [0, 1, 2, 3, 4, 7].map((d) => ({ time: T0 + d * DAY }));

describe('TimeMap', () => {
  const map = new TimeMap(() => daily, DAY);

  it('puts a bar time on its bar, and back', () => {
    daily.forEach((bar, i) => {
      expect(map.toLogical(bar.time)).toBe(i);
      expect(map.toTime(i)).toBe(bar.time);
    });
  });

  it('puts an intraday time (drawn on 1m) inside its day on a daily chart', () => {
    const at = T0 + 2 * DAY + 18 * 3_600_000; // Wednesday 18:00
    expect(map.toLogical(at)).toBeCloseTo(2.75, 10);
    expect(map.toTime(2.75)).toBe(at);
  });

  it('spreads a gap between its two bars (Saturday is between Friday and Monday)', () => {
    expect(map.toLogical(T0 + 5 * DAY)).toBeCloseTo(4 + 1 / 3, 10);
  });

  it('extrapolates one interval per bar before the first and after the last bar', () => {
    expect(map.toLogical(T0 - 3 * DAY)).toBe(-3);
    expect(map.toLogical(T0 + 9 * DAY)).toBe(7);
    expect(map.toTime(-3)).toBe(T0 - 3 * DAY);
    expect(map.toTime(7.5)).toBe(T0 + 9.5 * DAY);
  });

  it('round-trips any time through a logical position to the millisecond', () => {
    for (const t of [T0 + 123_456, T0 + 3 * DAY + 7, T0 + 6 * DAY + 1, T0 + 30 * DAY]) {
      expect(map.toTime(map.toLogical(t)!)).toBe(t);
    }
  });

  it('sees bars appended in place (the forming candle) without being rebuilt', () => {
    const bars = [{ time: T0 }, { time: T0 + MIN }];
    const live = new TimeMap(() => bars, MIN);
    expect(live.toLogical(T0 + 2 * MIN)).toBe(2);
    bars.push({ time: T0 + 3 * MIN }); // a bar missing: the 2-minute mark is now between
    expect(live.toLogical(T0 + 2 * MIN)).toBe(1.5);
  });

  it('answers null with no bars', () => {
    const empty = new TimeMap(() => [], MIN);
    expect(empty.toLogical(T0)).toBeNull();
    expect(empty.toTime(3)).toBeNull();
  });
});
