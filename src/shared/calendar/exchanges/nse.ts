import { closedDays } from './closed-days';

/** National Stock Exchange of India: pre-open 09:00–09:15, 09:15–15:30, closing session 15:40–16:00. Festival dates of the projected years follow the Hindu and Islamic calendars as forecast. */
export const NSE_DAYS = closedDays(`
  01-26                             Republic Day
  2025-02-26                        Mahashivratri
  2025-03-14 2026-03-03 2027-03-22  Holi
  2025-03-31 2027-03-10             Id-Ul-Fitr (Ramadan Eid)
  2025-04-10 2026-03-31             Shri Mahavir Jayanti
  04-14                             Dr. Baba Saheb Ambedkar Jayanti
  Easter-2                          Good Friday
  05-01                             Maharashtra Day
  2026-05-27 2027-05-17             Bakri Id
  2026-06-26 2027-06-15             Muharram
  08-15                             Independence Day
  2025-08-27 2026-09-14             Ganesh Chaturthi
  2025-10-02                        Mahatma Gandhi Jayanti / Dussehra
  2026-10-02                        Mahatma Gandhi Jayanti
  2026-10-20                        Dussehra
  2025-10-21 2027-10-29             Diwali Laxmi Pujan
  2025-10-22 2026-11-10             Diwali Balipratipada
  2025-11-05 2026-11-24             Guru Nanak Jayanti
  12-25                             Christmas
`);
