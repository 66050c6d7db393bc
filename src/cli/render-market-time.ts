/**
 * The command line's words and tables for a market's time and its corporate events:
 * the market state ("closed · opens Mon 30 Nov 09:30 EST (in 2 d 14 h)"), holidays,
 * splits and IPOs. `--json` bypasses these and prints the records.
 */
import type { RegionCalendar, MarketStateInfo } from '../shared/calendar/region-calendar';
import { marketStateAt } from '../shared/calendar/region-calendar';
import { calendarFor } from '../shared/calendar/calendars';
import { partsAt, zoneFormats } from '../shared/calendar/time-zone';
import type { AssetClass, Ipo, MarketStateView, MarketStatus, Split } from '../shared/model';
import { describeMarketState, durationWords, zoneName } from '../shared/model';
import { TRADING_STATUS, type TradingStatusCode } from '../shared/model';
import { EMPTY, formatBigNumber, formatPrice, decimalsOf } from '../shared/format/numbers';
import { renderTable, type Column } from './output';

const clockFormats = zoneFormats('en-GB', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** `Mon 30 Nov 09:30 ET`: an instant in the market's zone, with its date (a table's cell). */
export function marketClock(at: number, timeZone: string): string {
  const get = partsAt(clockFormats(timeZone), at);
  return `${get('weekday')} ${get('day')} ${get('month')} ${get('hour')}:${get('minute')} ${zoneName(at, timeZone)}`;
}

/**
 * A calendar's state in the app's own words (shared/model/market-state: the board, the
 * panes and the status bar say the same): "closed (Thanksgiving Day) · opens Fri 09:30 ET",
 * with the time left when `countdown`.
 */
export function stateText(
  s: MarketStateInfo,
  market: { class: AssetClass; region: string },
  now: number,
  countdown = false,
): string {
  const view: MarketStateView = {
    class: market.class,
    region: market.region,
    phase: s.state,
    basis: 'calendar',
    holiday: s.holiday,
    halfDay: s.halfDay,
    nextOpen: s.nextOpen,
    nextClose: s.sessionEnd,
    timeZone: s.timeZone,
    unknownWhy: null,
  };
  return describeMarketState(view, now, { countdown }).text;
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
  const state = stateText(
    marketStateAt(calendarFor(cls, region), now),
    { class: cls, region },
    now,
  );
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
        { class: 'stock', region: status.region },
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
        : `${marketClock(state.nextOpen, state.timeZone)} (in ${durationWords(state.nextOpen - now)})`,
    ],
    [
      'NEXT CLOSE',
      state.nextClose === null
        ? EMPTY
        : `${marketClock(state.nextClose, state.timeZone)} (in ${durationWords(state.nextClose - now)})`,
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
