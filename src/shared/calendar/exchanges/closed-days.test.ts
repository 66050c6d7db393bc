import { describe, expect, it } from 'vitest';
import { closedDays, easterSunday, onWeekdays } from './closed-days';
import { TABLE_YEARS } from './table';

const iso = (ms: number) => new Date(ms).toISOString().slice(0, 10);

describe('closedDays', () => {
  it('reads dates, yearly month-days on weekdays, Easter offsets and half days, in date order', () => {
    expect(TABLE_YEARS).toEqual([2025, 2027]);
    const rows = closedDays(`
      12-26                  Boxing Day
      2025-01-09             National Day of Mourning
      Easter-2 Easter+1      Easter
      2025-12-24 13:00       Christmas Eve (early close)
    `);
    expect(rows).toEqual([
      ['2025-01-09', 'National Day of Mourning'],
      ['2025-04-18', 'Easter'],
      ['2025-04-21', 'Easter'],
      ['2025-12-24', 'Christmas Eve (early close)', '13:00'],
      ['2025-12-26', 'Boxing Day'], // 2026-12-26 is a Saturday, 2027-12-26 a Sunday
      ['2026-04-03', 'Easter'],
      ['2026-04-06', 'Easter'],
      ['2027-03-26', 'Easter'],
      ['2027-03-29', 'Easter'],
    ]);
  });

  it('keeps a name as written, inner words and all', () => {
    expect(closedDays("05-01 Awal Muharram; Agong's Birthday")[0]).toEqual([
      '2025-05-01',
      "Awal Muharram; Agong's Birthday",
    ]);
  });

  it('refuses a line without a date or a name, an impossible date and a date given twice', () => {
    expect(() => closedDays('Good Friday')).toThrow(/starts with no date: "Good Friday"/);
    expect(() => closedDays('2025-04-18 12:00')).toThrow(/has no name/);
    expect(() => closedDays('2025-02-30 Nowhere Day')).toThrow(/2025-02-30 is not a date/);
    expect(() => closedDays('02-30 Nowhere Day')).toThrow(/02-30 is not a date/);
    expect(() => closedDays('02-29 Leap Day')).toThrow(/02-29 is not a date/);
    expect(() => closedDays('01-01 New Year\n2026-01-01 Again')).toThrow(
      /2026-01-01 is listed twice: "2026-01-01 Again"/,
    );
  });
});

describe('onWeekdays', () => {
  it('gives the dates of a fixed-date holiday that fall on a weekday', () => {
    // 25 December 2021 and 2022 fall on Saturday and Sunday.
    expect(onWeekdays(12, 25, [2020, 2021, 2022, 2023])).toEqual(['2020-12-25', '2023-12-25']);
    expect(onWeekdays(1, 1, [])).toEqual([]);
  });
});

describe('easterSunday', () => {
  it('gives Western Easter Sunday', () => {
    const known = {
      2000: '2000-04-23',
      2019: '2019-04-21',
      2025: '2025-04-20',
      2026: '2026-04-05',
      2027: '2027-03-28',
      2038: '2038-04-25',
    };
    for (const [year, date] of Object.entries(known))
      expect(iso(easterSunday(Number(year)))).toBe(date);
  });
});
