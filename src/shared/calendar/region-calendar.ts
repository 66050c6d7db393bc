/**
 * A market's calendar as the service describes it (docs/api-gaps.md, "Market
 * calendar"): time zone, sessions with their kinds, and the holiday list with half
 * days. One pure module answers for the simulator (which serves it) and the app (which
 * reads it from the service, or falls back to the built-in exchange tables):
 * `marketStateAt` says what a market is doing at an instant and when it next opens.
 */
import type { MarketState } from '../model/market-time';
import type { ExchangeTable } from './exchanges/table';
import { parseTradingHours, type Session } from './trading-hours';
import { DAY_MS, dayOf, localDay, weekday, zonedToUtc } from './time-zone';

/** A day the market is closed, or closes early. */
export interface Holiday {
  /** Local date, `YYYY-MM-DD`. */
  date: string;
  name: string;
  /** Null: closed all day. Otherwise a half day closing at this minute of the local day. */
  earlyClose: number | null;
}

/** What a market's calendar is: what the service's holidays operation answers. */
export interface RegionCalendar {
  /** The market's region code, e.g. US, HK. */
  region: string;
  /** IANA zone of the sessions, e.g. America/New_York. */
  timeZone: string;
  /** Sessions of an ordinary trading date, in time order; lunch breaks are the gaps between regular ones. */
  sessions: readonly Session[];
  /** Closed days and half days, in date order. */
  holidays: readonly Holiday[];
  /** Trades on Saturday and Sunday too (crypto). */
  everyDay?: boolean;
}

export type { MarketState } from '../model/market-time';

export interface MarketStateInfo {
  state: MarketState;
  /** The trading date concerned closes early (a half day). */
  halfDay: boolean;
  /** The holiday's (or half day's) name, when the day is one. */
  holiday: string | null;
  /** End of the session the market is in (pre, regular or post); null outside one. */
  sessionEnd: number | null;
  /** Start of the next regular session after the instant (the afternoon during a lunch break). */
  nextOpen: number | null;
  /** The next end of a trading date's last regular session (a half day's early close). */
  nextClose: number | null;
  timeZone: string;
}

/** One session of one trading date, in Unix ms. */
export interface DaySession {
  kind: Session['kind'];
  start: number;
  end: number;
}

/** `YYYY-MM-DD` of a day number. */
export function isoDate(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The day number of a `YYYY-MM-DD` date, or null when it is not a real date. */
export function dayOfIso(date: string): number | null {
  const m = ISO_DATE.exec(date);
  if (!m) return null;
  const day = dayOf(Number(m[1]), Number(m[2]), Number(m[3]));
  return isoDate(day) === date ? day : null;
}

/** `HH:MM` → minutes, or null. */
export function minuteOfClock(text: string): number | null {
  const m = /^(\d{1,2}):(\d{2})$/.exec(text.trim());
  if (!m) return null;
  const h = Number(m[1]);
  const mm = Number(m[2]);
  return h <= 24 && mm < 60 && h * 60 + mm <= 1440 ? h * 60 + mm : null;
}

/** The calendar of an exchange table. */
export function calendarOfTable(table: ExchangeTable, region: string): RegionCalendar {
  return {
    region,
    timeZone: table.timeZone,
    sessions: parseTradingHours(table.hours),
    holidays: table.days.map(([date, name, close]) => ({
      date,
      name,
      earlyClose: close === undefined ? null : minuteOfClock(close),
    })),
  };
}

/** A calendar's holidays by day number (memoised per calendar object). */
const closureCache = new WeakMap<RegionCalendar, Map<number, Holiday>>();

export function closuresOf(calendar: RegionCalendar): Map<number, Holiday> {
  let map = closureCache.get(calendar);
  if (!map) {
    map = new Map();
    for (const h of calendar.holidays) {
      const day = dayOfIso(h.date);
      if (day !== null) map.set(day, h);
    }
    closureCache.set(calendar, map);
  }
  return map;
}

/** The holiday or half day of a date, if any. */
export function holidayOn(calendar: RegionCalendar, day: number): Holiday | undefined {
  return closuresOf(calendar).get(day);
}

/** Whether the date is a weekend for this calendar. */
function isWeekend(calendar: RegionCalendar, day: number): boolean {
  if (calendar.everyDay) return false;
  const wd = weekday(day);
  return wd === 0 || wd === 6;
}

/**
 * The sessions of a trading date in Unix ms, or null when the market does not trade
 * that date (weekend, holiday). A half day keeps the sessions before its early close
 * (the regular one cut there) and drops the rest, post-market included.
 */
export function sessionsOn(calendar: RegionCalendar, day: number): DaySession[] | null {
  if (isWeekend(calendar, day)) return null;
  const holiday = holidayOn(calendar, day);
  if (holiday && holiday.earlyClose === null) return null;
  const cut = holiday?.earlyClose ?? Infinity;
  const out: DaySession[] = [];
  for (const s of calendar.sessions) {
    if (s.start >= cut) continue;
    const end = Math.min(s.end, cut);
    out.push({
      kind: s.kind,
      start: zonedToUtc(calendar.timeZone, day, s.start),
      end: zonedToUtc(calendar.timeZone, day, end),
    });
  }
  return out.some((s) => s.kind === 'regular') ? out : null;
}

const STATE_OF_KIND = { pre: 'pre-market', regular: 'open', post: 'post-market' } as const;

/** How far ahead `marketStateAt` looks for the next open (Golden Week and long closures fit). */
const LOOK_AHEAD_DAYS = 30;

/**
 * What the market of `calendar` is doing at `at` (Unix ms), and when it next opens and
 * closes. Sessions that start the evening before (futures, forex) belong to the next
 * trading date; a DST change moves the UTC instants, never the local times.
 */
export function marketStateAt(calendar: RegionCalendar, at: number): MarketStateInfo {
  const tz = calendar.timeZone;
  const today = localDay(tz, at);
  let state: MarketState | null = null;
  let sessionEnd: number | null = null;
  let dateOfState = today;
  let nextOpen: number | null = null;
  let nextClose: number | null = null;
  for (let day = today - 1; day <= today + LOOK_AHEAD_DAYS; day++) {
    const sessions = sessionsOn(calendar, day);
    if (!sessions) continue;
    const regular = sessions.filter((s) => s.kind === 'regular');
    const close = regular[regular.length - 1]!.end;
    if (state === null) {
      const inside = sessions.find((s) => at >= s.start && at < s.end);
      if (inside) {
        state = STATE_OF_KIND[inside.kind];
        sessionEnd = inside.end;
        dateOfState = day;
      } else if (at > regular[0]!.start && at < close) {
        state = 'lunch-break';
        dateOfState = day;
      }
    }
    if (nextOpen === null) nextOpen = regular.find((s) => s.start > at)?.start ?? null;
    if (nextClose === null && close > at) nextClose = close;
    if (nextOpen !== null && nextClose !== null && day >= today) break;
  }
  const holiday = holidayOn(calendar, dateOfState);
  if (state === null) {
    if (holiday && holiday.earlyClose === null) state = 'holiday';
    else if (isWeekend(calendar, today)) state = 'weekend';
    else state = 'closed';
  }
  return {
    state,
    halfDay: holiday !== undefined && holiday.earlyClose !== null,
    holiday: holiday?.name ?? null,
    sessionEnd,
    nextOpen,
    nextClose,
    timeZone: tz,
  };
}
