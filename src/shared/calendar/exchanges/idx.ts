import { closedDays } from './closed-days';

/** Indonesia Stock Exchange: pre-opening 08:45–09:00, sessions 09:00–12:00 and 13:30–16:00 (the closing auction folded into the second session). Closed on national holidays, the collective leave days and 31 December; Islamic holidays of the projected years as forecast. */
export const IDX_DAYS = closedDays(`
  01-01                                        New Year's Day
  2025-01-27 2026-01-16 2027-01-05             Isra Mi'raj
  2025-01-28 2026-02-16                        Chinese New Year (collective leave)
  2025-01-29 2026-02-17                        Chinese New Year
  2027-02-08                                   Chinese New Year (observed)
  2025-03-31 2025-04-01                        Idul Fitri
  2026-03-20                                   Idul Fitri
  2027-03-10 2027-03-11                        Idul Fitri
  2026-03-19 2027-03-09                        Nyepi
  2025-04-02 2025-04-03 2025-04-04 2025-04-07  Idul Fitri (collective leave)
  2026-03-23 2026-03-24                        Idul Fitri (collective leave)
  2025-03-28                                   Nyepi (collective leave)
  Easter-2                                     Good Friday
  05-01                                        Labour Day
  2025-05-12 2027-05-20                        Vesak
  2025-05-13                                   Vesak (collective leave)
  Easter+39                                    Ascension of Jesus
  2025-05-30                                   Ascension (collective leave)
  06-01                                        Pancasila Day
  2025-06-06 2026-05-27 2027-05-17             Idul Adha
  2025-06-09                                   Idul Adha (collective leave)
  2025-06-27 2026-06-16 2027-06-07             Islamic New Year
  08-17                                        Independence Day
  2025-08-18                                   Independence Day (collective leave)
  2025-09-05 2026-08-25 2027-08-16             Prophet Muhammad's Birthday
  12-25                                        Christmas Day
  2025-12-26 2026-12-24 2027-12-24             Christmas (collective leave)
  12-31                                        Exchange holiday
`);
