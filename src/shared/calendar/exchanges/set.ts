import { closedDays } from './closed-days';

/** Stock Exchange of Thailand: pre-open to 10:00, 10:00–12:30 and 14:30–16:30, closing auction to 16:40. Buddhist holidays of the projected years follow the lunar calendar as forecast. */
export const SET_DAYS = closedDays(`
  01-01                             New Year's Day
  2025-02-12 2026-03-03 2027-02-22  Makha Bucha Day
  04-06                             Chakri Memorial Day
  2025-04-07                        Chakri Memorial Day (observed)
  04-14 04-15 04-13                 Songkran Festival
  05-01                             National Labour Day
  2027-05-03                        National Labour Day (observed)
  05-04                             Coronation Day
  2025-05-05                        Coronation Day (observed)
  2025-05-12 2026-06-01             Visakha Bucha Day (observed)
  2027-05-20                        Visakha Bucha Day
  06-03                             H.M. Queen Suthida's Birthday
  2025-07-10 2026-07-29             Asarnha Bucha Day
  2027-07-19                        Asarnha Bucha Day (observed)
  07-28                             H.M. King's Birthday
  08-12                             H.M. Queen Mother's Birthday
  10-13                             King Bhumibol Memorial Day
  10-23                             Chulalongkorn Day
  2027-10-25                        Chulalongkorn Day (observed)
  12-05                             King Bhumibol's Birthday
  2026-12-07 2027-12-06             King Bhumibol's Birthday (observed)
  12-10                             Constitution Day
  12-31                             New Year's Eve
`);
