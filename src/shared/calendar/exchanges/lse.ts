import { closedDays } from './closed-days';

/**
 * London Stock Exchange: opening auction 07:50–08:00, 08:00–16:30, closing auction
 * 16:30–16:35. Closed on England's bank holidays; Christmas Eve and New Year's Eve
 * close at 12:30 when they fall on a weekday.
 */
export const LSE_DAYS = closedDays(`
  01-01                             New Year's Day
  Easter-2                          Good Friday
  Easter+1                          Easter Monday
  2025-05-05 2026-05-04 2027-05-03  Early May bank holiday
  2025-05-26 2026-05-25 2027-05-31  Spring bank holiday
  2025-08-25 2026-08-31 2027-08-30  Summer bank holiday
  12-24 12:30                       Christmas Eve (early close)
  12-25                             Christmas Day
  12-26                             Boxing Day
  2027-12-27                        Christmas Day (substitute day)
  2026-12-28 2027-12-28             Boxing Day (substitute day)
  12-31 12:30                       New Year's Eve (early close)
`);
