import { closedDays } from './closed-days';

/** Bolsa Mexicana de Valores: pre-opening 08:00–08:30, 08:30–15:00, closing auction to 15:10. */
export const BMV_DAYS = closedDays(`
  01-01                             New Year's Day
  2025-02-03 2026-02-02 2027-02-01  Constitution Day
  2025-03-17 2026-03-16 2027-03-15  Benito Juárez's Birthday
  Easter-3                          Holy Thursday
  Easter-2                          Good Friday
  05-01                             Labour Day
  09-16                             Independence Day
  2025-11-17 2026-11-16 2027-11-15  Revolution Day
  12-12                             Day of the Virgin of Guadalupe
  12-25                             Christmas Day
`);
