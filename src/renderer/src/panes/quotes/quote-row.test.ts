import { describe, expect, it } from 'vitest';
import type { Quote } from '../../../../shared/model';
import { QuoteRow } from './quote-board.svelte';

const quote = (last: number): Quote => ({
  symbol: 'AAPL',
  last,
  open: 1,
  prevClose: 1,
  high: 1,
  low: 1,
  time: 0,
  volume: 0,
  turnover: 0,
  status: 0,
  change: 0,
  changePercent: 0,
});

/** The row's flash after each price in turn. */
function flashes(...prices: number[]): string[] {
  const row = new QuoteRow({ class: 'stock', region: 'US', exchange: '', code: 'AAPL' });
  return prices.map((price) => {
    row.apply(quote(price));
    return row.flash;
  });
}

describe('QuoteRow flash', () => {
  it('does not flash on the first price or an unchanged one', () => {
    expect(flashes(10, 10)).toEqual(['', '']);
  });

  it('flashes up or down, its letter flipping on every change so the animation restarts', () => {
    // Up then down alternates too: `flash-a` then `flash-b`, whatever the colour.
    expect(flashes(10, 11, 10, 9, 10, 11)).toEqual([
      '',
      'up-a',
      'down-b',
      'down-a',
      'up-b',
      'up-a',
    ]);
  });
});
