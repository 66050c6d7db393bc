import { describe, expect, it } from 'vitest';
import type { Candle, Quote } from '../../shared/model';
import { quoteOf } from '../../shared/testing/fixtures';
import { countedTo, formingCandle } from './forming-candle';

const T = Date.UTC(2026, 10, 18, 15, 0);
const candle: Candle = {
  time: T,
  open: 10,
  high: 11,
  low: 9,
  close: 10.5,
  volume: 100,
  turnover: 1000,
};
const closed: Candle = { ...candle, time: T - 60_000 };
/** AAPL at `last`, at `time` (the rest: shared/testing's quote, opened at 8, 5000 traded). */
const q = (time: number, last: number, more: Partial<Quote> = {}): Quote =>
  quoteOf({ time, last, ...more });

describe('formingCandle', () => {
  it('takes the last price into close, high and low, and the growth of the day into volume', () => {
    const before = q(T + 10_000, 10.5);
    const now = q(T + 20_000, 11.5, { volume: 5030, turnover: 50_345.5 });
    expect(formingCandle([closed, candle], 1, now, before)).toEqual({
      kind: 'moved',
      candles: [closed, { ...candle, high: 11.5, close: 11.5, volume: 130, turnover: 1345.5 }],
    });
  });

  it('takes a new day high or low reached between two pushes of this candle', () => {
    const before = q(T + 10_000, 10.5, { high: 12, low: 7 });
    const now = q(T + 20_000, 10, { high: 12.5, low: 6.5 });
    const moved = formingCandle([candle], 1, now, before);
    expect(moved).toMatchObject({ kind: 'moved', candles: [{ high: 12.5, low: 6.5, close: 10 }] });
    // The quote before is of the candle before: its extremes may be that candle's.
    const earlier = q(T - 1000, 10.5, { high: 12, low: 7 });
    expect(formingCandle([candle], 1, now, earlier)).toMatchObject({
      candles: [{ high: 11, low: 9, close: 10 }],
    });
  });

  it('adds no volume without a quote before it, and the volume of a new day when the day turned', () => {
    expect(formingCandle([candle], 9, q(T + 1000, 10.5, { volume: 7000 }), null)).toEqual({
      kind: 'same',
    });
    const newDay = formingCandle([candle], 9, q(T + 1000, 10.5, { volume: 40 }), q(T, 10.5));
    expect(newDay).toMatchObject({ kind: 'moved', candles: [{ volume: 140 }] });
  });

  it('leaves older quotes, months and empty series alone; a quote past the period has rolled', () => {
    expect(formingCandle([candle], 1, q(T - 1, 20), null)).toEqual({ kind: 'same' });
    expect(formingCandle([candle], 10, q(T + 1000, 20), null)).toEqual({ kind: 'same' });
    expect(formingCandle([], 1, q(T + 1000, 20), null)).toEqual({ kind: 'same' });
    expect(formingCandle([candle], 1, q(T + 60_000, 20), null)).toEqual({ kind: 'rolled' });
    expect(formingCandle([candle], 8, q(T + 60_000, 20), null).kind).toBe('moved');
  });
});

describe('countedTo', () => {
  const held = { bar: candle, quote: q(T + 20_000, 10.5) };
  const latest = q(T + 20_000, 10.5);
  const far = T + 3_600_000;
  it('is the quote the hub’s bar was counted through when the service answers that very bar', () => {
    // Binary noise in the service's volume is the same bar.
    expect(countedTo({ ...candle, volume: 100.00000000001 }, held, latest, far)).toBe(held.quote);
  });
  it('after a seek, the quote pushed before the first answer when it is of the answered bar', () => {
    const sought = { bar: null, quote: latest };
    expect(countedTo(candle, sought, latest, far)).toBe(latest);
    expect(countedTo({ ...candle, time: T + 60_000 }, sought, latest, far)).toBeNull();
  });
  it('else a quote of the answer’s second, else none (the next push adds nothing)', () => {
    // The service's bar counts more than the hub's, and ends on the quote's price.
    const more = { ...candle, volume: 103 };
    expect(countedTo(more, held, latest, T + 20_400)).toBe(latest);
    expect(countedTo(more, held, latest, far)).toBeNull();
    expect(countedTo(candle, undefined, latest, far)).toBeNull();
    expect(countedTo(undefined, held, null, far)).toBeNull();
  });
  it('not a quote of the answer’s second the answer traded past: its bar ends on a later price', () => {
    // The service's clock ahead of the hub's: in the hub's second of `latest`, the
    // service answered with the next trade (10.6) counted, not pushed yet.
    const past = { ...candle, volume: 103, close: 10.6, high: 11 };
    expect(countedTo(past, held, latest, T + 20_400)).toBeNull();
    expect(countedTo(past, undefined, latest, T + 20_400)).toBeNull();
    // Nor a quote of the bar before the answered one.
    const next = { ...candle, time: T + 21_000, close: 10.5 };
    expect(countedTo(next, undefined, latest, T + 20_400)).toBeNull();
  });
});
