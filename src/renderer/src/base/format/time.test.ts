import { describe, expect, it } from 'vitest';
import {
  displayZone,
  exchangeZone,
  formatClock,
  formatQuoteTime,
  formatRelative,
  zoneLabel,
  zoneTitle,
  boardTimeTitle,
} from './time';

// 2026-01-15 14:30:05 UTC
const T = Date.UTC(2026, 0, 15, 14, 30, 5);

describe('zones', () => {
  it('maps regions to exchange zones and crypto to UTC', () => {
    expect(exchangeZone('stock', 'HK')).toBe('Asia/Hong_Kong');
    expect(exchangeZone('stock', 'US')).toBe('America/New_York');
    expect(exchangeZone('crypto', 'BA')).toBe('UTC');
    expect(exchangeZone('forex', 'ZZ')).toBe('UTC');
    expect(displayZone('local', 'stock', 'HK')).toBeUndefined();
    expect(displayZone('exchange', 'stock', 'JP')).toBe('Asia/Tokyo');
    expect(displayZone('utc', 'stock', 'JP')).toBe('UTC');
  });

  it('names a zone briefly, as the time axis shows it', () => {
    expect(zoneLabel('UTC', T)).toBe('UTC');
    expect(zoneLabel('America/New_York', T)).toBe('EST');
    expect(zoneLabel('America/New_York', Date.UTC(2026, 6, 1))).toBe('EDT');
    expect(zoneLabel('Asia/Hong_Kong', T)).toBe('GMT+8');
    expect(zoneTitle('utc', 'UTC')).toBe('Times in UTC');
    expect(zoneTitle('exchange', 'Asia/Tokyo')).toBe(
      "Times in the exchange's time zone (Asia/Tokyo)",
    );
  });

  it("says the quote board's Time column mixes the exchanges' zones", () => {
    expect(boardTimeTitle('exchange')).toBe(
      "Each row's time in its exchange's time zone (crypto in UTC)",
    );
    expect(boardTimeTitle(undefined)).toBe(boardTimeTitle('exchange'));
    expect(boardTimeTitle('utc')).toBe('Times in UTC');
    expect(boardTimeTitle('local')).toMatch(/^Times in your time zone \(/);
  });
});

describe('clock times', () => {
  it('formats in the given zone', () => {
    expect(formatClock(T, 'UTC')).toBe('14:30:05');
    expect(formatClock(T, 'Asia/Hong_Kong')).toBe('22:30:05');
    expect(formatClock(T, 'America/New_York')).toBe('09:30:05');
    expect(formatClock(null)).toBe('—');
  });
  it('shows the date for a quote from another day', () => {
    expect(formatQuoteTime(T, T + 60_000, 'UTC')).toBe('14:30:05');
    expect(formatQuoteTime(T, T + 86_400_000, 'UTC')).toBe('15 Jan');
    expect(formatQuoteTime(T, T + 365 * 86_400_000, 'UTC')).toBe('15 Jan 2026');
  });
});

describe('relative times', () => {
  it('reads ages', () => {
    expect(formatRelative(T, T + 2000)).toBe('just now');
    expect(formatRelative(T, T + 42_000)).toBe('42s ago');
    expect(formatRelative(T, T + 3 * 60_000)).toBe('3m ago');
    expect(formatRelative(T, T + 5 * 3_600_000)).toBe('5h ago');
    expect(formatRelative(T, T + 2 * 86_400_000)).toBe('2d ago');
    expect(formatRelative(T, T + 30 * 86_400_000, 'UTC')).toBe('15 Jan 2026');
  });
});
