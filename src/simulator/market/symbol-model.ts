/**
 * Everything fixed about one simulated instrument: its seed, calendar, price grid,
 * price level, volatility, volume scale and trading life. Built once per catalog
 * instrument (the market memoises it), so the per-request work mixes integers only.
 */
import type { AssetClass } from '../../shared/model';
import { calendarFor, isTradingDate, daySessions } from '../../shared/calendar/calendars';
import type { Calendar, DaySessions } from '../../shared/calendar/calendars';
import type { CatalogEntry } from './catalog';
import { hashString, mix, unit } from './hash';
import { tickRuleFor } from './ticks';
import type { TickRule } from './ticks';
import { dayOf, localDay } from '../../shared/calendar/time-zone';
import { dayOfIso } from '../../shared/calendar/region-calendar';
import { LISTINGS, SPLITS } from './catalog/events';

export interface SymbolModel {
  /** Small integer unique within one market instance; part of cache keys. */
  id: number;
  cls: AssetClass;
  region: string;
  /** The canonical code (the catalog's). */
  code: string;
  seed: number;
  /** The catalog entry: name, level, exchange, reference data. */
  entry: CatalogEntry;
  /** Trading status `ts`: 0 normal, 1 halted, 2 delisted, 3 circuit breaker (stocks only). */
  status: 0 | 1 | 2 | 3;
  calendar: Calendar;
  tickRule: TickRule;
  /** The level the price path wanders around. */
  basePrice: number;
  /** Standard deviation of the daily log return. */
  dailyVol: number;
  /** Standard deviation of the overnight gap (0 for markets that trade continuously). */
  gapVol: number;
  /** Volume units per 1 (crypto volumes carry four decimals). */
  volScale: number;
  /** Volumes are multiples of this many units (board lots). */
  lot: number;
  /** Mean volume per minute, in units. */
  minuteVolume: number;
  /** First trading date (day number). */
  firstDay: number;
  /** Last trading date (day number, inclusive); Infinity while listed and trading. */
  lastDay: number;
  /**
   * Its splits in date order: `day` is the first trading date on the new share count,
   * `factor` new shares per old one (10 for `1:10`). Raw prices before `day` are
   * `factor` times higher (./catalog/events.ts).
   */
  splits: ReadonlyArray<{ day: number; factor: number }>;
}

/** The splits of an instrument (./catalog/events.ts), in date order. */
function splitsOf(region: string, code: string): Array<{ day: number; factor: number }> {
  return SPLITS.filter((e) => e.region === region && e.code === code)
    .map((e) => {
      const [from, to] = e.ratio.split(':').map(Number);
      return { day: dayOfIso(e.date)!, factor: to! / from! };
    })
    .sort((a, b) => a.day - b.day);
}

/** The listing date of an instrument listed inside the simulated history, or null. */
export function listingDayOf(region: string, code: string): number | null {
  const e = LISTINGS.find((l) => l.region === region && l.code === code);
  return e ? dayOfIso(e.date) : null;
}

/**
 * How many times a raw price of `day` is its price on today's share count: the
 * product of the factors of the splits after `day` (1 when none).
 */
export function splitFactor(sym: SymbolModel, day: number): number {
  let f = 1;
  for (const s of sym.splits) if (day < s.day) f *= s.factor;
  return f;
}

/** Simulated history starts here (crypto later); older candles do not exist. */
export const HISTORY_START_DAY = dayOf(2015, 1, 5);
export const CRYPTO_HISTORY_START_DAY = dayOf(2019, 1, 1);
/** Halted stocks (ts 1) last traded on this date. */
export const HALT_LAST_DAY = dayOf(2026, 11, 13);
/** Delisted stocks (ts 2) last traded on this date. */
export const DELIST_LAST_DAY = dayOf(2026, 6, 30);

const DAILY_VOL: Record<AssetClass, number> = {
  stock: 0.018,
  crypto: 0.03,
  fund: 0.01,
  indices: 0.009,
  forex: 0.005,
  future: 0.011,
};

const LOT_REGIONS = new Set(['HK', 'SH', 'SZ', 'JP']);

const logUniform = (u: number, [lo, hi]: [number, number]) =>
  Math.exp(Math.log(lo) + u * (Math.log(hi) - Math.log(lo)));

/**
 * Mean traded value per day (currency units) that sets the volume of a symbol: 0.4 %
 * of a stock's shares a day; hashed plausible ranges for the classes without shares.
 */
function dailyTurnover(entry: CatalogEntry, price: number, h: number): number {
  if (entry.shares !== undefined) return entry.shares * 0.004 * price;
  const u = unit(mix(h, 0xd0));
  switch (entry.class) {
    case 'crypto':
      return 2e9 * (0.5 + u);
    case 'forex':
      return logUniform(u, [1e5, 3e5]) * price; // tick volume
    case 'indices':
      return logUniform(u, [5e8, 3e9]) * 20;
    case 'future':
      return logUniform(u, [5e4, 2e6]) * price;
    default:
      return logUniform(u, [2e7, 5e9]);
  }
}

/** Builds the model of one catalog instrument. `id` is assigned by the caller. */
export function createSymbolModel(id: number, seed: number, entry: CatalogEntry): SymbolModel {
  const { class: cls, region, code, status } = entry;
  // The empty field is the exchange: the catalog lists each instrument once, on its
  // primary listing, and this keeps the seeds (and so the prices) of earlier versions.
  const h = mix(seed, hashString(`${cls}|${region}||${code}`));
  const calendar = calendarFor(cls, region, entry.home);
  const basePrice = entry.price;
  const volScale = cls === 'crypto' ? 10_000 : 1;
  const lot = cls === 'stock' && LOT_REGIONS.has(region) ? 100 : 1;
  const minutesPerDay = calendar.regular.reduce((n, [a, b]) => n + b - a, 0);
  const units = (dailyTurnover(entry, basePrice, h) / basePrice / minutesPerDay) * volScale;
  const continuous = cls === 'crypto' || cls === 'forex' || cls === 'future';
  return {
    id,
    cls,
    region,
    code,
    seed: h,
    entry,
    status,
    calendar,
    tickRule: tickRuleFor(cls, region, code, entry.tick),
    basePrice,
    dailyVol: DAILY_VOL[cls] * (status === 3 ? 3 : 1) * (0.8 + 0.4 * unit(mix(h, 0x70))),
    gapVol: continuous ? 0 : DAILY_VOL[cls] * 0.35,
    volScale,
    lot,
    minuteVolume: Math.max(units, lot * 2),
    firstDay: Math.max(
      cls === 'crypto' ? CRYPTO_HISTORY_START_DAY : HISTORY_START_DAY,
      (cls === 'stock' ? listingDayOf(region, code) : null) ?? -Infinity,
    ),
    lastDay: status === 1 ? HALT_LAST_DAY : status === 2 ? DELIST_LAST_DAY : Infinity,
    splits: cls === 'stock' ? splitsOf(region, code) : [],
  };
}

/** True if the symbol trades on this date. */
export function tradesOn(sym: SymbolModel, day: number): boolean {
  return day >= sym.firstDay && day <= sym.lastDay && isTradingDate(sym.calendar, day);
}

/** The symbol's sessions on a date, or null when it does not trade. */
export function sessionsOf(sym: SymbolModel, day: number): DaySessions | null {
  return tradesOn(sym, day) ? daySessions(sym.calendar, day) : null;
}

/** The latest trading date whose first session opened at or before `t`; null before listing. */
export function dayAtOrBefore(sym: SymbolModel, t: number): number | null {
  // +1: forex and futures open the evening before their trading date.
  let d = Math.min(localDay(sym.calendar.timeZone, t) + 1, sym.lastDay);
  for (let tries = 0; d >= sym.firstDay && tries < 30; d--, tries++) {
    const s = sessionsOf(sym, d);
    if (s && s.open <= t) return d;
  }
  return null;
}

/** The symbol's trading date before `day`; null before listing. */
export function previousDay(sym: SymbolModel, day: number): number | null {
  const start = Math.min(day - 1, sym.lastDay);
  for (let d = start; d >= sym.firstDay && d > start - 30; d--) if (tradesOn(sym, d)) return d;
  return null;
}

/** The symbol's trading date after `day`; null if none within three weeks. */
export function nextDay(sym: SymbolModel, day: number): number | null {
  for (let d = Math.max(day + 1, sym.firstDay); d <= sym.lastDay && d < day + 21; d++) {
    if (tradesOn(sym, d)) return d;
  }
  return null;
}
