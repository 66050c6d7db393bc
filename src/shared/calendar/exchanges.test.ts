import { describe, expect, it } from 'vitest';
import { EXCHANGE_TABLES } from './exchanges';
import { dayOfIso, minuteOfClock } from './region-calendar';
import { parseTradingHours } from './trading-hours';
import { weekday } from './time-zone';

describe('the exchange tables', () => {
  it.each(EXCHANGE_TABLES.map((t) => [t.exchange, t] as const))(
    '%s: real weekdays of 2025–2027 in date order, once each, half days inside its hours',
    (_name, table) => {
      const sessions = parseTradingHours(table.hours);
      const regular = sessions.filter((s) => s.kind === 'regular');
      const open = regular[0]!.start;
      const close = regular[regular.length - 1]!.end;
      let last = '';
      for (const [date, name, early] of table.days) {
        const day = dayOfIso(date);
        expect(day, date).not.toBeNull();
        expect([0, 6], `${table.exchange} ${date} is a weekend`).not.toContain(weekday(day!));
        expect(date > last, `${table.exchange} ${date} out of order or twice`).toBe(true);
        expect(Number(date.slice(0, 4))).toBeGreaterThanOrEqual(2025);
        expect(Number(date.slice(0, 4))).toBeLessThanOrEqual(2027);
        expect(name.trim()).not.toBe('');
        if (early !== undefined) {
          const m = minuteOfClock(early);
          expect(m !== null && m > open && m < close, `${date} closes at ${early}`).toBe(true);
        }
        last = date;
      }
      expect(
        new Intl.DateTimeFormat('en', { timeZone: table.timeZone }).resolvedOptions().timeZone,
      ).toBeTruthy();
    },
  );

  it('gives every region one exchange', () => {
    const regions = EXCHANGE_TABLES.flatMap((t) => t.regions);
    expect(new Set(regions).size).toBe(regions.length);
  });
});
