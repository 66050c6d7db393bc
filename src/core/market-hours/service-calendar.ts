/**
 * The service's calendar operations (core/api's `holidays` and `marketStatus`) and the
 * shared calendar rules (`marketStateAt`), as the market-hours service uses them.
 */
import type { RegionCalendar } from '../../shared/calendar';
import type { MarketClient } from '../api';
import type { CalendarClient, CalendarRules } from './market-hours';
import { stateOfCalendar } from './regular';

/** The calendar operations of the current source's client. */
export function calendarClientOf(client: MarketClient): CalendarClient {
  return {
    async calendar(region, signal) {
      const r = await client.holidays(region, { signal });
      // No holiday list (the service then gives no hours either): no calendar to read.
      return r;
    },
    async status(region, signal) {
      const r = await client.marketStatus(region, { signal });
      if (!r.ok) return r;
      return { ok: true, value: { phase: r.value.state, holiday: r.value.holiday } };
    },
    slotDelayMs: () => client.slotDelayMs(),
  };
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** A calendar as the holidays reader makes it, and as `market-calendars.json` keeps it. */
function isRegionCalendar(v: unknown): v is RegionCalendar {
  if (!isObject(v) || typeof v.timeZone !== 'string' || typeof v.region !== 'string') return false;
  if (!Array.isArray(v.sessions) || v.sessions.length === 0 || !Array.isArray(v.holidays)) {
    return false;
  }
  const sessionOk = (s: unknown) =>
    isObject(s) &&
    typeof s.start === 'number' &&
    typeof s.end === 'number' &&
    (s.kind === 'pre' || s.kind === 'regular' || s.kind === 'post');
  const holidayOk = (h: unknown) =>
    isObject(h) &&
    typeof h.date === 'string' &&
    typeof h.name === 'string' &&
    (h.earlyClose === null || typeof h.earlyClose === 'number');
  if (!v.sessions.every(sessionOk) || !v.holidays.every(holidayOk)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: v.timeZone });
    return true;
  } catch {
    return false;
  }
}

/** Reads a fetched (or stored) calendar with the shared rules. */
export const SHARED_CALENDAR_RULES: CalendarRules = {
  readable: isRegionCalendar,
  stateAt: (calendar, at) => (isRegionCalendar(calendar) ? stateOfCalendar(calendar, at) : null),
};
