import type { ExchangeTable } from './table';

/** Euronext Milan (Borsa Italiana): pre-auction from 08:00, 09:00–17:30, closing auction to 17:35; closed on Ferragosto, 24 and 31 December. */
export const EURONEXT_MILAN: ExchangeTable = {
  exchange: 'Euronext Milan',
  regions: ['IT'],
  timeZone: 'Europe/Rome',
  hours: '08:00-09:00,09:00-17:30,17:30-17:35',
  projected: [],
  days: [
    ['2025-01-01', "New Year's Day"],
    ['2025-04-18', 'Good Friday'],
    ['2025-04-21', 'Easter Monday'],
    ['2025-05-01', 'Labour Day'],
    ['2025-08-15', 'Ferragosto'],
    ['2025-12-24', 'Christmas Eve'],
    ['2025-12-25', 'Christmas Day'],
    ['2025-12-26', "St Stephen's Day"],
    ['2025-12-31', "New Year's Eve"],
    ['2026-01-01', "New Year's Day"],
    ['2026-04-03', 'Good Friday'],
    ['2026-04-06', 'Easter Monday'],
    ['2026-05-01', 'Labour Day'],
    ['2026-12-24', 'Christmas Eve'],
    ['2026-12-25', 'Christmas Day'],
    ['2026-12-31', "New Year's Eve"],
    ['2027-01-01', "New Year's Day"],
    ['2027-03-26', 'Good Friday'],
    ['2027-03-29', 'Easter Monday'],
    ['2027-12-24', 'Christmas Eve'],
    ['2027-12-31', "New Year's Eve"],
  ],
};
