/**
 * The service's calendar operations and the shared calendar rules, as the market-hours
 * service uses them. (Wired to core/api's `holidays` and `marketStatus` and
 * shared/calendar's `marketStateAt` once those land; until then no calendar is fetched
 * and every stock market's state is its regular sessions, said as such.)
 */
import type { MarketClient } from '../api';
import type { CalendarClient, CalendarRules } from './market-hours';

/** The calendar operations of a client, or null when it has none. */
export function calendarClientOf(client: MarketClient): CalendarClient | null {
  void client;
  return null;
}

/** Reads a fetched calendar with the shared rules. */
export const SHARED_CALENDAR_RULES: CalendarRules = {
  readable: () => false,
  stateAt: () => null,
};
