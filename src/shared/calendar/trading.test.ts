import { describe, expect, it } from 'vitest';
import { tradingAt } from './calendars';

const at = (iso: string) => Date.parse(iso);

describe('tradingAt', () => {
  it('knows US stocks trade 09:30–16:00 New York on weekdays, across a DST change', () => {
    expect(tradingAt('stock', 'US', at('2026-11-18T15:00:00Z'))).toBe(true); // Wed 10:00 EST
    expect(tradingAt('stock', 'US', at('2026-11-18T14:29:00Z'))).toBe(false); // 09:29 EST
    expect(tradingAt('stock', 'US', at('2026-11-28T15:00:00Z'))).toBe(false); // Saturday
    expect(tradingAt('stock', 'US', at('2026-07-15T13:45:00Z'))).toBe(true); // 09:45 EDT
    expect(tradingAt('stock', 'US', at('2026-07-15T20:05:00Z'))).toBe(false); // 16:05 EDT
  });

  it('knows the Hong Kong lunch break, crypto every day and CME futures from the evening before', () => {
    expect(tradingAt('stock', 'HK', at('2026-11-18T02:00:00Z'))).toBe(true); // 10:00 HKT
    expect(tradingAt('stock', 'HK', at('2026-11-18T04:30:00Z'))).toBe(false); // 12:30 HKT
    expect(tradingAt('crypto', 'BA', at('2026-11-28T03:00:00Z'))).toBe(true); // Saturday
    expect(tradingAt('future', 'US', at('2026-11-22T23:30:00Z'))).toBe(true); // Sun 18:30 ET
    expect(tradingAt('future', 'US', at('2026-11-27T22:30:00Z'))).toBe(false); // Fri 17:30 ET
  });
});
