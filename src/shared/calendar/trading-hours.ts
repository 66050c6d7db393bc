/**
 * A market's trading hours as the service writes them (docs/api-gaps.md, "Market
 * calendar"): sessions separated by `,`, a lunch break by `|`, in the market's local
 * time — Hong Kong `09:00-09:30,09:30-12:00|13:00-16:00,16:00-16:30` is a pre-opening
 * session, the regular sessions with a lunch break between them, and a closing auction.
 *
 * Each `,`-separated phase is pre, regular or post: the phase with the most minutes is
 * the regular one, those before it pre, those after it post (US
 * `04:00-09:30,09:30-16:00,16:00-20:00`). A range whose end is not after its start
 * (`18:00-17:00`) opens the evening before the trading date it belongs to (futures,
 * forex): its start is negative minutes here.
 */

export type SessionKind = 'pre' | 'regular' | 'post';

/** One session of a trading date, in minutes from local midnight of that date. */
export interface Session {
  kind: SessionKind;
  /** Start minute; negative = the evening before. */
  start: number;
  /** End minute (exclusive), > start. */
  end: number;
}

/** Trading-hours text that cannot be read. */
export class TradingHoursError extends RangeError {
  override readonly name = 'TradingHoursError';
}

const RANGE = /^(\d{1,2}):(\d{2})-(\d{1,2}):(\d{2})$/;

function minuteOf(h: string, m: string, text: string): number {
  const hh = Number(h);
  const mm = Number(m);
  if (hh > 24 || mm > 59 || (hh === 24 && mm !== 0)) {
    throw new TradingHoursError(`trading hours ${JSON.stringify(text)}: ${h}:${m} is not a time`);
  }
  return hh * 60 + mm;
}

/**
 * The sessions of a trading-hours text, in time order. Throws a TradingHoursError
 * naming the text for anything else (empty, a malformed range, overlapping sessions).
 */
export function parseTradingHours(text: string): Session[] {
  const trimmed = text.trim();
  if (trimmed === '') throw new TradingHoursError('trading hours are empty');
  const phases = trimmed.split(',').map((phase) =>
    phase.split('|').map((range) => {
      const m = RANGE.exec(range.trim());
      if (!m) {
        throw new TradingHoursError(
          `trading hours ${JSON.stringify(text)}: ${JSON.stringify(range)} is not HH:MM-HH:MM`,
        );
      }
      let start = minuteOf(m[1]!, m[2]!, text);
      const end = minuteOf(m[3]!, m[4]!, text);
      if (end <= start) start -= 1440;
      return { start, end };
    }),
  );
  let regular = 0;
  let most = -1;
  phases.forEach((ranges, i) => {
    const minutes = ranges.reduce((n, r) => n + r.end - r.start, 0);
    if (minutes > most) {
      most = minutes;
      regular = i;
    }
  });
  const out: Session[] = [];
  phases.forEach((ranges, i) => {
    const kind: SessionKind = i < regular ? 'pre' : i > regular ? 'post' : 'regular';
    for (const r of ranges) out.push({ kind, start: r.start, end: r.end });
  });
  for (let i = 1; i < out.length; i++) {
    if (out[i]!.start < out[i - 1]!.end) {
      throw new TradingHoursError(
        `trading hours ${JSON.stringify(text)}: sessions overlap or are out of order`,
      );
    }
  }
  return out;
}

const pad = (n: number) => String(n).padStart(2, '0');
const clock = (minute: number) => {
  const m = ((minute % 1440) + 1440) % 1440;
  return `${pad(Math.floor(m / 60))}:${pad(m % 60)}`;
};
/** 24:00 stays 24:00 at a session's end (crypto trades 00:00-24:00). */
const endClock = (minute: number) => (minute === 1440 ? '24:00' : clock(minute));

/**
 * The service's text for sessions in time order: the inverse of parseTradingHours
 * (consecutive sessions of one kind joined by `|`, kinds by `,`). Throws when the
 * kinds are not in pre → regular → post order or there is no regular session.
 */
export function formatTradingHours(sessions: readonly Session[]): string {
  const order: Record<SessionKind, number> = { pre: 0, regular: 1, post: 2 };
  if (!sessions.some((s) => s.kind === 'regular')) {
    throw new TradingHoursError('trading hours need a regular session');
  }
  const phases: string[][] = [];
  let last: SessionKind | null = null;
  for (const s of sessions) {
    if (last !== null && order[s.kind] < order[last]) {
      throw new TradingHoursError('sessions must run pre, regular, post');
    }
    const range = `${clock(s.start)}-${endClock(s.end)}`;
    // One phase per pre/post session (each its own auction); regular ones share a phase.
    if (s.kind === last && s.kind === 'regular') phases[phases.length - 1]!.push(range);
    else phases.push([range]);
    last = s.kind;
  }
  return phases.map((p) => p.join('|')).join(',');
}

/** The regular sessions as [start, end) minute pairs. */
export function regularPairs(sessions: readonly Session[]): Array<[number, number]> {
  return sessions.filter((s) => s.kind === 'regular').map((s) => [s.start, s.end]);
}
