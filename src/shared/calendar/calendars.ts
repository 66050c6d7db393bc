/**
 * Trading calendars: when each market trades, in its own time zone. A calendar names
 * its sessions in minutes from local midnight of the trading date; negative minutes
 * start on the previous evening (forex and CME futures open the evening before).
 *
 * Stock markets with an exchange table (./exchanges) close on its holidays and half
 * days for the years it covers; outside them, and for markets without a table, the
 * calendar closes on 1 January and 25 December only (weekdays).
 */
import type { AssetClass } from '../model';
import { Lru } from '../lru';
import { EXCHANGE_TABLES } from './exchanges';
import { onWeekdays } from './exchanges/closed-days';
import { TABLE_YEARS, type ExchangeTable } from './exchanges/table';
import { calendarOfTable, sessionsOn, type Holiday, type RegionCalendar } from './region-calendar';
import { parseTradingHours, regularPairs, type Session } from './trading-hours';
import { localDay } from './time-zone';

export interface Calendar extends RegionCalendar {
  /** Stable id. */
  id: string;
  /** Small integer for numeric cache keys. */
  index: number;
  /** The regular sessions as [start, end) minute pairs relative to local midnight of the trading date. */
  regular: ReadonlyArray<readonly [number, number]>;
  /** The exchange table it was built from, when it has one. */
  exchange: string | null;
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

/** Years the simple 1 January / 25 December rule fills where a table has no rows. */
const FALLBACK_YEARS: readonly [number, number] = [2010, 2035];

/** 1 January and 25 December (on weekdays) of the years `covered` does not include. */
function fallbackHolidays(covered: ReadonlySet<number>): Holiday[] {
  const years: number[] = [];
  for (let y = FALLBACK_YEARS[0]; y <= FALLBACK_YEARS[1]; y++) if (!covered.has(y)) years.push(y);
  return (
    [
      [1, 1, "New Year's Day"],
      [12, 25, 'Christmas Day'],
    ] as const
  ).flatMap(([month, day, name]) =>
    onWeekdays(month, day, years).map((date) => ({ date, name, earlyClose: null })),
  );
}

function build(
  id: string,
  region: string,
  timeZone: string,
  sessions: Session[],
  holidays: Holiday[],
  extra: { everyDay?: boolean; exchange?: string } = {},
): Calendar {
  const sorted = [...holidays].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
  return {
    id,
    index: calendarCount++,
    region,
    timeZone,
    sessions,
    regular: regularPairs(sessions),
    holidays: sorted,
    exchange: extra.exchange ?? null,
    ...(extra.everyDay ? { everyDay: true } : {}),
  };
}

/** A calendar from its regular sessions, closed on 1 January and 25 December (or never). */
const cal = (
  id: string,
  timeZone: string,
  pairs: Array<[number, number]>,
  extra: { everyDay?: boolean; holidays?: boolean } = {},
): Calendar =>
  build(
    id,
    id,
    timeZone,
    pairs.map(([start, end]) => ({ kind: 'regular' as const, start, end })),
    extra.holidays === false ? [] : fallbackHolidays(new Set()),
    extra.everyDay ? { everyDay: true } : {},
  );

export { TABLE_YEARS } from './exchanges/table';

/** A stock calendar from its exchange table, the simple rule filling the other years. */
function fromTable(table: ExchangeTable, region: string): Calendar {
  const base = calendarOfTable(table, region);
  const covered = new Set<number>();
  for (let y = TABLE_YEARS[0]; y <= TABLE_YEARS[1]; y++) covered.add(y);
  return build(
    region,
    region,
    table.timeZone,
    [...base.sessions],
    [...base.holidays, ...fallbackHolidays(covered)],
    { exchange: table.exchange },
  );
}

const hm = (h: number, m = 0) => h * 60 + m;

/** Stock (and fund / indices) calendars of regions without an exchange table. */
const PLAIN_STOCK_CALENDARS: Record<string, Calendar> = {
  KR: cal('KR', 'Asia/Seoul', [[hm(9), hm(15, 30)]]),
  FR: cal('FR', 'Europe/Paris', [[hm(9), hm(17, 30)]]),
};

/** Stock (and fund / indices) calendars by region. */
const STOCK_CALENDARS: Record<string, Calendar> = { ...PLAIN_STOCK_CALENDARS };
for (const table of EXCHANGE_TABLES) {
  for (const region of table.regions) STOCK_CALENDARS[region] = fromTable(table, region);
}

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

/** A futures calendar: the sessions of its own, the holidays of the home stock market. */
function futures(id: string, hours: string, home: string): Calendar {
  const stock = STOCK_CALENDARS[home]!;
  return build(id, home, stock.timeZone, parseTradingHours(hours), [...stock.holidays], {
    exchange: id,
  });
}

const FUTURE_CALENDARS: Record<string, Calendar> = {
  US: CME_CALENDAR,
  HK: futures('hkfe', '09:15-12:00|13:00-16:30', 'HK'),
  CN: futures('cffex', '09:30-11:30|13:00-15:00', 'CN'),
};

/** The calendar a symbol trades on; `home` overrides the region (an index of another market). */
export function calendarFor(cls: AssetClass, region: string, home?: string): Calendar {
  if (cls === 'crypto') return CRYPTO_CALENDAR;
  if (cls === 'forex') return FOREX_CALENDAR;
  const where = home ?? region;
  if (cls === 'future') return FUTURE_CALENDARS[where] ?? CME_CALENDAR;
  return STOCK_CALENDARS[where] ?? DEFAULT_STOCK;
}

/** The stock calendar of a region, or null when the project has none for it. */
export function stockCalendar(region: string): Calendar | null {
  return STOCK_CALENDARS[region] ?? null;
}

/** The regions with a stock calendar of their own. */
export function stockCalendarRegions(): string[] {
  return Object.keys(STOCK_CALENDARS).sort();
}

/** True if the calendar trades on this trading date. */
export function isTradingDate(calendar: Calendar, day: number): boolean {
  return daySessions(calendar, day) !== null;
}

const sessionCache = new Lru<number, DaySessions | null>(100_000);

/**
 * The regular sessions of one trading date in Unix ms (a half day's cut at its early
 * close), or null when the market is closed that day.
 */
export function daySessions(calendar: Calendar, day: number): DaySessions | null {
  const key = calendar.index * 1_000_000 + day;
  return sessionCache.getOrSet(key, () => {
    const all = sessionsOn(calendar, day);
    if (!all) return null;
    const starts: number[] = [];
    const counts: number[] = [];
    let minutes = 0;
    let close = 0;
    for (const s of all) {
      if (s.kind !== 'regular') continue;
      // A DST change inside a session (forex's Sunday evening) lengthens or shortens it.
      const count = Math.round((s.end - s.start) / 60_000);
      starts.push(s.start);
      counts.push(count);
      minutes += count;
      close = s.end;
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
