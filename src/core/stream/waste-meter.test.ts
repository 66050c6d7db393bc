import { describe, expect, it } from 'vitest';
import { WasteMeter } from './waste-meter';

describe('WasteMeter', () => {
  it('is past its limit at the limit’s count of wasted frames when they are most of the window', () => {
    const meter = new WasteMeter({ windowMs: 1_000, frames: 3, share: 0.5 });
    expect([true, true].map((w) => meter.count(0, w))).toEqual([false, false]);
    expect(meter.count(10, true)).toBe(true);
  });

  it('lets a bad frame among good ones be, and starts over with each window', () => {
    const meter = new WasteMeter({ windowMs: 1_000, frames: 3, share: 0.5 });
    const past = [false, true, false, true, false, true].map((w) => meter.count(100, w));
    // Three wasted of six: not more than half.
    expect(past.every((p) => !p)).toBe(true);
    expect(meter.count(1_100, true)).toBe(false);
    expect(meter.wasted).toBe(1);
  });
});
