import { closedDays } from './closed-days';

/** Singapore Exchange: pre-open 08:30–09:00, 09:00–17:00 without a lunch break (since 2011), closing routine to 17:06; the eves of Lunar New Year, Christmas and New Year close at 12:00. */
export const SGX_DAYS = closedDays(`
  01-01                                        New Year's Day
  2025-01-28 2026-02-16 2027-02-05 12:00       Lunar New Year's Eve (half day)
  2025-01-29 2025-01-30 2026-02-17 2026-02-18  Chinese New Year
  2027-02-08                                   Chinese New Year (observed)
  2025-03-31 2027-03-10                        Hari Raya Puasa
  Easter-2                                     Good Friday
  05-01                                        Labour Day
  2025-05-12 2027-05-20                        Vesak Day
  2026-05-27 2027-05-17                        Hari Raya Haji
  2026-06-01                                   Vesak Day (observed)
  08-09                                        National Day
  2026-08-10                                   National Day (observed)
  2025-10-20 2027-10-29                        Deepavali
  2026-11-09                                   Deepavali (observed)
  12-24 12:00                                  Christmas Eve (half day)
  12-25                                        Christmas Day
  12-31 12:00                                  New Year's Eve (half day)
`);
