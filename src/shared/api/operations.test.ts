import { describe, expect, it } from 'vitest';
import { findOperation, isServed, servedClasses } from './operations';

describe('servedClasses: which classes an operation serves, read from OPERATIONS', () => {
  it('lists the classes of each kind, batch or single, in table order', () => {
    expect(servedClasses('quotes', true)).toEqual(['stock', 'fund', 'indices', 'future', 'crypto']);
    expect(servedClasses('depth', true)).toEqual([
      'stock',
      'crypto',
      'fund',
      'forex',
      'future',
      'indices',
    ]);
    expect(servedClasses('depth', false)).toEqual(['stock', 'crypto']);
    expect(servedClasses('klines', true)).toEqual(['stock', 'indices', 'crypto', 'forex']);
    expect(servedClasses('ticks', true)).toEqual(['crypto']);
    expect(servedClasses('news', false)).toEqual([]);
  });

  it('agrees with findOperation class by class', () => {
    for (const cls of ['stock', 'crypto', 'fund', 'indices', 'forex', 'future'] as const) {
      const served = isServed(servedClasses('quotes', true), cls);
      expect(served).toBe(findOperation('quotes', cls, true) !== null);
    }
  });
});
