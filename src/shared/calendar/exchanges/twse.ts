import { closedDays } from './closed-days';

/** Taiwan Stock Exchange: pre-open 08:30–09:00, 09:00–13:30, after-hours fixed-price trading 14:00–14:30. */
export const TWSE_DAYS = closedDays(`
  01-01                                        Founding Day
  2025-01-23 2025-01-24                        Market closed before Lunar New Year
  2025-01-27                                   Lunar New Year holiday
  2025-01-28 2026-02-16 2027-02-05             Lunar New Year's Eve
  2025-01-29 2025-01-30 2025-01-31             Lunar New Year
  2026-02-17 2026-02-18 2026-02-19             Lunar New Year
  2026-02-20 2027-02-08 2027-02-09 2027-02-10  Lunar New Year (observed)
  2026-02-27 2027-03-01                        Peace Memorial Day (observed)
  02-28                                        Peace Memorial Day
  2025-04-03 2026-04-03 2027-04-06             Children's Day (observed)
  2025-04-04 2027-04-05                        Tomb Sweeping Day
  2026-04-06                                   Tomb Sweeping Day (observed)
  05-01                                        Labour Day
  2025-05-30                                   Dragon Boat Festival (observed)
  2026-06-19 2027-06-09                        Dragon Boat Festival
  09-28                                        Teachers' Day
  2025-09-29                                   Teachers' Day (observed)
  2025-10-06 2026-09-25 2027-09-15             Mid-Autumn Festival
  2026-10-09 2027-10-11                        National Day (observed)
  10-10                                        National Day
  2025-10-24 2026-10-26                        Taiwan Retrocession Day (observed)
  2027-10-25                                   Taiwan Retrocession Day
  2027-12-24                                   Constitution Day (observed)
  12-25                                        Constitution Day
`);
