/**
 * The compact text an exchange table states its closed days and half days in (./table.ts),
 * and the builder that turns it into the table's rows. One line is one holiday:
 *
 *     <dates…> [HH:MM] <name>
 *
 * - a date `YYYY-MM-DD` is that day, written as the exchange published it;
 * - `MM-DD` is that day in each year the tables cover (TABLE_YEARS in ./table.ts), where
 *   it falls on a weekday (a weekend is closed anyway; a substitute day is a line of its own);
 * - `Easter-2`, `Easter+1`… is that many days from Western Easter Sunday, each year;
 * - `HH:MM` after the dates makes them half days closing then;
 * - the rest of the line is the holiday's name, as the app shows it.
 *
 * Lines may come in any order (rows come out in date order) and blank lines are skipped;
 * a line without a date or a name, an impossible date, or a date given twice is an error
 * naming the line, thrown when the table is built.
 */
import { TABLE_YEARS, type HolidayRow } from './table';

/** Every year from TABLE_YEARS' first to its last. */
const YEARS = Array.from(
  { length: TABLE_YEARS[1] - TABLE_YEARS[0] + 1 },
  (_, i) => TABLE_YEARS[0] + i,
);

const DAY_MS = 86_400_000;
const FULL_DATE = /^\d{4}-\d{2}-\d{2}$/;
const MONTH_DAY = /^(\d{2})-(\d{2})$/;
const EASTER = /^Easter([+-]\d{1,2})$/;
const CLOCK = /^\d{2}:\d{2}$/;

/** `YYYY-MM-DD` of Unix ms at a UTC midnight. */
function isoOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** Western (Gregorian) Easter Sunday of `year`, as Unix ms at UTC midnight (the anonymous Gregorian algorithm). */
export function easterSunday(year: number): number {
  const a = year % 19;
  const b = Math.floor(year / 100);
  const c = year % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const month = Math.floor((h + l - 7 * m + 114) / 31);
  const day = ((h + l - 7 * m + 114) % 31) + 1;
  return Date.UTC(year, month - 1, day);
}

function isWeekday(ms: number): boolean {
  const wd = new Date(ms).getUTCDay();
  return wd !== 0 && wd !== 6;
}

/**
 * The `YYYY-MM-DD` dates of a fixed-date holiday (`month` 1–12) in `years` that fall on a
 * weekday: the rule of a table's `MM-DD` lines and of the calendars' 1 January and
 * 25 December outside the tables' years.
 */
export function onWeekdays(month: number, day: number, years: Iterable<number>): string[] {
  const out: string[] = [];
  for (const y of years) {
    const ms = Date.UTC(y, month - 1, day);
    if (isWeekday(ms)) out.push(isoOf(ms));
  }
  return out;
}

/** The dates one date token stands for, or null when it is not a date token. */
function datesOf(token: string, line: string): string[] | null {
  if (FULL_DATE.test(token)) {
    const ms = Date.parse(`${token}T00:00:00Z`);
    if (Number.isNaN(ms) || isoOf(ms) !== token)
      throw new Error(`${token} is not a date: "${line}"`);
    return [token];
  }
  const md = MONTH_DAY.exec(token);
  if (md) {
    const [month, day] = [Number(md[1]), Number(md[2])];
    if (isoOf(Date.UTC(2001, month - 1, day)).slice(5) !== token) {
      throw new Error(`${token} is not a date: "${line}"`);
    }
    return onWeekdays(month, day, YEARS);
  }
  const easter = EASTER.exec(token);
  if (easter) {
    const offset = Number(easter[1]) * DAY_MS;
    return YEARS.map((y) => easterSunday(y) + offset)
      .filter(isWeekday)
      .map(isoOf);
  }
  return null;
}

/** The rows of a table's closed-days text (the format above), in date order. */
export function closedDays(text: string): HolidayRow[] {
  const rows = new Map<string, HolidayRow>();
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (line === '') continue;
    const words = line.split(/\s+/);
    const dates: string[] = [];
    let at = 0;
    for (let found; at < words.length && (found = datesOf(words[at]!, line)); at++) {
      dates.push(...found);
    }
    if (at === 0) throw new Error(`closed-days line starts with no date: "${line}"`);
    const close = words[at] !== undefined && CLOCK.test(words[at]!) ? words[at++] : undefined;
    const name = words.slice(at).join(' ');
    if (name === '') throw new Error(`closed-days line has no name: "${line}"`);
    for (const date of dates) {
      if (rows.has(date)) throw new Error(`${date} is listed twice: "${line}"`);
      rows.set(date, close === undefined ? [date, name] : [date, name, close]);
    }
  }
  return [...rows.values()].sort((a, b) => (a[0] < b[0] ? -1 : 1));
}
