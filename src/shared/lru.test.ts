import { describe, expect, it } from 'vitest';
import { Lru } from './lru';

describe('Lru', () => {
  it('keeps recently used entries and bounds its size', () => {
    const lru = new Lru<number, string>(10);
    for (let i = 0; i < 100; i++) {
      lru.set(i, `v${i}`);
      expect(lru.get(0)).toBe('v0'); // touched every round, so never evicted
    }
    expect(lru.size).toBeLessThanOrEqual(11);
    expect(lru.get(99)).toBe('v99');
    expect(lru.get(50)).toBeUndefined();
  });

  it('weighs entries', () => {
    const lru = new Lru<number, number[]>(100, (a) => a.length);
    for (let i = 0; i < 20; i++) lru.set(i, new Array(30).fill(i));
    expect(lru.size).toBeLessThanOrEqual(4);
    expect(lru.getOrSet(19, () => [])).toHaveLength(30);
  });
});
