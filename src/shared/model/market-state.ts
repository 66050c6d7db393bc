/**
 * A market's state as the app shows it beside the data's health: open, in a break,
 * closed, a weekend or a holiday, with the next open and close, and where the knowledge
 * came from. Computed in core (core/market-hours) from the service's calendar; the words
 * are here, once, for the status bar, the panes and the command line.
 */
import type { AssetClass, UnixMs } from './market';
import type { MarketState } from './market-time';
import { partsAt, zoneFormats } from '../calendar/time-zone';

/**
 * Where the state was read from: `service` — the service's calendar, fetched this session;
 * `stored` — that calendar as stored on an earlier day (offline, or not asked again yet);
 * `calendar` — the app's own calendar, complete for the class (crypto trades always, forex
 * its week, futures their sessions); `regular` — only the regular sessions the app knows
 * of a stock market (no holidays, no pre/post sessions): said as such, and the feed does
 * not rest on it.
 */
export type MarketStateBasis = 'service' | 'stored' | 'calendar' | 'regular';

/** One market's state (class and region), pushed to panes and the status bar. */
export interface MarketStateView {
  class: AssetClass;
  region: string;
  /** null: nothing is known of this market's hours (never fetched, not in the plan, offline). */
  phase: MarketState | null;
  basis: MarketStateBasis | null;
  /** The holiday's name on a holiday (or a half day's), else null. */
  holiday: string | null;
  /** The trading date closes early (a half day); absent otherwise. */
  halfDay?: boolean;
  /** Next session start (pre-market included where the market has one); null when unknown. */
  nextOpen: UnixMs | null;
  /** End of the session in progress (open, pre or post); null when closed or unknown. */
  nextClose: UnixMs | null;
  /**
   * While closed (a break, a night, a weekend, a holiday): when its last session (pre or
   * post included) ended, the time its last prices are from. Absent or null while it
   * trades, or when not known.
   */
  lastClose?: UnixMs | null;
  /** The market's IANA zone; null when unknown. */
  timeZone: string | null;
  /**
   * Why the service's calendar is not known (never fetched, not in the plan, offline), in
   * words, when the state is `regular` or unknown; null otherwise.
   */
  unknownWhy: string | null;
}

/** Phases in which the market moves prices (pre and post included: the service quotes them). */
export function isTradingPhase(phase: MarketState | null): boolean {
  return phase === 'open' || phase === 'pre-market' || phase === 'post-market';
}

/** Short names the exchanges' own users say; other zones get Intl's ("GMT+8"). */
const ZONE_WORDS: Record<string, string> = {
  'America/New_York': 'ET',
  'America/Chicago': 'CT',
  'Asia/Hong_Kong': 'HKT',
  'Asia/Shanghai': 'CST',
  'Asia/Tokyo': 'JST',
  'Asia/Singapore': 'SGT',
  'Asia/Taipei': 'TWT',
  'Asia/Kolkata': 'IST',
  'Asia/Seoul': 'KST',
  'Europe/London': 'UK',
  UTC: 'UTC',
};

const shortFormats = zoneFormats('en-GB', {
  weekday: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
  timeZoneName: 'short',
});

/** Weekday, hh:mm and the zone's short name of an instant in a market's zone. */
function parts(at: UnixMs, timeZone: string): { weekday: string; time: string; zone: string } {
  const get = partsAt(shortFormats(timeZone), at);
  return {
    weekday: get('weekday'),
    time: `${get('hour')}:${get('minute')}`,
    zone: ZONE_WORDS[timeZone] ?? get('timeZoneName'),
  };
}

/** The short name a market's own users give its zone at `at`: "ET", "HKT", else Intl's ("GMT+8"). */
export function zoneName(at: UnixMs, timeZone: string): string {
  return parts(at, timeZone).zone;
}

/** "2 d 14 h", "3 h 05 min", "12 min", "under a minute": how long until `at`. */
export function durationWords(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return 'under a minute';
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  if (d > 0) return `${d} d ${h} h`;
  if (h > 0) return `${h} h ${String(m).padStart(2, '0')} min`;
  return `${m} min`;
}

/** A market's next open in its own zone: "Mon 09:30 ET", the day left out when it is today. */
export function marketTime(at: UnixMs, timeZone: string, now: UnixMs): string {
  const when = parts(at, timeZone);
  const today = parts(now, timeZone).weekday === when.weekday && at - now < 86_400_000;
  return `${today ? '' : `${when.weekday} `}${when.time} ${when.zone}`;
}

const dateFormats = zoneFormats('en-GB', { day: 'numeric', month: 'short' });

/**
 * When a closed market's last session ended (`lastClose`), in its own zone — the time its
 * last prices are from: "16:00 ET" earlier today, "Fri 20:00 ET" this week, "Fri 3 Oct
 * 20:00 ET" before; null when not known.
 */
export function lastCloseWords(view: MarketStateView, now: UnixMs): string | null {
  const at = view.lastClose ?? null;
  if (at === null || view.timeZone === null) return null;
  const when = parts(at, view.timeZone);
  const ago = now - at;
  if (ago < 86_400_000 && parts(now, view.timeZone).weekday === when.weekday) {
    return `${when.time} ${when.zone}`;
  }
  const date = ago < 6 * 86_400_000 ? '' : ` ${dateFormats(view.timeZone).format(at)}`;
  return `${when.weekday}${date} ${when.time} ${when.zone}`;
}

/** The phase in a word or two. */
export const PHASE_WORDS: Record<MarketState, string> = {
  'pre-market': 'pre-market',
  open: 'open',
  'lunch-break': 'lunch break',
  'post-market': 'post-market',
  closed: 'closed',
  weekend: 'closed',
  holiday: 'closed',
};

/** What a row, a pane or the status bar says of a market's state. */
export interface MarketStateText {
  /** "closed", "lunch break", "pre-market", "open", "hours unknown". */
  word: string;
  /** The whole sentence: "closed (Thanksgiving) · opens Mon 09:30 ET (in 2 d 14 h)". */
  text: string;
  /** A closed or paused market: its prices are the last of the session, not stale. */
  closed: boolean;
  /** Pre- or post-market: the prices shown are of the extended session. */
  extended: boolean;
}

/**
 * The words of a market's state at `now`: "closed · opens Mon 09:30 ET (in 2 d 14 h)",
 * "lunch break · reopens 13:00 HKT", "post-market · closes 20:00 ET". A state read from the
 * regular sessions only says so ("regular hours"); an unknown one says it is unknown.
 */
export function describeMarketState(
  view: MarketStateView,
  now: UnixMs,
  options: { countdown?: boolean } = {},
): MarketStateText {
  const { phase, timeZone } = view;
  if (phase === null) {
    return { word: 'hours unknown', text: 'hours unknown', closed: false, extended: false };
  }
  const regular = view.basis === 'regular' ? ' (regular hours)' : '';
  const when = (at: UnixMs | null) =>
    at === null || timeZone === null ? null : marketTime(at, timeZone, now);
  const word = PHASE_WORDS[phase];
  const open = when(view.nextOpen);
  if (phase === 'lunch-break') {
    const text = open === null ? word : `${word} · reopens ${open}`;
    return { word, text: text + regular, closed: true, extended: false };
  }
  if (!isTradingPhase(phase)) {
    const named = phase === 'holiday' && view.holiday ? `${word} (${view.holiday})` : word;
    const wait =
      view.nextOpen === null || options.countdown === false
        ? ''
        : ` (in ${durationWords(Math.max(0, view.nextOpen - now))})`;
    const text = open === null ? named : `${named} · opens ${open}${wait}`;
    return { word, text: text + regular, closed: true, extended: false };
  }
  const close = when(view.nextClose);
  const day = view.halfDay ? `${word} · half day` : word;
  const text = close === null ? day : `${day} · closes ${close}`;
  return { word, text: text + regular, closed: false, extended: phase !== 'open' };
}

/** The key of a market: `class|REGION`. */
export function marketKey(cls: AssetClass, region: string): string {
  return `${cls}|${region.toUpperCase()}`;
}
