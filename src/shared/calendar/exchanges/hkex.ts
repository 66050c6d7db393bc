import { closedDays } from './closed-days';

/**
 * HKEX securities market: pre-opening 09:00–09:30, 09:30–12:00 and 13:00–16:00, closing
 * auction from 16:00 (the service's sample text). Half days trade the morning only.
 * 2027 follows the general-holiday rules (a holiday on Sunday moves to Monday; none for
 * Saturday; Lunar New Year on Saturday gives the third and fourth days).
 */
export const HKEX_DAYS = closedDays(`
  01-01                                   The first day of January
  2025-01-28 2026-02-16 2027-02-05 12:00  Lunar New Year's Eve (half day)
  2025-01-29 2026-02-17                   Lunar New Year's Day
  2025-01-30 2026-02-18                   The second day of Lunar New Year
  2025-01-31 2026-02-19 2027-02-08        The third day of Lunar New Year
  2027-02-09                              The fourth day of Lunar New Year
  2025-04-04 2027-04-05                   Ching Ming Festival
  2026-04-06                              The day following Ching Ming Festival
  2026-04-07                              The day following Easter Monday
  Easter-2                                Good Friday
  2025-04-21 2027-03-29                   Easter Monday
  05-01                                   Labour Day
  2025-05-05 2027-05-13                   The Birthday of the Buddha
  2026-05-25                              The day following the Birthday of the Buddha
  2026-06-19 2027-06-09                   Tuen Ng Festival
  07-01                                   Hong Kong Special Administrative Region Establishment Day
  10-01                                   National Day
  2025-10-07 2027-09-16                   The day following the Chinese Mid-Autumn Festival
  2026-10-19                              The day following Chung Yeung Festival
  2025-10-29 2027-10-08                   Chung Yeung Festival
  12-24 12:00                             Christmas Eve (half day)
  12-25                                   Christmas Day
  2025-12-26 2026-12-28 2027-12-27        The first weekday after Christmas Day
  12-31 12:00                             New Year's Eve (half day)
`);
