import { describe, expect, it } from 'vitest';
import type { Candle } from '../../../../shared/model';
import { applyLive, indexOfTime, prependOlder, trimBars } from './candle-series';
import { flat as c } from './test-candles';

const times = (candles: Candle[]) => candles.map((x) => x.time);

describe('indexOfTime', () => {
  it('finds a bar by time', () => {
    const candles = [c(10), c(20), c(30)];
    expect(indexOfTime(candles, 20)).toBe(1);
    expect(indexOfTime(candles, 25)).toBe(-1);
  });
});

describe('prependOlder', () => {
  it('puts strictly older bars in front and counts them', () => {
    const { merged, prepended } = prependOlder([c(30), c(40)], [c(10), c(20), c(30)]);
    expect(times(merged)).toEqual([10, 20, 30, 40]);
    expect(prepended).toBe(2);
  });
  it('prepends nothing when the page holds nothing older', () => {
    expect(prependOlder([c(30)], [c(30), c(40)]).prepended).toBe(0);
  });
});

describe('applyLive', () => {
  it('replaces the forming bar in place', () => {
    const candles = [c(10), c(20)];
    const same = candles;
    expect(applyLive(candles, [c(20, 5)])).toEqual({ kind: 'update', from: 1 });
    expect(same[1]!.close).toBe(5);
    expect(candles).toBe(same);
  });
  it('appends a new bar', () => {
    const candles = [c(10)];
    expect(applyLive(candles, [c(10, 2), c(20, 3)])).toEqual({ kind: 'update', from: 0 });
    expect(times(candles)).toEqual([10, 20]);
  });
  it('asks for a redraw when an older bar changes or a gap is filled', () => {
    const candles = [c(10), c(30)];
    expect(applyLive(candles, [c(10, 9)])).toEqual({ kind: 'reset' });
    expect(applyLive(candles, [c(20)])).toEqual({ kind: 'reset' });
    expect(times(candles)).toEqual([10, 20, 30]);
  });
  it('ignores unchanged older bars and bars older than the series', () => {
    const candles = [c(10), c(20)];
    expect(applyLive(candles, [c(10), c(5)])).toEqual({ kind: 'none' });
  });
});

describe('trimBars', () => {
  it('drops the newest when keeping the oldest', () => {
    const candles = [c(1), c(2), c(3), c(4)];
    expect(trimBars(candles, 'oldest', 3)).toBe(0);
    expect(times(candles)).toEqual([1, 2, 3]);
  });
  it('drops the oldest when keeping the newest and says how many', () => {
    const candles = [c(1), c(2), c(3), c(4)];
    expect(trimBars(candles, 'newest', 3)).toBe(1);
    expect(times(candles)).toEqual([2, 3, 4]);
  });
});
