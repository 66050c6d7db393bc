/**
 * Trading calendars: when each market trades, in its own time zone. A calendar names
 * its sessions in minutes from local midnight of the trading date; negative minutes
 * start on the previous evening (forex and CME futures open the evening before).
 */
import type { AssetClass } from '../model';
import { Lru } from '../lru';
import { localDay, weekday, zonedToUtc } from './time-zone';

export interface Calendar {
  /** Stable id. */
  id: string;
  /** Small integer for numeric cache keys. */
  index: number;
  timeZone: string;
  /** [start, end) minute pairs relative to local midnight of the trading date. */
  sessions: ReadonlyArray<readonly [number, number]>;
  /** Trades on Saturday and Sunday too (crypto). */
  everyDay: boolean;
  /** Closed on 1 January and 25 December. */
  holidays: boolean;
}

/** One trading day's sessions as Unix ms intervals. */
export interface DaySessions {
  day: number;
  /** Session start instants (ms). */
  starts: number[];
  /** Minutes in each session. */
  counts: number[];
  /** Total minutes traded that day. */
  minutes: number;
  /** First session start = the daily candle's time. */
  open: number;
  /** Last session end (exclusive). */
  close: number;
}

let calendarCount = 0;

const cal = (
  id: string,
  timeZone: string,
  sessions: Array<[number, number]>,
  extra: Partial<Calendar> = {},
): Calendar => ({
  id,
  index: calendarCount++,
  timeZone,
  sessions,
  everyDay: false,
  holidays: true,
  ...extra,
});

const hm = (h: number, m = 0) => h * 60 + m;

/** Stock (and fund / indices) calendars by region. */
const STOCK_CALENDARS: Record<string, Calendar> = {
  HK: cal('HK', 'Asia/Hong_Kong', [
    [hm(9, 30), hm(12)],
    [hm(13), hm(16)],
  ]),
  SH: cal('SH', 'Asia/Shanghai', [
    [hm(9, 30), hm(11, 30)],
    [hm(13), hm(15)],
  ]),
  SZ: cal('SZ', 'Asia/Shanghai', [
    [hm(9, 30), hm(11, 30)],
    [hm(13), hm(15)],
  ]),
  JP: cal('JP', 'Asia/Tokyo', [
    [hm(9), hm(11, 30)],
    [hm(12, 30), hm(15, 30)],
  ]),
  US: cal('US', 'America/New_York', [[hm(9, 30), hm(16)]]),
  GB: cal('GB', 'Europe/London', [[hm(8), hm(16, 30)]]),
  DE: cal('DE', 'Europe/Berlin', [[hm(9), hm(17, 30)]]),
  SG: cal('SG', 'Asia/Singapore', [
    [hm(9), hm(12)],
    [hm(13), hm(17)],
  ]),
  TW: cal('TW', 'Asia/Taipei', [[hm(9), hm(13, 30)]]),
  IN: cal('IN', 'Asia/Kolkata', [[hm(9, 15), hm(15, 30)]]),
  TH: cal('TH', 'Asia/Bangkok', [
    [hm(10), hm(12, 30)],
    [hm(14, 30), hm(16, 30)],
  ]),
  MY: cal('MY', 'Asia/Kuala_Lumpur', [
    [hm(9), hm(12, 30)],
    [hm(14, 30), hm(17)],
  ]),
  ID: cal('ID', 'Asia/Jakarta', [
    [hm(9), hm(12)],
    [hm(13, 30), hm(16)],
  ]),
  VN: cal('VN', 'Asia/Ho_Chi_Minh', [
    [hm(9, 15), hm(11, 30)],
    [hm(13), hm(14, 45)],
  ]),
  KR: cal('KR', 'Asia/Seoul', [[hm(9), hm(15, 30)]]),
  MX: cal('MX', 'America/Mexico_City', [[hm(8, 30), hm(15)]]),
  TR: cal('TR', 'Europe/Istanbul', [[hm(10), hm(18)]]),
  ES: cal('ES', 'Europe/Madrid', [[hm(9), hm(17, 30)]]),
  NL: cal('NL', 'Europe/Amsterdam', [[hm(9), hm(17, 30)]]),
  IT: cal('IT', 'Europe/Rome', [[hm(9), hm(17, 30)]]),
  FR: cal('FR', 'Europe/Paris', [[hm(9), hm(17, 30)]]),
};

/** Regions the simulator does not know trade 09:00–17:00 UTC on weekdays. */
const DEFAULT_STOCK = cal('default', 'UTC', [[hm(9), hm(17)]]);

export const CRYPTO_CALENDAR = cal('crypto', 'UTC', [[0, hm(24)]], {
  everyDay: true,
  holidays: false,
});
/** Forex: Sunday 17:00 to Friday 17:00 New York; each trading date opens 17:00 the evening before. */
export const FOREX_CALENDAR = cal('forex', 'America/New_York', [[hm(-7), hm(17)]], {
  holidays: false,
});
/** CME Globex: 18:00 the evening before to 17:00, with the 17:00–18:00 break. */
const CME_CALENDAR = cal('cme', 'America/New_York', [[hm(-6), hm(17)]]);
const FUTURE_CALENDARS: Record<string, Calendar> = {
  US: CME_CALENDAR,
  HK: cal('hkfe', 'Asia/Hong_Kong', [
    [hm(9, 15), hm(12)],
    [hm(13), hm(16, 30)],
  ]),
  CN: cal('cffex', 'Asia/Shanghai', [
    [hm(9, 30), hm(11, 30)],
    [hm(13), hm(15)],
  ]),
};

/** The calendar a symbol trades on; `home` overrides the region (an index of another market). */
export function calendarFor(cls: AssetClass, region: string, home?: string): Calendar {
  if (cls === 'crypto') return CRYPTO_CALENDAR;
  if (cls === 'forex') return FOREX_CALENDAR;
  const where = home ?? region;
  if (cls === 'future') return FUTURE_CALENDARS[where] ?? CME_CALENDAR;
  return STOCK_CALENDARS[where] ?? DEFAULT_STOCK;
}

function isHoliday(day: number): boolean {
  const d = new Date(day * 86_400_000);
  const m = d.getUTCMonth();
  const dd = d.getUTCDate();
  return (m === 0 && dd === 1) || (m === 11 && dd === 25);
}

/** True if the calendar trades on this trading date. */
export function isTradingDate(calendar: Calendar, day: number): boolean {
  if (!calendar.everyDay) {
    const wd = weekday(day);
    if (wd === 0 || wd === 6) return false;
  }
  return !(calendar.holidays && isHoliday(day));
}

const sessionCache = new Lru<number, DaySessions>(100_000);

/** The sessions of one trading date in Unix ms, or null when the market is closed that day. */
export function daySessions(calendar: Calendar, day: number): DaySessions | null {
  if (!isTradingDate(calendar, day)) return null;
  const key = calendar.index * 1_000_000 + day;
  return sessionCache.getOrSet(key, () => {
    const starts: number[] = [];
    const counts: number[] = [];
    let minutes = 0;
    let close = 0;
    for (const [from, to] of calendar.sessions) {
      const start = zonedToUtc(calendar.timeZone, day, from);
      const end = zonedToUtc(calendar.timeZone, day, to);
      // A DST change inside a session (forex's Sunday evening) lengthens or shortens it.
      const count = Math.round((end - start) / 60_000);
      starts.push(start);
      counts.push(count);
      minutes += count;
      close = end;
    }
    return { day, starts, counts, minutes, open: starts[0] ?? 0, close };
  });
}

/** The calendar's previous trading date before `day` (looks back at most three weeks). */
export function previousTradingDate(calendar: Calendar, day: number): number {
  for (let d = day - 1; d > day - 21; d--) if (isTradingDate(calendar, d)) return d;
  return day - 1;
}

/**
 * Whether a market trades at instant `at` by its regular sessions (weekends, and the
 * holidays the calendar knows, closed). Sessions that start the evening before (forex,
 * CME futures) belong to the next trading date, so that date is looked at too.
 */
export function tradingAt(cls: AssetClass, region: string, at: number): boolean {
  const calendar = calendarFor(cls, region);
  const today = localDay(calendar.timeZone, at);
  for (const day of [today, today + 1]) {
    const s = daySessions(calendar, day);
    if (!s) continue;
    for (let k = 0; k < s.starts.length; k++) {
      if (at >= s.starts[k]! && at < s.starts[k]! + s.counts[k]! * 60_000) return true;
    }
  }
  return false;
}
