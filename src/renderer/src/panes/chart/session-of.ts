/**
 * Which session an intraday bar of an instrument falls in, from its market's calendar
 * (src/shared/calendar): null for a market without pre- or post-market sessions, so a
 * chart of it shades nothing.
 */
import { calendarFor, sessionsOn, type DaySession } from '../../../../shared/calendar';
import { localDay } from '../../../../shared/calendar/time-zone';
import type { AssetClass } from '../../../../shared/model';
import type { SessionKind } from './session-marks';

export function sessionClassifier(
  cls: AssetClass,
  region: string,
): ((time: number) => SessionKind) | null {
  const calendar = calendarFor(cls, region);
  if (!calendar.sessions.some((s) => s.kind !== 'regular')) return null;
  // A chart asks bar after bar of the same few days: each day's sessions once.
  const days = new Map<number, DaySession[] | null>();
  const sessionsOf = (day: number) => {
    let sessions = days.get(day);
    if (sessions === undefined) days.set(day, (sessions = sessionsOn(calendar, day)));
    return sessions;
  };
  return (time) => {
    const today = localDay(calendar.timeZone, time);
    // A session opening the evening before belongs to the next trading date.
    for (const day of [today, today + 1]) {
      const inside = sessionsOf(day)?.find((s) => time >= s.start && time < s.end);
      if (inside) return inside.kind;
    }
    return 'regular';
  };
}
