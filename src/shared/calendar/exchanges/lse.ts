import type { ExchangeTable } from './table';

/**
 * London Stock Exchange: opening auction 07:50–08:00, 08:00–16:30, closing auction
 * 16:30–16:35. Closed on England's bank holidays; Christmas Eve and New Year's Eve
 * close at 12:30 when they fall on a weekday.
 */
export const LSE: ExchangeTable = {
  exchange: 'LSE',
  regions: ['GB'],
  timeZone: 'Europe/London',
  hours: '07:50-08:00,08:00-16:30,16:30-16:35',
  projected: [],
  days: [
    ['2025-01-01', "New Year's Day"],
    ['2025-04-18', 'Good Friday'],
    ['2025-04-21', 'Easter Monday'],
    ['2025-05-05', 'Early May bank holiday'],
    ['2025-05-26', 'Spring bank holiday'],
    ['2025-08-25', 'Summer bank holiday'],
    ['2025-12-24', 'Christmas Eve (early close)', '12:30'],
    ['2025-12-25', 'Christmas Day'],
    ['2025-12-26', 'Boxing Day'],
    ['2025-12-31', "New Year's Eve (early close)", '12:30'],
    ['2026-01-01', "New Year's Day"],
    ['2026-04-03', 'Good Friday'],
    ['2026-04-06', 'Easter Monday'],
    ['2026-05-04', 'Early May bank holiday'],
    ['2026-05-25', 'Spring bank holiday'],
    ['2026-08-31', 'Summer bank holiday'],
    ['2026-12-24', 'Christmas Eve (early close)', '12:30'],
    ['2026-12-25', 'Christmas Day'],
    ['2026-12-28', 'Boxing Day (substitute day)'],
    ['2026-12-31', "New Year's Eve (early close)", '12:30'],
    ['2027-01-01', "New Year's Day"],
    ['2027-03-26', 'Good Friday'],
    ['2027-03-29', 'Easter Monday'],
    ['2027-05-03', 'Early May bank holiday'],
    ['2027-05-31', 'Spring bank holiday'],
    ['2027-08-30', 'Summer bank holiday'],
    ['2027-12-24', 'Christmas Eve (early close)', '12:30'],
    ['2027-12-27', 'Christmas Day (substitute day)'],
    ['2027-12-28', 'Boxing Day (substitute day)'],
    ['2027-12-31', "New Year's Eve (early close)", '12:30'],
  ],
};
