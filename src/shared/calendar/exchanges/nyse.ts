import { closedDays } from './closed-days';

/** NYSE / Nasdaq: regular 09:30–16:00 New York, extended hours 04:00–09:30 and 16:00–20:00. */
export const NYSE_DAYS = closedDays(`
  01-01                                   New Year's Day
  2025-01-09                              National Day of Mourning for President Carter
  2025-01-20 2026-01-19 2027-01-18        Martin Luther King, Jr. Day
  2025-02-17 2026-02-16 2027-02-15        Washington's Birthday
  Easter-2                                Good Friday
  2025-05-26 2026-05-25 2027-05-31        Memorial Day
  2027-06-18                              Juneteenth National Independence Day (observed)
  06-19                                   Juneteenth National Independence Day
  2025-07-03 13:00                        Independence Day (early close)
  2026-07-03 2027-07-05                   Independence Day (observed)
  07-04                                   Independence Day
  2025-09-01 2026-09-07 2027-09-06        Labor Day
  2025-11-27 2026-11-26 2027-11-25        Thanksgiving Day
  2025-11-28 2026-11-27 2027-11-26 13:00  Day after Thanksgiving (early close)
  2027-12-24                              Christmas Day (observed)
  2025-12-24 2026-12-24 13:00             Christmas Eve (early close)
  12-25                                   Christmas Day
`);
