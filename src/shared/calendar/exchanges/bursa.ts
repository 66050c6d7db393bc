import { closedDays } from './closed-days';

/** Bursa Malaysia: pre-opening 08:30–09:00, 09:00–12:30 and 14:30–16:45, closing auction to 17:00. Islamic and lunar holidays of the projected years as forecast. */
export const BURSA_DAYS = closedDays(`
  01-01                                        New Year's Day
  2025-01-29 2025-01-30 2026-02-17 2026-02-18  Chinese New Year
  2027-02-08 2027-02-09                        Chinese New Year (observed)
  2025-02-11 2026-02-02 2027-01-22             Thaipusam
  2025-03-31 2025-04-01                        Hari Raya Aidilfitri
  2026-03-20                                   Hari Raya Aidilfitri
  2027-03-10 2027-03-11                        Hari Raya Aidilfitri
  2026-03-23                                   Hari Raya Aidilfitri (observed)
  05-01                                        Labour Day
  2025-05-12 2027-05-20                        Wesak Day
  2026-05-27 2027-05-17                        Hari Raya Haji
  2026-06-01                                   Wesak Day (observed)
  2025-06-02                                   Agong's Birthday
  2027-06-07                                   Awal Muharram; Agong's Birthday
  2025-06-09                                   Hari Raya Haji (observed)
  2025-06-27 2026-06-17                        Awal Muharram
  08-31                                        National Day
  2025-09-01                                   National Day (observed)
  2025-09-05 2026-08-25 2027-08-16             Prophet Muhammad's Birthday
  09-16                                        Malaysia Day
  2025-10-20 2027-10-28                        Deepavali
  2026-11-09                                   Deepavali (observed)
  12-25                                        Christmas Day
`);
