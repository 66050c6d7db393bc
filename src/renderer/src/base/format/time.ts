/**
 * Time formatting: clock times in an exchange's zone or the user's, relative ages
 * ("3m ago"), and the exchange zone of each region. Pure functions over Unix ms;
 * `Intl.DateTimeFormat` instances are cached per (zone, shape) (shared/calendar's
 * `zoneFormats`).
 */
import { zoneFormats } from '../../../../shared/calendar/time-zone';
import type { AssetClass, TimeZoneMode, UnixMs } from '../../../../shared/model';
import { EMPTY } from '../../../../shared/format/numbers';

/** IANA zone of each region's exchanges (crypto trades around the clock: UTC). */
const REGION_ZONES: Record<string, string> = {
  HK: 'Asia/Hong_Kong',
  US: 'America/New_York',
  GB: 'Europe/London',
  SH: 'Asia/Shanghai',
  SZ: 'Asia/Shanghai',
  CN: 'Asia/Shanghai',
  JP: 'Asia/Tokyo',
  SG: 'Asia/Singapore',
  TW: 'Asia/Taipei',
  IN: 'Asia/Kolkata',
  TH: 'Asia/Bangkok',
  DE: 'Europe/Berlin',
  MX: 'America/Mexico_City',
  MY: 'Asia/Kuala_Lumpur',
  TR: 'Europe/Istanbul',
  ES: 'Europe/Madrid',
  NL: 'Europe/Amsterdam',
  FR: 'Europe/Paris',
  KR: 'Asia/Seoul',
  AU: 'Australia/Sydney',
  CA: 'America/Toronto',
};

/** The exchange's zone for a class and region; UTC for crypto and unknown regions. */
export function exchangeZone(assetClass: AssetClass, region: string): string {
  if (assetClass === 'crypto') return 'UTC';
  return REGION_ZONES[region.toUpperCase()] ?? 'UTC';
}

/**
 * The zone to show times in: the exchange's (settings `exchange`), UTC (`utc`) or the
 * user's (`local`, returned as undefined so Intl uses the system zone).
 */
export function displayZone(
  mode: TimeZoneMode | undefined,
  assetClass: AssetClass,
  region: string,
): string | undefined {
  if (mode === 'local') return undefined;
  return mode === 'utc' ? 'UTC' : exchangeZone(assetClass, region);
}

/**
 * The user's own zone as Intl resolves it: what a zone `undefined` stands for here. Asked
 * on first use, not as the module loads: the first `Intl.DateTimeFormat` loads the
 * browser's time-zone data (~70 ms at a cold start), which the first quotes do not need.
 */
let ownZone: string | null = null;
function ownZoneName(): string {
  return (ownZone ??= Intl.DateTimeFormat().resolvedOptions().timeZone);
}

const zoneNames = zoneFormats('en-US', { timeZoneName: 'short' });

/**
 * A zone's short name at `time`, as an axis can carry it: "UTC", "EST", "GMT+8";
 * `zone` undefined is the user's own. Its full name (IANA) is `zoneTitle`'s.
 */
export function zoneLabel(zone: string | undefined, time: UnixMs): string {
  const f = zoneNames(zone ?? ownZoneName());
  const name = f.formatToParts(time).find((p) => p.type === 'timeZoneName')?.value ?? 'UTC';
  return name === 'GMT' && (zone === 'UTC' || zone === undefined) ? 'UTC' : name;
}

/** The words for a zone: "UTC", "America/New_York (exchange)", "your time (Europe/Paris)". */
export function zoneTitle(mode: TimeZoneMode | undefined, zone: string | undefined): string {
  if (mode === 'local') return `Times in your time zone (${ownZoneName()})`;
  if (mode === 'utc') return 'Times in UTC';
  return `Times in the exchange's time zone (${zone ?? 'UTC'})`;
}

/**
 * The quote board's Time column, whose rows are of several markets: in the exchanges'
 * zones a US row's "11:00:23" stands beside a crypto row's "16:00:24", so its header
 * says whose zone each row's time is in.
 */
export function boardTimeTitle(mode: TimeZoneMode | undefined): string {
  if (mode === 'local' || mode === 'utc') return zoneTitle(mode, undefined);
  return "Each row's time in its exchange's time zone (crypto in UTC)";
}

/** The date/time shapes the panes show. */
export type Shape = 'time' | 'seconds' | 'date' | 'dateTime' | 'day' | 'monthName' | 'year';

const SHAPES: Record<Shape, Intl.DateTimeFormatOptions> = {
  time: { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' },
  seconds: { hour: '2-digit', minute: '2-digit', second: '2-digit', hourCycle: 'h23' },
  date: { year: 'numeric', month: 'short', day: '2-digit' },
  dateTime: {
    year: 'numeric',
    month: 'short',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  },
  day: { month: 'short', day: 'numeric' },
  monthName: { month: 'short' },
  year: { year: 'numeric' },
};

const shapeFormats = Object.fromEntries(
  Object.entries(SHAPES).map(([shape, options]) => [shape, zoneFormats('en-GB', options)]),
) as Record<Shape, (zone: string) => Intl.DateTimeFormat>;

/** A cached formatter of one shape in one zone (undefined: the user's zone). */
export function dateFormat(shape: Shape, zone: string | undefined): Intl.DateTimeFormat {
  return shapeFormats[shape](zone ?? ownZoneName());
}

function valid(ms: UnixMs | null | undefined): ms is UnixMs {
  return typeof ms === 'number' && Number.isFinite(ms) && ms > 0;
}

/** Clock time HH:MM:SS in the zone. */
export function formatClock(ms: UnixMs | null | undefined, zone?: string): string {
  return valid(ms) ? dateFormat('seconds', zone).format(ms) : EMPTY;
}

/** Date and time, e.g. "22 Nov 2026, 03:04". */
export function formatDateTime(ms: UnixMs | null | undefined, zone?: string): string {
  return valid(ms) ? dateFormat('dateTime', zone).format(ms) : EMPTY;
}

/**
 * A quote time: the clock time when it is from the same day as `now` in the zone,
 * the day otherwise (a halted or closed market's last trade), with the year only
 * when it is not this year's — short enough for the board's Time column.
 */
export function formatQuoteTime(ms: UnixMs | null | undefined, now: UnixMs, zone?: string): string {
  if (!valid(ms)) return EMPTY;
  const date = dateFormat('date', zone);
  if (date.format(ms) === date.format(now)) return formatClock(ms, zone);
  const year = dateFormat('year', zone);
  return year.format(ms) === year.format(now)
    ? dateFormat('day', zone).format(ms)
    : date.format(ms);
}

/** How long ago: "just now", "42s ago", "3m ago", "5h ago", "2d ago", then the date. */
export function formatRelative(ms: UnixMs | null | undefined, now: UnixMs, zone?: string): string {
  if (!valid(ms)) return EMPTY;
  const seconds = Math.floor((now - ms) / 1000);
  if (seconds < 5) return 'just now';
  if (seconds < 60) return `${seconds}s ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes}m ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h ago`;
  const days = Math.floor(hours / 24);
  if (days < 7) return `${days}d ago`;
  return dateFormat('date', zone).format(ms);
}
