/**
 * The simulator's market calendar and corporate event operations (docs/api-gaps.md
 * section 10; paths in src/shared/api/market-time.ts): market status and holidays from
 * the shared exchange calendars its market obeys, splits and listings from the
 * catalog's real events (./market/catalog/events.ts), and a news item's detail. The
 * same validation, plan denials and errors as the 20 operations (README.md).
 */
import {
  HOLIDAYS_PATH,
  IPO_KINDS,
  IPOS_PATH,
  MARKET_STATUS_PATH,
  NEWS_DETAIL_PREFIX,
  SPLITS_PATH,
} from '../shared/api/market-time';
import type {
  WireHoliday,
  WireIpo,
  WireMarketStatus,
  WireNewsDetail,
  WireSplit,
} from '../shared/api/wire';
import { stockCalendar, TABLE_YEARS, type Calendar } from '../shared/calendar/calendars';
import { dayOfIso, marketStateAt, type RegionCalendar } from '../shared/calendar/region-calendar';
import { localDay, offsetAt } from '../shared/calendar/time-zone';
import { formatTradingHours } from '../shared/calendar/trading-hours';
import { isRegion, type IpoKind } from '../shared/model';
import type { DeniedMarkets } from './answer';
import { badParam, SimulatorError, UNKNOWN_PRODUCT_CODE } from './errors';
import type { MarketModel } from './market-model';
import { findInstrument } from './market/catalog';
import { LISTINGS, SPLITS } from './market/catalog/events';

/** Region names the status and holiday records carry. */
const REGION_NAMES: Readonly<Record<string, string>> = {
  US: 'United States',
  HK: 'Hong Kong',
  SH: 'Shanghai',
  SZ: 'Shenzhen',
  CN: 'China',
  JP: 'Japan',
  GB: 'United Kingdom',
  DE: 'Germany',
  ES: 'Spain',
  NL: 'Netherlands',
  IT: 'Italy',
  FR: 'France',
  SG: 'Singapore',
  TW: 'Taiwan',
  IN: 'India',
  TH: 'Thailand',
  MY: 'Malaysia',
  ID: 'Indonesia',
  VN: 'Vietnam',
  MX: 'Mexico',
  TR: 'Turkey',
  KR: 'South Korea',
};

/** How many listings a `recent` IPO answer holds: the latest ones (guessed window). */
export const RECENT_IPOS = 10;

/** Whether `path` is one of the market-time operations. */
export function isMarketTimePath(path: string): boolean {
  return (
    path === MARKET_STATUS_PATH ||
    path === HOLIDAYS_PATH ||
    path === SPLITS_PATH ||
    path === IPOS_PATH ||
    (path.startsWith(NEWS_DETAIL_PREFIX) && path.length > NEWS_DETAIL_PREFIX.length)
  );
}

/** The key requests to `path` are counted under (every news detail under one). */
export function marketTimeStatsKey(path: string): string {
  return path.startsWith(NEWS_DETAIL_PREFIX) ? `${NEWS_DETAIL_PREFIX}{id}` : path;
}

function regionParam(query: URLSearchParams, name: string): string {
  const region = query.get(name);
  if (region === null || region === '') throw badParam(name, 'missing');
  if (!isRegion(region)) {
    throw badParam(name, `expected two uppercase letters, got ${JSON.stringify(region)}`);
  }
  return region;
}

/** "E001" for a region the simulator has no calendar of: the request was fine, the market unknown. */
function unknownMarket(region: string): SimulatorError {
  return new SimulatorError(
    200,
    `E001 not found this produce: no stock market ${region}`,
    {},
    UNKNOWN_PRODUCT_CODE,
  );
}

const pad = (n: number) => String(n).padStart(2, '0');

/** `YYYY-MM-DD HH:MM:SS` wall-clock time of an instant in a zone. */
function localTime(timeZone: string, at: number): string {
  const d = new Date(at + offsetAt(timeZone, at));
  return (
    `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())} ` +
    `${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`
  );
}

function marketStatus(calendar: RegionCalendar, region: string, now: number): WireMarketStatus {
  const s = marketStateAt(calendar, now);
  return {
    c: region,
    r: REGION_NAMES[region] ?? region,
    o: s.state === 'open',
    s: s.state,
    hd: s.halfDay,
    v: s.holiday ?? '',
    t: formatTradingHours(calendar.sessions),
    z: calendar.timeZone,
    lt: localTime(calendar.timeZone, now),
  };
}

/**
 * The holiday rows from the year before the clock's to the year after it (of the
 * exchange table's years): a closed day
 * carries the usual hours (the documented sample), a half day its own shortened hours.
 */
function holidays(calendar: Calendar, region: string, now: number): WireHoliday[] {
  const year = Number(new Date(now).toISOString().slice(0, 4));
  // An exchange's own table only: the 1 January / 25 December rule of other years is the
  // simulator's stand-in, not a holiday list to publish.
  const [first, last] = calendar.exchange === null ? [-Infinity, Infinity] : TABLE_YEARS;
  const usual = formatTradingHours(calendar.sessions);
  const out: WireHoliday[] = [];
  for (const h of calendar.holidays) {
    const y = Number(h.date.slice(0, 4));
    if (y < year - 1 || y > year + 1 || y < first || y > last) continue;
    let hours = usual;
    if (h.earlyClose !== null) {
      const cut = h.earlyClose;
      hours = formatTradingHours(
        calendar.sessions
          .filter((s) => s.start < cut)
          .map((s) => ({ ...s, end: Math.min(s.end, cut) })),
      );
    }
    out.push({
      c: region,
      r: REGION_NAMES[region] ?? region,
      d: h.date,
      t: hours,
      z: calendar.timeZone,
      v: h.name,
    });
  }
  return out;
}

/** 00:00 UTC of a `YYYY-MM-DD` date, the ms the split and IPO records carry (guessed). */
const dateMs = (date: string) => dayOfIso(date)! * 86_400_000;

function splits(region: string, now: number): WireSplit[] {
  return SPLITS.filter((e) => e.region === region && dateMs(e.date) <= now)
    .map((e) => ({
      d: dateMs(e.date),
      r: e.region,
      n: findInstrument('stock', e.region, '', e.code)?.name ?? e.code,
      c: e.code,
      v: e.ratio,
    }))
    .sort((a, b) => b.d - a.d);
}

function ipos(kind: IpoKind, region: string, now: number): WireIpo[] {
  const calendar = stockCalendar(region);
  const today = calendar ? localDay(calendar.timeZone, now) : Math.floor(now / 86_400_000);
  const mine = LISTINGS.filter((e) => e.region === region);
  const chosen =
    kind === 'upcoming'
      ? mine.filter((e) => dayOfIso(e.date)! > today).sort((a, b) => (a.date < b.date ? -1 : 1))
      : mine
          .filter((e) => dayOfIso(e.date)! <= today)
          .sort((a, b) => (a.date < b.date ? 1 : -1))
          .slice(0, RECENT_IPOS);
  return chosen.map((e) => {
    const entry = findInstrument('stock', e.region, '', e.code);
    return {
      dt: dateMs(e.date),
      cn: entry?.name ?? e.code,
      sc: e.code,
      ex: entry?.exchange ?? '',
      // Not known to the simulator: '' and 0 are "not given" (docs/api-gaps.md 10.4).
      mc: '',
      pr: e.price ?? '',
      ct: REGION_NAMES[e.region] ?? e.region,
      bs: 0,
      es: 0,
      ad: 0,
    };
  });
}

/**
 * The envelope's `data` for a market-time request (`isMarketTimePath(path)`); null for
 * a market outside the plan (`stock:REGION` denied). Throws a SimulatorError for a bad
 * parameter, an unknown market or news id.
 */
export function marketTimeAnswer(
  path: string,
  query: URLSearchParams,
  market: MarketModel,
  denied: DeniedMarkets,
  now: number,
): unknown {
  if (path.startsWith(NEWS_DETAIL_PREFIX)) {
    let id: string;
    try {
      id = decodeURIComponent(path.slice(NEWS_DETAIL_PREFIX.length));
    } catch {
      throw badParam('id', 'not a valid URL-encoded id');
    }
    const detail: WireNewsDetail | null = market.newsDetail?.(id) ?? null;
    if (detail === null) {
      throw new SimulatorError(200, `E001 not found this news: ${id}`, {}, UNKNOWN_PRODUCT_CODE);
    }
    return detail;
  }
  if (path === IPOS_PATH) {
    const type = query.get('type');
    if (type === null || type === '') throw badParam('type', 'missing');
    if (!(IPO_KINDS as readonly string[]).includes(type)) {
      throw badParam('type', `expected upcoming or recent, got ${JSON.stringify(type)}`);
    }
    const region = regionParam(query, 'region');
    if (denied.has(`stock:${region}`)) return null;
    return ipos(type as IpoKind, region, now);
  }
  if (path === SPLITS_PATH) {
    const region = regionParam(query, 'region');
    if (denied.has(`stock:${region}`)) return null;
    return splits(region, now);
  }
  const region = regionParam(query, 'code');
  if (denied.has(`stock:${region}`)) return null;
  const calendar = stockCalendar(region);
  if (calendar === null) throw unknownMarket(region);
  return path === MARKET_STATUS_PATH
    ? marketStatus(calendar, region, now)
    : holidays(calendar, region, now);
}
