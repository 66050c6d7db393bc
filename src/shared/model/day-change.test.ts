import { describe, expect, it } from 'vitest';
import { hourlyCandles } from '../testing/candles';
import { quoteOf } from '../testing/fixtures';
import type { Candle, Quote } from './index';
import { DAY_MS, dayChange, dayReference, dayWindow, shownChange, utcDayStart } from './day-change';

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 0, 10, 0, 0, 0);
/** Hourly candles from `T0 + from` hours (shared/testing). */
const hourly = (from: number, count: number): Candle[] => hourlyCandles(T0, from, count);

/** The UTC day's figures the crypto quote carries. */
const DAY = { open: 124, high: 131, low: 120, volume: 5, turnover: 600 };
/** A crypto quote at `time`: no change of its own, the UTC day's figures. */
const cryptoQuote = (time: number, over: Partial<Quote> = {}): Quote =>
  quoteOf({ symbol: 'BTCUSDT', time, last: 130, prevClose: null, ...DAY, ...over });

describe('dayReference', () => {
  it('takes the open of the first hourly candle at or after 24 h before the quote', () => {
    const candles = hourly(0, 30);
    // Quote at 26:30 → window from 2:30 → the candle of 3:00 (open 103).
    const at = T0 + 26.5 * HOUR;
    expect(dayReference(candles, at)).toMatchObject({ price: 103, since: T0 + 3 * HOUR });
    // On the hour: that hour's candle.
    expect(dayReference(candles, T0 + 27 * HOUR)).toMatchObject({
      price: 103,
      since: T0 + 3 * HOUR,
    });
  });

  it('sums the closed hours from the window start to 00:00 UTC, and only those', () => {
    // Quote on day 2 at 02:30: window hours 03:00–23:00 of day 1 (21 candles) are prior.
    const ref = dayReference(hourly(0, 30), T0 + 26.5 * HOUR);
    expect(ref?.prior).toEqual({
      until: T0 + DAY_MS,
      high: 101 + 23,
      low: 99 + 3,
      volume: 21 * 2,
      turnover: 21 * 200,
    });
    // At 23:30 the window starts at 00:00 of the same UTC day: nothing is prior.
    const late = dayReference(hourly(0, 30), T0 + 23.5 * HOUR);
    expect(late?.prior).toEqual({ until: T0, high: null, low: null, volume: 0, turnover: 0 });
  });

  it('has none when the candles do not reach back to the window, or miss an hour of it', () => {
    // Candles from hour 10 only: a quote at 26:30 needs one from 2:30–3:30.
    expect(dayReference(hourly(10, 20), T0 + 26.5 * HOUR)).toBeNull();
    expect(dayReference([], T0 + DAY_MS)).toBeNull();
    const gap = hourly(0, 30).filter((c) => c.time !== T0 + 12 * HOUR);
    expect(dayReference(gap, T0 + 26.5 * HOUR)).toBeNull();
    // Candles that end before midnight leave the prior hours short.
    expect(dayReference(hourly(0, 20), T0 + 26.5 * HOUR)).toBeNull();
  });

  it('computes the change and percent against the reference', () => {
    const { change, changePercent } = dayChange(110, { price: 100 });
    expect(change).toBe(10);
    expect(changePercent).toBe(10);
  });

  it('names one window per hour of the window start, within one UTC day', () => {
    expect(dayWindow(T0 + 26.1 * HOUR)).toBe(dayWindow(T0 + 26.9 * HOUR));
    expect(dayWindow(T0 + 26.9 * HOUR)).not.toBe(dayWindow(T0 + 27 * HOUR));
    expect(utcDayStart(T0 + 26.9 * HOUR)).toBe(T0 + DAY_MS);
  });
});

describe('shownChange: one basis per row', () => {
  const at = T0 + 26.5 * HOUR;
  const ref = dayReference(hourly(0, 30), at);

  it('shows every figure of a crypto row over the same 24 hours as its change', () => {
    const shown = shownChange(cryptoQuote(at), ref);
    expect(shown).toMatchObject({
      basis: '24h',
      open: 103,
      change: 27,
      // The prior hours' high (124) is below the UTC day's (131); their low (102) below its 120.
      high: 131,
      low: 102,
      prevClose: null,
      volume: 21 * 2 + 5,
      turnover: 21 * 200 + 600,
    });
    expect(shown.changePercent).toBeCloseTo((27 / 103) * 100, 10);
    // The 24 h open is never the UTC day's open: the window is not the day.
    expect(shown.open).not.toBe(cryptoQuote(at).open);
  });

  it('keeps the high and low true to the last price between quotes', () => {
    const shown = shownChange(cryptoQuote(at, { last: 140, high: 131 }), ref);
    expect(shown.high).toBe(140);
  });

  it('shows the UTC day, and says so, until the 24 h reference is known', () => {
    const shown = shownChange(cryptoQuote(at), null);
    expect(shown).toMatchObject({ basis: 'utc-day', open: 124, high: 131, volume: 5 });
    expect(shown.change).toBeNull();
    expect(shown.changePercent).toBeNull();
  });

  it('takes no reference of another UTC day (a quote past midnight)', () => {
    const next = cryptoQuote(T0 + 48.2 * HOUR);
    expect(shownChange(next, ref).basis).toBe('utc-day');
  });

  it("shows a stock's own session figures", () => {
    const stock = cryptoQuote(at, { change: 2, changePercent: 1.5, prevClose: 128 });
    expect(shownChange(stock, ref)).toMatchObject({
      basis: 'session',
      open: 124,
      prevClose: 128,
      change: 2,
      changePercent: 1.5,
      volume: 5,
    });
  });
});
