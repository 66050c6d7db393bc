import { TickMarkType } from 'lightweight-charts';
import { describe, expect, it } from 'vitest';
import { crosshairLabel, tickMarkLabel } from './chart-time';

// 2026-03-02 01:30 UTC: 09:30 in Hong Kong, 20:30 the day before in New York.
const T = Date.UTC(2026, 2, 2, 1, 30);

describe('chart time labels', () => {
  it('draws ticks in the chosen zone', () => {
    expect(tickMarkLabel(T, TickMarkType.Time, 'Asia/Hong_Kong')).toBe('09:30');
    expect(tickMarkLabel(T, TickMarkType.Time, 'America/New_York')).toBe('20:30');
    expect(tickMarkLabel(T, TickMarkType.DayOfMonth, 'America/New_York')).toBe('1 Mar');
    expect(tickMarkLabel(T, TickMarkType.Month, 'UTC')).toBe('Mar');
    expect(tickMarkLabel(T, TickMarkType.Year, 'UTC')).toBe('2026');
  });
  it('labels the crosshair with or without the time', () => {
    expect(crosshairLabel(T, true, 'Asia/Tokyo')).toBe('02 Mar 2026, 10:30');
    expect(crosshairLabel(T, false, 'UTC')).toBe('02 Mar 2026');
  });
});
