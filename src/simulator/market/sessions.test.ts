import { describe, expect, it } from 'vitest';
import type { WireQuote } from '../../shared/api/wire';
import type { AssetClass } from '../../shared/model';
import { listedMarket } from './test-market';

/** Wednesday 2026-11-18 12:30 in Hong Kong: the lunch break. */
const HK_LUNCH = Date.parse('2026-11-18T04:30:00Z');
/** Monday 2026-11-23 09:00 UTC, after a weekend. */
const MONDAY = Date.parse('2026-11-23T09:00:00Z');

const market = (now: number) => listedMarket({ seed: 3, now: () => now });

/** Wall-clock parts of an instant in a zone. */
function local(t: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    weekday: 'short',
    hour: 'numeric',
    minute: 'numeric',
  }).formatToParts(new Date(t));
  const get = (type: string) => parts.find((p) => p.type === type)!.value;
  return { weekday: get('weekday'), minutes: Number(get('hour')) * 60 + Number(get('minute')) };
}

function minuteTimes(cls: AssetClass, region: string, code: string, now: number, limit = 5000) {
  return market(now)
    .klines(cls, region, '', code, 1, limit)
    .map((k) => k.t);
}

describe('trading sessions', () => {
  it('Hong Kong trades 09:30–12:00 and 13:00–16:00 on weekdays only', () => {
    const times = minuteTimes('stock', 'HK', '700', MONDAY);
    expect(times.length).toBe(5000);
    for (const t of times) {
      const { weekday, minutes } = local(t, 'Asia/Hong_Kong');
      expect(['Sat', 'Sun']).not.toContain(weekday);
      const inMorning = minutes >= 570 && minutes < 720;
      const inAfternoon = minutes >= 780 && minutes < 960;
      expect(inMorning || inAfternoon).toBe(true);
    }
  });

  it('during the Hong Kong lunch break the quote shows the morning, last trade 11:59:59', () => {
    const m = market(HK_LUNCH);
    const q = m.quote('stock', 'HK', '', '700') as WireQuote;
    expect(q.t).toBe(Date.parse('2026-11-18T03:59:59Z'));
    const candles = m.klines('stock', 'HK', '', '700', 5, 10);
    const last = candles[candles.length - 1]!;
    expect(local(last.t, 'Asia/Hong_Kong').minutes).toBe(11 * 60 + 30); // 11:30–12:00, complete
    expect(q.ld).toBe(last.c);
    // Nothing moves during the break.
    const later = market(HK_LUNCH + 20 * 60_000).quote('stock', 'HK', '', '700');
    expect(later).toEqual(q);
  });

  it('US stocks trade 09:30–16:00 New York time, across the DST change', () => {
    const times = minuteTimes('stock', 'US', 'AAPL', Date.parse('2026-11-05T15:00:00Z'), 3000);
    for (const t of times) {
      const { weekday, minutes } = local(t, 'America/New_York');
      expect(['Sat', 'Sun']).not.toContain(weekday);
      expect(minutes >= 570 && minutes < 960).toBe(true);
    }
    // 2026-11-01 ended DST: the session before opens at 13:30Z, the one after at 14:30Z.
    const days = market(Date.parse('2026-11-05T15:00:00Z')).klines('stock', 'US', '', 'AAPL', 8, 5);
    expect(days.map((d) => new Date(d.t).toISOString().slice(0, 16))).toEqual([
      '2026-10-30T13:30',
      '2026-11-02T14:30',
      '2026-11-03T14:30',
      '2026-11-04T14:30',
      '2026-11-05T14:30',
    ]);
  });

  it('daily candles skip weekends and the fixed holidays', () => {
    const days = market(Date.parse('2027-01-05T12:00:00Z')).klines('stock', 'GB', '', 'BP', 8, 10);
    const dates = days.map((d) => new Date(d.t).toISOString().slice(0, 10));
    expect(dates).not.toContain('2026-12-25');
    expect(dates).not.toContain('2027-01-01');
    expect(dates).toContain('2026-12-24');
    for (const d of days) expect([1, 2, 3, 4, 5]).toContain(new Date(d.t).getUTCDay());
  });

  it('crypto trades every minute of the weekend', () => {
    const times = minuteTimes('crypto', 'BA', 'BTCUSDT', MONDAY, 3000);
    const weekend = times.filter((t) => [0, 6].includes(new Date(t).getUTCDay()));
    expect(weekend.length).toBeGreaterThan(2000);
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBe(60_000);
  });

  it('forex trades Sunday 17:00 to Friday 17:00 New York, never on Saturday', () => {
    const times = minuteTimes('forex', 'GB', 'EURUSD', MONDAY);
    let gaps = 0;
    for (let i = 0; i < times.length; i++) {
      const { weekday, minutes } = local(times[i]!, 'America/New_York');
      expect(weekday).not.toBe('Sat');
      if (weekday === 'Fri') expect(minutes).toBeLessThan(17 * 60);
      if (weekday === 'Sun') expect(minutes).toBeGreaterThanOrEqual(17 * 60);
      if (i > 0 && times[i]! - times[i - 1]! > 60_000) gaps++;
    }
    expect(gaps).toBe(1); // the weekend; 24 h a day otherwise
    const days = market(MONDAY).klines('forex', 'GB', '', 'EURUSD', 8, 3);
    // A forex day's candle opens 17:00 New York the evening before: Thu, Fri, Mon open Wed, Thu, Sun.
    expect(days.map((d) => local(d.t, 'America/New_York'))).toEqual([
      { weekday: 'Wed', minutes: 1020 },
      { weekday: 'Thu', minutes: 1020 },
      { weekday: 'Sun', minutes: 1020 },
    ]);
  });

  it('US futures pause 17:00–18:00 New York every weekday', () => {
    const times = minuteTimes('future', 'US', 'ES', Date.parse('2026-11-19T12:00:00Z'), 3000);
    for (const t of times) {
      const { minutes } = local(t, 'America/New_York');
      expect(minutes >= 17 * 60 && minutes < 18 * 60).toBe(false);
    }
  });

  it('an index under GB trades on its home market’s hours (SPX in New York)', () => {
    const [day] = market(MONDAY).klines('indices', 'GB', '', 'SPX', 8, 1);
    expect(local(day!.t, 'America/New_York').minutes).toBe(570);
  });
});
