/**
 * A market's state from the regular sessions the app knows (shared/calendar's
 * `calendarFor`): weekends and sessions, no exchange holidays, no pre/post sessions.
 * Complete for crypto (every day), forex (its week) and futures' sessions; for stocks it
 * is a guess the app says it is (basis `regular`) until the service's calendar is in.
 */
import { calendarFor, daySessions } from '../../shared/calendar/calendars';
import { localDay, weekday } from '../../shared/calendar/time-zone';
import type { AssetClass, MarketPhase, UnixMs } from '../../shared/model';

/** A market's phase at an instant with its next open and close. */
export interface PhaseAt {
  phase: MarketPhase;
  holiday: string | null;
  nextOpen: UnixMs | null;
  nextClose: UnixMs | null;
  timeZone: string;
}

/** Classes whose hours the app's own calendar knows completely. */
export function calendarIsComplete(cls: AssetClass): boolean {
  return cls === 'crypto' || cls === 'forex' || cls === 'future';
}

/** How far ahead the next open is looked for (a long holiday plus a weekend). */
const LOOK_AHEAD_DAYS = 14;

/** The state by the regular sessions of `cls` in `region` at `at`. */
export function regularState(cls: AssetClass, region: string, at: UnixMs): PhaseAt {
  const calendar = calendarFor(cls, region);
  const timeZone = calendar.timeZone;
  const today = localDay(timeZone, at);
  // Sessions that start the evening before belong to the next date: look at yesterday too.
  const intervals: [number, number][] = [];
  for (let d = today - 1; d <= today + LOOK_AHEAD_DAYS; d++) {
    const s = daySessions(calendar, d);
    if (!s) continue;
    for (let k = 0; k < s.starts.length; k++) {
      intervals.push([s.starts[k]!, s.starts[k]! + s.counts[k]! * 60_000]);
    }
  }
  intervals.sort((a, b) => a[0] - b[0]);
  const current = intervals.find(([from, to]) => at >= from && at < to);
  const next = intervals.find(([from]) => from > at);
  if (current) {
    // Back-to-back sessions (crypto's days) are one open stretch.
    let close = current[1];
    for (const [from, to] of intervals) if (from === close) close = to;
    return {
      phase: 'open',
      holiday: null,
      nextOpen: next?.[0] ?? null,
      nextClose: close,
      timeZone,
    };
  }
  const nextOpen = next?.[0] ?? null;
  const wd = weekday(today);
  const sameDay = nextOpen !== null && localDay(timeZone, nextOpen) === today;
  const earlier = intervals.some(([, to]) => to <= at && localDay(timeZone, to) === today);
  let phase: MarketPhase = 'closed';
  if (!calendar.everyDay && (wd === 0 || wd === 6) && !sameDay) phase = 'weekend';
  else if (sameDay && earlier) phase = 'lunch-break';
  return { phase, holiday: null, nextOpen, nextClose: null, timeZone };
}
