import { closedDays } from './closed-days';

/**
 * Tokyo Stock Exchange: 09:00–11:30 and 12:30–15:30 (the close moved to 15:30 in
 * November 2024). Closed on national holidays, 1–3 January and 31 December. 2027's
 * equinoxes are the astronomical forecast (the government fixes them each February).
 */
export const JPX_DAYS = closedDays(`
  01-01                             New Year's Day
  01-02 01-03 12-31                 Market holiday
  2025-01-13 2026-01-12 2027-01-11  Coming of Age Day
  02-11                             National Foundation Day
  02-23                             The Emperor's Birthday
  2025-02-24                        The Emperor's Birthday (observed)
  2025-03-20 2026-03-20             Vernal Equinox Day
  2027-03-22                        Vernal Equinox Day (observed)
  04-29                             Showa Day
  2027-05-03                        Constitution Memorial Day
  05-04                             Greenery Day
  05-05                             Children's Day
  2026-05-06                        Constitution Memorial Day (observed)
  2025-05-06                        Greenery Day (observed)
  2025-07-21 2026-07-20 2027-07-19  Marine Day
  08-11                             Mountain Day
  2025-09-15 2026-09-21 2027-09-20  Respect for the Aged Day
  2026-09-22                        Citizens' Holiday
  2025-09-23 2026-09-23 2027-09-23  Autumnal Equinox Day
  2025-10-13 2026-10-12 2027-10-11  Sports Day
  11-03                             Culture Day
  11-23                             Labour Thanksgiving Day
  2025-11-24                        Labour Thanksgiving Day (observed)
`);
