import { closedDays } from './closed-days';

/**
 * Shanghai and Shenzhen stock exchanges (one calendar): call auction 09:15–09:25,
 * 09:30–11:30 and 13:00–15:00. Closed on the State Council's holidays, weekdays only
 * (the make-up working weekends do not trade). 2027 is projected from the pattern of
 * recent years: the State Council publishes it in the November before.
 */
export const SSE_DAYS = closedDays(`
  01-01                                                              New Year's Day
  2026-01-02                                                         New Year's Day
  2025-01-28 2025-01-29 2025-01-30 2025-01-31 2025-02-03 2025-02-04  Spring Festival
  2026-02-16 2026-02-17 2026-02-18 2026-02-19 2026-02-20 2026-02-23  Spring Festival
  2027-02-05 2027-02-08 2027-02-09 2027-02-10 2027-02-11             Spring Festival
  2025-04-04 2026-04-06 2027-04-05                                   Qingming Festival
  05-01                                                              Labour Day
  2025-05-02 2025-05-05                                              Labour Day
  2026-05-04 2026-05-05                                              Labour Day
  2027-05-03 2027-05-04 2027-05-05                                   Labour Day
  2025-06-02 2026-06-19 2027-06-09                                   Dragon Boat Festival
  2026-09-25 2027-09-15                                              Mid-Autumn Festival
  10-01                                                              National Day (Golden Week)
  2025-10-02 2025-10-03 2025-10-07 2025-10-08                        National Day (Golden Week)
  2026-10-02 2026-10-05 2026-10-06 2026-10-07                        National Day (Golden Week)
  2027-10-04 2027-10-05 2027-10-06 2027-10-07                        National Day (Golden Week)
  2025-10-06                                                         Mid-Autumn Festival (Golden Week)
`);
