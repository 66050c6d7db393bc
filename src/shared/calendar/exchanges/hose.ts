import { closedDays } from './closed-days';

/** Ho Chi Minh City Stock Exchange: opening auction 09:00–09:15, 09:15–11:30 and 13:00–14:45 (the closing auction from 14:30 inside it). Tet and Hung Kings dates of the projected years follow the lunar calendar as forecast. */
export const HOSE_DAYS = closedDays(`
  01-01                                                   New Year's Day
  2025-01-27 2025-01-28 2025-01-30 2025-01-31             Tet holiday
  2026-02-16 2026-02-18 2026-02-19 2026-02-20             Tet holiday
  2027-02-05 2027-02-08 2027-02-09 2027-02-10 2027-02-11  Tet holiday
  2025-01-29 2026-02-17                                   Tet (Lunar New Year)
  2025-04-07 2026-04-27                                   Hung Kings Commemoration (observed)
  2027-04-16                                              Hung Kings Commemoration
  04-30                                                   Reunification Day
  05-01                                                   Labour Day
  2025-05-02                                              Holiday (swapped)
  2027-05-03                                              Labour Day (observed)
  2025-09-01 2026-09-01 2027-09-03                        National Day holiday
  09-02                                                   National Day
`);
