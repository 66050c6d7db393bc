import { describe, expect, it } from 'vitest';
import { calendarFor, FOREX_CALENDAR, stockCalendar, tradingAt } from './calendars';
import { marketStateAt, type RegionCalendar } from './region-calendar';
import { formatTradingHours, parseTradingHours } from './trading-hours';

const at = (iso: string) => Date.parse(iso);
const US = stockCalendar('US')!;
const HK = stockCalendar('HK')!;
const CN = stockCalendar('SH')!;
const iso = (t: number | null) => (t === null ? null : new Date(t).toISOString());

describe('parseTradingHours and formatTradingHours', () => {
  it('reads the service sample for Hong Kong: pre-opening, a lunch break, a closing auction', () => {
    const text = '09:00-09:30,09:30-12:00|13:00-16:00,16:00-16:30';
    expect(parseTradingHours(text)).toEqual([
      { kind: 'pre', start: 540, end: 570 },
      { kind: 'regular', start: 570, end: 720 },
      { kind: 'regular', start: 780, end: 960 },
      { kind: 'post', start: 960, end: 990 },
    ]);
    expect(formatTradingHours(parseTradingHours(text))).toBe(text);
  });

  it('reads US extended hours, one regular session, and an evening-before session', () => {
    expect(parseTradingHours('04:00-09:30,09:30-16:00,16:00-20:00').map((s) => s.kind)).toEqual([
      'pre',
      'regular',
      'post',
    ]);
    expect(parseTradingHours('09:30-16:00')).toEqual([{ kind: 'regular', start: 570, end: 960 }]);
    expect(parseTradingHours('18:00-17:00')).toEqual([{ kind: 'regular', start: -360, end: 1020 }]);
    expect(formatTradingHours(parseTradingHours('18:00-17:00'))).toBe('18:00-17:00');
    expect(formatTradingHours(parseTradingHours('00:00-24:00'))).toBe('00:00-24:00');
  });

  it('refuses text it cannot read, naming it', () => {
    expect(() => parseTradingHours('')).toThrow(/empty/);
    expect(() => parseTradingHours('9-10')).toThrow(/"9-10" is not HH:MM-HH:MM/);
    expect(() => parseTradingHours('09:00-25:00')).toThrow(/25:00 is not a time/);
    expect(() => parseTradingHours('10:00-12:00,11:00-13:00')).toThrow(/overlap/);
  });
});

describe('marketStateAt', () => {
  it('a holiday: NYSE shut for Independence Day 2025, opening Monday 7 July 09:30 EDT', () => {
    const s = marketStateAt(US, at('2025-07-04T16:00:00Z'));
    expect(s.state).toBe('holiday');
    expect(s.holiday).toBe('Independence Day');
    expect(iso(s.nextOpen)).toBe('2025-07-07T13:30:00.000Z');
    expect(s.timeZone).toBe('America/New_York');
    expect(tradingAt('stock', 'US', at('2025-07-04T15:00:00Z'))).toBe(false);
    expect(marketStateAt(US, at('2025-04-18T15:00:00Z')).holiday).toBe('Good Friday');
    expect(marketStateAt(US, at('2025-06-19T15:00:00Z')).state).toBe('holiday');
    expect(marketStateAt(US, at('2026-11-26T15:00:00Z')).holiday).toBe('Thanksgiving Day');
  });

  it('a half day: the day after Thanksgiving closes at 13:00 EST, without a post-market', () => {
    const morning = marketStateAt(US, at('2025-11-28T17:30:00Z')); // 12:30 EST
    expect(morning).toMatchObject({ state: 'open', halfDay: true });
    expect(iso(morning.sessionEnd)).toBe('2025-11-28T18:00:00.000Z');
    expect(iso(morning.nextClose)).toBe('2025-11-28T18:00:00.000Z');
    const after = marketStateAt(US, at('2025-11-28T18:30:00Z')); // 13:30 EST
    expect(after).toMatchObject({ state: 'closed', halfDay: true });
    expect(after.holiday).toBe('Day after Thanksgiving (early close)');
    expect(iso(after.nextOpen)).toBe('2025-12-01T14:30:00.000Z');
    // July 3 2025 too; Hong Kong's Christmas Eve trades the morning only.
    expect(marketStateAt(US, at('2025-07-03T17:30:00Z')).state).toBe('closed'); // 13:30 EDT
    const hkEve = marketStateAt(HK, at('2025-12-24T03:00:00Z')); // 11:00 HKT
    expect(hkEve).toMatchObject({ state: 'open', halfDay: true });
    expect(iso(hkEve.nextClose)).toBe('2025-12-24T04:00:00.000Z');
    expect(marketStateAt(HK, at('2025-12-24T05:30:00Z')).state).toBe('closed'); // 13:30 HKT
  });

  it('a lunch break: Hong Kong 12:00–13:00, then the afternoon and the close', () => {
    const s = marketStateAt(HK, at('2026-11-18T04:30:00Z')); // Wed 12:30 HKT
    expect(s.state).toBe('lunch-break');
    expect(s.sessionEnd).toBeNull();
    expect(iso(s.nextOpen)).toBe('2026-11-18T05:00:00.000Z');
    expect(iso(s.nextClose)).toBe('2026-11-18T08:00:00.000Z');
    expect(marketStateAt(HK, at('2026-11-18T01:15:00Z')).state).toBe('pre-market'); // 09:15
    expect(marketStateAt(HK, at('2026-11-18T08:10:00Z')).state).toBe('post-market'); // 16:10
  });

  it('a DST change: the Saturday before US summer time, Monday opens at 13:30 UTC', () => {
    const friday = marketStateAt(US, at('2026-03-06T14:00:00Z')); // 09:00 EST
    expect(friday.state).toBe('pre-market');
    expect(iso(friday.nextOpen)).toBe('2026-03-06T14:30:00.000Z');
    const saturday = marketStateAt(US, at('2026-03-07T12:00:00Z'));
    expect(saturday.state).toBe('weekend');
    expect(iso(saturday.nextOpen)).toBe('2026-03-09T13:30:00.000Z'); // 09:30 EDT
    expect(iso(saturday.nextClose)).toBe('2026-03-09T20:00:00.000Z');
  });

  it('a session crossing UTC midnight: US post-market until 20:00 EST = 01:00 UTC', () => {
    const s = marketStateAt(US, at('2026-11-19T00:30:00Z')); // Wed 18 Nov 19:30 EST
    expect(s.state).toBe('post-market');
    expect(iso(s.sessionEnd)).toBe('2026-11-19T01:00:00.000Z');
    expect(iso(s.nextOpen)).toBe('2026-11-19T14:30:00.000Z');
    expect(marketStateAt(US, at('2026-11-19T01:30:00Z')).state).toBe('closed');
  });

  it('forex and CME open the evening before: Sunday 17:00 / 18:00 New York', () => {
    expect(marketStateAt(FOREX_CALENDAR, at('2026-11-22T22:30:00Z')).state).toBe('open');
    expect(marketStateAt(FOREX_CALENDAR, at('2026-11-22T21:30:00Z')).state).toBe('weekend');
    const cme = calendarFor('future', 'US');
    expect(marketStateAt(cme, at('2026-11-22T23:30:00Z')).state).toBe('open');
    const fridayEvening = marketStateAt(cme, at('2026-11-27T22:30:00Z'));
    expect(fridayEvening.state).toBe('closed');
    expect(iso(fridayEvening.nextOpen)).toBe('2026-11-29T23:00:00.000Z');
  });

  it('weekends and Golden Week: Saturday is a weekend, 3 October a Shanghai holiday', () => {
    const sat = marketStateAt(US, at('2026-11-28T15:00:00Z'));
    expect(sat).toMatchObject({ state: 'weekend', holiday: null, halfDay: false });
    expect(iso(sat.nextOpen)).toBe('2026-11-30T14:30:00.000Z');
    const golden = marketStateAt(CN, at('2025-10-03T03:00:00Z'));
    expect(golden.state).toBe('holiday');
    expect(golden.holiday).toBe('National Day (Golden Week)');
    expect(iso(golden.nextOpen)).toBe('2025-10-09T01:30:00.000Z');
    const spring = marketStateAt(CN, at('2026-02-18T03:00:00Z'));
    expect(spring.holiday).toBe('Spring Festival');
    expect(iso(spring.nextOpen)).toBe('2026-02-24T01:30:00.000Z');
  });

  it('reads a calendar built from the service text alone', () => {
    const cal: RegionCalendar = {
      region: 'HK',
      timeZone: 'Asia/Hong_Kong',
      sessions: parseTradingHours('09:00-09:30,09:30-12:00|13:00-16:00,16:00-16:30'),
      holidays: [{ date: '2026-12-25', name: 'Christmas Day', earlyClose: null }],
    };
    const s = marketStateAt(cal, at('2026-12-25T03:00:00Z'));
    expect(s).toMatchObject({ state: 'holiday', holiday: 'Christmas Day' });
    expect(iso(s.nextOpen)).toBe('2026-12-28T01:30:00.000Z');
  });
});
