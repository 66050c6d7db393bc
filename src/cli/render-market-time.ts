/**
 * The command line's words and tables for a market's time and its corporate events:
 * the market state ("closed · opens Mon 30 Nov 09:30 EST (in 2 d 14 h)"), holidays,
 * splits and IPOs. `--json` bypasses these and prints the records.
 */
import type { RegionCalendar, MarketStateInfo } from '../shared/calendar/region-calendar';
import { marketStateAt } from '../shared/calendar/region-calendar';
import { calendarFor } from '../shared/calendar/calendars';
import type { AssetClass, Ipo, MarketStatus, Split } from '../shared/model';
import { TRADING_STATUS, type TradingStatusCode } from '../shared/model';
import { EMPTY, formatBigNumber, formatPrice, decimalsOf } from '../shared/format/numbers';
import { renderTable, type Column } from './output';

const STATE_WORDS: Record<MarketStateInfo['state'], string> = {
  'pre-market': 'pre-market',
  open: 'open',
  'lunch-break': 'lunch break',
  'post-market': 'post-market',
  closed: 'closed',
  weekend: 'weekend',
  holiday: 'holiday',
};

/** `Mon 30 Nov 09:30 EST`: an instant in the market's zone. */
export function marketClock(at: number, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-GB', {
    timeZone,
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(new Date(at));
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  // en-US names the zones its readers know (EST, EDT); others read GMT+8.
  const zone =
    new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'short' })
      .formatToParts(new Date(at))
      .find((p) => p.type === 'timeZoneName')?.value ?? '';
  return `${get('weekday')} ${get('day')} ${get('month')} ${get('hour')}:${get('minute')} ${zone}`;
}

/** `2 d 14 h`, `3 h 5 min`, `12 min`, `<1 min`. */
export function untilText(ms: number): string {
  const minutes = Math.floor(ms / 60_000);
  if (minutes < 1) return '<1 min';
  const d = Math.floor(minutes / 1440);
  const h = Math.floor((minutes % 1440) / 60);
  const m = minutes % 60;
  if (d > 0) return `${d} d ${h} h`;
  if (h > 0) return `${h} h ${m} min`;
  return `${m} min`;
}

/** The state in a few words, with the next open when the market is not open. */
export function stateText(s: MarketStateInfo, now: number, long = false): string {
  let text = STATE_WORDS[s.state];
  if (s.halfDay) text += ' · half day';
  if (long && s.holiday && (s.state === 'holiday' || s.halfDay)) text += ` (${s.holiday})`;
  if (s.state !== 'open' && s.nextOpen !== null) {
    const when = marketClock(s.nextOpen, s.timeZone);
    text += long ? ` · opens ${when} (in ${untilText(s.nextOpen - now)})` : ` · opens ${when}`;
  }
  return text;
}

/**
 * The STATUS of a quote row: a trading status other than normal (halted, delisted,
 * circuit breaker) as it is; else the state of the symbol's market now, from the
 * built-in calendar (no request), e.g. "weekend · opens Mon 30 Nov 09:30 EST".
 */
export function quoteStatusText(
  cls: AssetClass,
  region: string,
  now: number,
): (status: number) => string {
  const state = stateText(marketStateAt(calendarFor(cls, region), now), now);
  return (status) =>
    status === 0 ? state : (TRADING_STATUS[status as TradingStatusCode] ?? String(status));
}

const utcDate = (ms: number | null) =>
  ms === null ? EMPTY : new Date(ms).toISOString().slice(0, 10);

const clockOf = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** The sessions in words: `04:00–09:30 pre, 09:30–16:00, 16:00–20:00 post`. */
export function hoursText(calendar: Pick<RegionCalendar, 'sessions'>): string {
  return calendar.sessions
    .map((s) => {
      const range = `${clockOf(((s.start % 1440) + 1440) % 1440)}–${s.end === 1440 ? '24:00' : clockOf(s.end % 1440)}`;
      return s.kind === 'regular' ? range : `${range} ${s.kind}`;
    })
    .join(', ');
}

/** `marketdesk status`: the service's status with the next open and close. */
export function statusLines(
  status: MarketStatus,
  state: MarketStateInfo,
  calendar: RegionCalendar,
  source: string,
  now: number,
): string {
  const rows: Array<[string, string]> = [
    ['REGION', status.regionName ? `${status.region} (${status.regionName})` : status.region],
    [
      'STATE',
      stateText(
        { ...state, state: status.state, halfDay: status.halfDay, holiday: status.holiday },
        now,
        true,
      ),
    ],
    ['LOCAL TIME', `${status.localTime || EMPTY} ${status.timeZone}`],
    ['HOURS', hoursText(calendar)],
    [
      'NEXT OPEN',
      state.nextOpen === null
        ? EMPTY
        : `${marketClock(state.nextOpen, state.timeZone)} (in ${untilText(state.nextOpen - now)})`,
    ],
    [
      'NEXT CLOSE',
      state.nextClose === null
        ? EMPTY
        : `${marketClock(state.nextClose, state.timeZone)} (in ${untilText(state.nextClose - now)})`,
    ],
    ['CALENDAR', source],
  ];
  const width = Math.max(...rows.map(([k]) => k.length));
  return `${rows.map(([k, v]) => `${k.padEnd(width)}  ${v}`).join('\n')}\n`;
}

const WEEKDAY = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat'];

/** `marketdesk holidays`: one row per closed day or half day. */
export function holidaysTable(calendar: RegionCalendar, tty: boolean): string {
  const columns: Column<RegionCalendar['holidays'][number]>[] = [
    { header: 'DATE', value: (h) => h.date },
    { header: 'DAY', value: (h) => WEEKDAY[new Date(`${h.date}T00:00:00Z`).getUTCDay()]! },
    {
      header: 'TRADING',
      value: (h) => (h.earlyClose === null ? 'closed' : `closes ${clockOf(h.earlyClose)}`),
    },
    { header: 'NAME', value: (h) => h.name || EMPTY },
  ];
  return renderTable(calendar.holidays, columns, tty);
}

/** `marketdesk splits`: newest first as the service lists them. */
export function splitsTable(splits: readonly Split[], tty: boolean): string {
  const columns: Column<Split>[] = [
    { header: 'DATE', value: (s) => utcDate(s.date) },
    { header: 'CODE', value: (s) => s.code },
    { header: 'RATIO', align: 'right', value: (s) => s.ratio },
    {
      header: 'SHARES',
      value: (s) =>
        `${s.to / s.from >= 1 ? `${fmt(s.to / s.from)} for 1` : `1 for ${fmt(s.from / s.to)}`}`,
    },
    { header: 'NAME', value: (s) => s.name || EMPTY },
  ];
  return renderTable(splits, columns, tty);
}

const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(2));

/** `marketdesk ipos`. */
export function iposTable(ipos: readonly Ipo[], tty: boolean): string {
  const columns: Column<Ipo>[] = [
    { header: 'DATE', value: (i) => utcDate(i.listingDate) },
    { header: 'CODE', value: (i) => i.code },
    { header: 'EXCHANGE', value: (i) => i.exchange || EMPTY },
    {
      header: 'PRICE',
      align: 'right',
      value: (i) =>
        i.price !== null
          ? formatPrice(i.price, Math.max(2, decimalsOf(i.price)))
          : i.priceText || EMPTY,
    },
    { header: 'MKT CAP', align: 'right', value: (i) => formatBigNumber(i.marketCap) },
    { header: 'COMPANY', value: (i) => i.company || EMPTY },
  ];
  return renderTable(ipos, columns, tty);
}
