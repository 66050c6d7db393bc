/**
 * A market's state from the app's own calendars (shared/calendar's `calendarFor` and
 * `marketStateAt`): complete for crypto (every day), forex (its week) and futures'
 * sessions; for a stock market it is the built-in exchange table where there is one
 * (else the regular sessions), which the app says it is (basis `regular`) until the
 * service's calendar is in.
 */
import { calendarFor, marketStateAt, sessionsOn, type RegionCalendar } from '../../shared/calendar';
import { localDay, zonedToUtc } from '../../shared/calendar/time-zone';
import { isTradingPhase, type AssetClass, type MarketState, type UnixMs } from '../../shared/model';

/** A market's state at an instant with its next open and close. */
export interface PhaseAt {
  phase: MarketState;
  holiday: string | null;
  /** The trading date closes early. */
  halfDay?: boolean;
  /** Next regular session start (the afternoon during a lunch break). */
  nextOpen: UnixMs | null;
  /** End of the session in progress (pre, regular or post); null outside one. */
  nextClose: UnixMs | null;
  timeZone: string;
  /**
   * While not trading: the end of the last session (pre or post included) before the
   * instant, when its last prices were made; null while trading or when not known.
   */
  lastClose?: UnixMs | null;
  /**
   * The next instant the state changes: any session's start or end, and on a weekend day
   * its end (local midnight), when it stops being a weekend.
   */
  nextChange: UnixMs | null;
}

/** Classes whose hours the app's own calendar knows completely. */
export function calendarIsComplete(cls: AssetClass): boolean {
  return cls === 'crypto' || cls === 'forex' || cls === 'future';
}

/** How far ahead the next session's start or end is looked for, and back for the last's end. */
const LOOK_AHEAD_DAYS = 30;

/** The next start or end of any session of `calendar` after `at`, or null. */
export function nextChange(calendar: RegionCalendar, at: UnixMs): UnixMs | null {
  const today = localDay(calendar.timeZone, at);
  let next: number | null = null;
  for (let day = today - 1; day <= today + LOOK_AHEAD_DAYS; day++) {
    for (const s of sessionsOn(calendar, day) ?? []) {
      for (const t of [s.start, s.end]) if (t > at && (next === null || t < next)) next = t;
    }
    if (next !== null && day > today) break;
  }
  return next;
}

/** The end of the last session of `calendar` (pre and post included) at or before `at`, or null. */
export function lastSessionEnd(calendar: RegionCalendar, at: UnixMs): UnixMs | null {
  const today = localDay(calendar.timeZone, at);
  for (let day = today; day >= today - LOOK_AHEAD_DAYS; day--) {
    let last: number | null = null;
    for (const s of sessionsOn(calendar, day) ?? []) {
      if (s.end <= at && (last === null || s.end > last)) last = s.end;
    }
    if (last !== null) return last;
  }
  return null;
}

/** The state of a calendar (the service's, or the app's own) at `at`. */
export function stateOfCalendar(calendar: RegionCalendar, at: UnixMs): PhaseAt {
  const info = marketStateAt(calendar, at);
  const trading = isTradingPhase(info.state);
  let next = nextChange(calendar, at);
  if (info.state === 'weekend') {
    // A weekend ends at local midnight, a change even with no session that day.
    const midnight = zonedToUtc(calendar.timeZone, localDay(calendar.timeZone, at) + 1, 0);
    if (next === null || midnight < next) next = midnight;
  }
  return {
    phase: info.state,
    holiday: info.holiday,
    ...(info.halfDay ? { halfDay: true } : {}),
    nextOpen: info.nextOpen,
    nextClose: trading ? info.sessionEnd : null,
    lastClose: trading ? null : lastSessionEnd(calendar, at),
    timeZone: info.timeZone,
    nextChange: next,
  };
}

/** The state by the app's own calendar of `cls` in `region` at `at`. */
export function regularState(cls: AssetClass, region: string, at: UnixMs): PhaseAt {
  // Crypto never closes: its back-to-back days are one open stretch.
  if (cls === 'crypto') {
    const timeZone = 'UTC';
    return {
      phase: 'open',
      holiday: null,
      nextOpen: null,
      nextClose: null,
      timeZone,
      nextChange: null,
    };
  }
  return stateOfCalendar(calendarFor(cls, region), at);
}
