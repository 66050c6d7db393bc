/**
 * The events pane's rows: splits newest first, each upcoming or done; a market's next
 * holidays from today; the markets a workspace shows. Pure.
 */
import type { Holiday } from '../../../../shared/calendar';
import type { HealthState, Split, UnixMs } from '../../../../shared/model';
import { dateFormat } from '../../base/format/time';

/** Most holidays shown per market. */
export const HOLIDAYS_SHOWN = 3;

export interface SplitRow extends Split {
  upcoming: boolean;
}

/** Splits newest first (upcoming ones, the furthest off, on top), each marked upcoming or done. */
export function splitRows(splits: readonly Split[], now: UnixMs): SplitRow[] {
  return splits
    .map((s) => ({ ...s, upcoming: s.date > now }))
    .sort((a, b) => b.date - a.date || a.code.localeCompare(b.code));
}

/** `YYYY-MM-DD` of `now` in `timeZone` (UTC when unknown). */
export function localDate(now: UnixMs, timeZone = 'UTC'): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** The next `count` holidays from the market's own today (in `timeZone`) on, soonest first. */
export function nextHolidays(
  holidays: readonly Holiday[],
  now: UnixMs,
  timeZone?: string,
  count = HOLIDAYS_SHOWN,
): Holiday[] {
  const from = localDate(now, timeZone);
  return holidays
    .filter((h) => h.date >= from)
    .sort((a, b) => a.date.localeCompare(b.date))
    .slice(0, count);
}

/** The classes whose markets close for holidays in the workspace's sense (exchange calendars). */
const CALENDAR_CLASSES: ReadonlySet<string> = new Set(['stock', 'fund', 'indices']);

/** The regions of the exchange-listed symbols in `symbols`, in first-seen order. */
export function workspaceMarkets(symbols: readonly { class: string; region: string }[]): string[] {
  const seen = new Set<string>();
  for (const s of symbols) if (CALENDAR_CLASSES.has(s.class)) seen.add(s.region);
  return [...seen];
}

/** What the captions read of a list. */
export interface EventListLike {
  asOf: UnixMs | null;
  offline: boolean;
  problem?: { kind: string; message: string };
}

/** What a list's caption says: where its rows come from and how old they are, or why none. */
export function listNote(
  list: EventListLike,
  source: string | null,
  age: (ms: UnixMs) => string,
): string {
  const from = source === null ? '' : source === 'demo' ? 'demo data' : 'live data';
  if (list.problem?.kind === 'not-in-plan') return list.problem.message;
  const cached = list.asOf === null ? 'nothing cached' : `cached ${age(list.asOf)}`;
  if (list.offline) return `offline · ${cached}`;
  if (list.problem) return `${list.problem.message}${list.asOf === null ? '' : ` · ${cached}`}`;
  if (list.asOf === null) return 'not loaded yet';
  return [from, `as of ${age(list.asOf)}`].filter(Boolean).join(' · ');
}

/**
 * A list as the pane shows it, given the app's health. Lists are loaded once (asked of
 * the service at most once a day) and have no subscription: fetched live and the service
 * gone since, they are a copy the pane cannot refresh, and say so as the company card
 * does (a dead network left every list saying "live data · as of 1m ago" beside the
 * status bar's OFFLINE).
 */
export function listAsShown<L extends EventListLike>(list: L, health: HealthState | null): L {
  if (list.asOf === null || list.problem !== undefined || list.offline) return list;
  if (health === 'offline') return { ...list, offline: true };
  if (health === 'token-rejected') {
    return { ...list, problem: { kind: 'error', message: 'token rejected' } };
  }
  return list;
}

/**
 * A holiday's day (`YYYY-MM-DD`, the market's own) as the pane's other dates read:
 * "26 Nov 2026", beside the IPOs' "30 Sept 2020" and the splits' "06 Jun 2022" (it
 * was the one list in ISO form).
 */
export function holidayDate(date: string): string {
  const ms = Date.parse(`${date}T00:00:00Z`);
  return Number.isFinite(ms) ? dateFormat('date', 'UTC').format(ms) : date;
}

/** "closes 13:00" for a half day's early close (minutes of the local day), '' for a closed day. */
export function earlyCloseText(minute: number | null): string {
  if (minute === null) return '';
  const h = String(Math.floor(minute / 60)).padStart(2, '0');
  const m = String(minute % 60).padStart(2, '0');
  return `half day, closes ${h}:${m}`;
}
