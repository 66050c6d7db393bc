/**
 * Time-zone arithmetic on Node's ICU data: the offset of a zone at an instant, and a
 * zone's wall-clock time turned into Unix ms. Days are numbered as "day numbers":
 * whole days since 1970-01-01 of a local calendar date (Thursday = day 0).
 */

export const DAY_MS = 86_400_000;
export const MINUTE_MS = 60_000;
const HOUR_MS = 3_600_000;

const offsetCache = new Map<string, Map<number, number>>();

/**
 * One `Intl.DateTimeFormat` per time zone for a locale and options, made on a zone's
 * first use and kept: building one costs far more than formatting with it. The offset
 * arithmetic here, the market-state words (src/shared/model/market-state.ts) and the
 * command line's market clock read through one of these.
 */
export function zoneFormats(
  locale: string,
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>,
): (timeZone: string) => Intl.DateTimeFormat {
  const byZone = new Map<string, Intl.DateTimeFormat>();
  return (timeZone) => {
    let f = byZone.get(timeZone);
    if (!f) {
      f = new Intl.DateTimeFormat(locale, { ...options, timeZone });
      byZone.set(timeZone, f);
    }
    return f;
  };
}

/** The parts of `at` as `format` writes it, by type ('' for a part it does not write). */
export function partsAt(
  format: Intl.DateTimeFormat,
  at: number,
): (type: Intl.DateTimeFormatPartTypes) => string {
  const parts = format.formatToParts(at);
  return (type) => parts.find((p) => p.type === type)?.value ?? '';
}

const wallClock = zoneFormats('en-US', {
  hourCycle: 'h23',
  year: 'numeric',
  month: 'numeric',
  day: 'numeric',
  hour: 'numeric',
  minute: 'numeric',
});

function computeOffset(timeZone: string, utcMs: number): number {
  const part = partsAt(wallClock(timeZone), utcMs);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(part(type) || 0);
  const wall = Date.UTC(get('year'), get('month') - 1, get('day'), get('hour'), get('minute'));
  return wall - Math.floor(utcMs / MINUTE_MS) * MINUTE_MS;
}

/**
 * Offset of `timeZone` from UTC at `utcMs`, in ms (e.g. +8 h for Asia/Hong_Kong).
 * Memoised per zone and UTC hour: every zone the simulator uses changes offset on
 * an hour boundary.
 */
export function offsetAt(timeZone: string, utcMs: number): number {
  if (timeZone === 'UTC') return 0;
  let perZone = offsetCache.get(timeZone);
  if (!perZone) {
    perZone = new Map();
    offsetCache.set(timeZone, perZone);
  }
  const hour = Math.floor(utcMs / HOUR_MS);
  let off = perZone.get(hour);
  if (off === undefined) {
    if (perZone.size > 50_000) perZone.clear();
    off = computeOffset(timeZone, hour * HOUR_MS);
    perZone.set(hour, off);
  }
  return off;
}

/** The Unix ms at which the zone's wall clock shows `day` + `minuteOfDay` minutes. */
export function zonedToUtc(timeZone: string, day: number, minuteOfDay: number): number {
  const wall = day * DAY_MS + minuteOfDay * MINUTE_MS;
  const first = offsetAt(timeZone, wall);
  const second = offsetAt(timeZone, wall - first);
  return wall - second;
}

/** The local calendar day number of an instant in a zone. */
export function localDay(timeZone: string, utcMs: number): number {
  return Math.floor((utcMs + offsetAt(timeZone, utcMs)) / DAY_MS);
}

/** 0 = Sunday … 6 = Saturday, of a day number. */
export function weekday(day: number): number {
  return (((day + 4) % 7) + 7) % 7;
}

/** Day number of a calendar date (month 1–12). */
export function dayOf(year: number, month: number, dayOfMonth: number): number {
  return Math.floor(Date.UTC(year, month - 1, dayOfMonth) / DAY_MS);
}
