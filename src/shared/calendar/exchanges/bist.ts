import { closedDays } from './closed-days';

/** Borsa Istanbul equity market: opening session 09:40–10:00, 10:00–18:00, closing session to 18:10; the eves of the religious holidays and of Republic Day close at 12:30. Religious holidays of the projected years follow the Hijri calendar as forecast. */
export const BIST_DAYS = closedDays(`
  01-01                             New Year's Day
  2025-03-31 2025-04-01             Ramadan Feast
  2026-03-20                        Ramadan Feast
  2027-03-09 2027-03-10 2027-03-11  Ramadan Feast
  2026-03-19 2027-03-08 12:30       Eve of the Ramadan Feast (half day)
  04-23                             National Sovereignty and Children's Day
  05-01                             Labour and Solidarity Day
  2025-06-06 2025-06-09             Sacrifice Feast
  2026-05-27 2026-05-28 2026-05-29  Sacrifice Feast
  2027-05-17 2027-05-18 2027-05-19  Sacrifice Feast
  2025-05-19 2026-05-19             Commemoration of Atatürk, Youth and Sports Day
  2025-06-05 2026-05-26 12:30       Eve of the Sacrifice Feast (half day)
  07-15                             Democracy and National Unity Day
  08-30                             Victory Day
  10-28 12:30                       Eve of Republic Day (half day)
  10-29                             Republic Day
`);
