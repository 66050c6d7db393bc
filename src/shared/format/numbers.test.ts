import { describe, expect, it } from 'vitest';
import {
  formatPlain,
  EMPTY,
  classPriceDecimals,
  clean,
  snapDiff,
  decimalsOf,
  formatBigNumber,
  formatBps,
  formatChange,
  formatPercent,
  formatPrice,
  formatRatio,
  formatSize,
  formatVolume,
  priceDecimals,
} from './numbers';

describe('prices', () => {
  it.each<[number | null, number | undefined, string]>([
    // Two decimals from 1 upward and more below.
    [189.5, undefined, '189.50'],
    [64231.1, undefined, '64,231.10'],
    [0.5123, undefined, '0.5123'],
    [0.00001234, undefined, '0.00001234'],
    // Fixed decimals honoured, float noise hidden.
    [0.1 + 0.2, 2, '0.30'],
    [1.08765, 5, '1.08765'],
    // A dash for missing values.
    [null, undefined, EMPTY],
    [Number.NaN, undefined, EMPTY],
  ])('formatPrice(%s, decimals %s) is %s', (value, decimals, text) => {
    expect(formatPrice(value, decimals)).toBe(text);
  });
  it('infers decimals by magnitude', () => {
    expect(priceDecimals(0)).toBe(2);
    expect(priceDecimals(0.05)).toBe(4);
    expect(priceDecimals(0.000123)).toBe(7);
  });
  it('reads decimals without float noise', () => {
    expect(decimalsOf(0.1 + 0.2)).toBe(1);
    expect(decimalsOf(0.05)).toBe(2);
    expect(decimalsOf(100)).toBe(0);
    expect(decimalsOf(1e-7)).toBe(7);
    expect(decimalsOf(1.5e-7)).toBe(8);
    expect(clean(0.1 + 0.2)).toBe(0.3);
    expect(snapDiff(82508.97 - 82508.96, 82508.97)).toBe(0.01);
    expect(snapDiff(0.00001235 - 0.00001234, 0.00001235)).toBe(1e-8);
  });
});

describe('changes and percentages', () => {
  it('signs with a true minus and no sign at zero', () => {
    expect(formatChange(1.25)).toBe('+1.25');
    expect(formatChange(-0.5, 2)).toBe('−0.50');
    expect(formatChange(-0.5)).toBe('−0.5000');
    expect(formatChange(0)).toBe('0.00');
    expect(formatPercent(1.234)).toBe('+1.23%');
    expect(formatPercent(-0.4)).toBe('−0.40%');
    expect(formatPercent(-0.001)).toBe('0.00%');
    expect(formatPercent(null)).toBe(EMPTY);
  });
});

describe('plain numbers (files)', () => {
  it('has the digits the board shows, ties rounded as it rounds them', () => {
    // -1.575 is -1.57499… in binary: toFixed gives -1.57, the board −1.58%.
    expect((-1.575).toFixed(2)).toBe('-1.57');
    expect(formatPercent(-1.575)).toBe('−1.58%');
    expect(formatPlain(-1.575, 2)).toBe('-1.58');
    expect(formatPlain(86886.5, 2)).toBe('86886.50');
    expect(formatPlain(1234567.891, 0)).toBe('1234568');
  });

  it('puts no sign on a value that rounds to zero, as the board does', () => {
    expect(formatPlain(-0.001, 2)).toBe('0.00');
    expect(formatPercent(-0.001)).toBe('0.00%');
  });
});

describe('sizes and volumes', () => {
  it.each([
    [1234567, '1,234,567'],
    [1234.56789, '1,234.5679'],
    [0.5, '0.5'],
    [0.000123456, '0.0001235'],
  ])('formats whole and fractional sizes: formatSize(%s) is %s', (size, text) => {
    expect(formatSize(size)).toBe(text);
  });
  it('abbreviates volumes and big figures', () => {
    expect(formatVolume(1_234_567)).toBe('1.2M');
    expect(formatVolume(999_960)).toBe('1.0M');
    expect(formatVolume(950)).toBe('950');
    expect(formatVolume(12_500)).toBe('12.5K');
    expect(formatBigNumber(1.234e12)).toBe('1.23T');
    expect(formatBigNumber(456.7e9)).toBe('456.70B');
    expect(formatBigNumber(12.3e6)).toBe('12.30M');
    expect(formatBigNumber(-2.5e9)).toBe('−2.50B');
    expect(formatBigNumber(null)).toBe(EMPTY);
  });
  it('formats ratios with two decimals', () => {
    expect(formatRatio(28.456)).toBe('28.46');
    expect(formatRatio(null)).toBe(EMPTY);
  });
});

describe('classPriceDecimals', () => {
  it('keeps digits stable per class', () => {
    expect(classPriceDecimals('forex', 1.087)).toBe(5);
    expect(classPriceDecimals('forex', 151.2)).toBe(3);
    expect(classPriceDecimals('crypto', 64000)).toBe(2);
    expect(classPriceDecimals('crypto', 3.1)).toBe(4);
    expect(classPriceDecimals('stock', 189.5)).toBe(2);
    expect(classPriceDecimals('stock', 0.45)).toBe(4);
    expect(classPriceDecimals('stock', null)).toBe(2);
  });
});

describe('basis points', () => {
  it('keeps two significant digits below 1 bps', () => {
    // BTCUSDT: a 0.01 spread on 82,419 is 0.0012 bps, not "0.00 bps".
    expect(formatBps((0.01 / 82_419) * 10_000)).toBe('0.0012 bps');
    expect(formatBps(0.1234)).toBe('0.12 bps');
    expect(formatBps(0.5)).toBe('0.50 bps');
  });
  it('uses one decimal from 1 bps upward, and handles zero and missing values', () => {
    expect(formatBps(1)).toBe('1.0 bps');
    expect(formatBps(12.345)).toBe('12.3 bps');
    expect(formatBps(1234.5)).toBe('1,234.5 bps');
    expect(formatBps(0)).toBe('0 bps');
    expect(formatBps(null)).toBe(EMPTY);
    expect(formatBps(Number.NaN)).toBe(EMPTY);
  });
});
