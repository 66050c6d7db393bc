/**
 * The synthetic market obeys the exchange calendars and the catalog's corporate events:
 * no candle on a holiday, half days close early, raw prices before a split stand on the
 * old share count, nothing before a listing date. Dates hand-checked against the
 * exchanges' calendars.
 */
import { describe, expect, it } from 'vitest';
import type { WireKline, WireQuote } from '../../shared/api/wire';
import { SyntheticMarket } from './synthetic-market';
import { listedMarket } from './test-market';
import { CATALOG } from './catalog';
import { stockCalendar } from '../../shared/calendar/calendars';

const at = (iso: string) => Date.parse(iso);
const market = (now: number) => listedMarket({ seed: 5, now: () => now });
const dates = (ks: WireKline[], timeZone: string) =>
  ks.map((k) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(k.t)));

describe('holidays and half days in the candles', () => {
  const now = at('2026-01-15T21:00:00Z');

  it('has no US daily candle on NYSE holidays: 4 July, Good Friday, Thanksgiving, Juneteenth', () => {
    const days = dates(market(now).klines('stock', 'US', '', 'AAPL', 8, 400), 'America/New_York');
    for (const holiday of ['2025-04-18', '2025-06-19', '2025-07-04', '2025-11-27', '2025-12-25']) {
      expect(days).not.toContain(holiday);
    }
    expect(days).toContain('2025-07-03');
    expect(days).toContain('2025-11-28');
  });

  it('has no Hong Kong or Shanghai candle in Lunar New Year or Golden Week, intraday either', () => {
    const hk = dates(market(now).klines('stock', 'HK', '', '700', 8, 300), 'Asia/Hong_Kong');
    for (const d of ['2025-01-29', '2025-01-30', '2025-01-31', '2025-10-01', '2025-10-07']) {
      expect(hk).not.toContain(d);
    }
    const sh = dates(
      market(at('2025-10-10T08:00:00Z')).klines('stock', 'SH', '', '600519', 1, 5000),
      'Asia/Shanghai',
    );
    for (const d of ['2025-10-01', '2025-10-03', '2025-10-08']) expect(sh).not.toContain(d);
    expect(sh).toContain('2025-10-09');
  });

  it('closes the US day after Thanksgiving at 13:00 New York: the last minute is 12:59', () => {
    const m = market(at('2025-11-28T23:00:00Z'));
    const minutes = m.klines('stock', 'US', '', 'AAPL', 1, 400);
    const day = minutes.filter((k) => dates([k], 'America/New_York')[0] === '2025-11-28');
    expect(day).toHaveLength(210); // 09:30–13:00
    expect(new Date(day[day.length - 1]!.t).toISOString()).toBe('2025-11-28T17:59:00.000Z');
    const q = m.quote('stock', 'US', '', 'AAPL') as WireQuote;
    expect(q.ld).toBe(day[day.length - 1]!.c);
    // Hong Kong's Christmas Eve trades the morning only.
    const hk = market(at('2025-12-24T09:00:00Z')).klines('stock', 'HK', '', '700', 1, 200);
    const eve = hk.filter((k) => dates([k], 'Asia/Hong_Kong')[0] === '2025-12-24');
    expect(eve).toHaveLength(150); // 09:30–12:00
  });

  it('does not move in the Hong Kong lunch break, nor on a holiday', () => {
    const a = market(at('2026-11-18T04:05:00Z')).quote('stock', 'HK', '', '700');
    const b = market(at('2026-11-18T04:55:00Z')).quote('stock', 'HK', '', '700');
    expect(b).toEqual(a);
    const h1 = market(at('2025-07-04T14:00:00Z')).quote('stock', 'US', '', 'AAPL');
    const h2 = market(at('2025-07-04T19:00:00Z')).quote('stock', 'US', '', 'AAPL');
    expect(h2).toEqual(h1);
  });

  it('the US pre- and post-market sessions do not move the price: quotes keep the close', () => {
    const close = market(at('2026-11-18T21:00:00Z')).quote('stock', 'US', '', 'MSFT') as WireQuote;
    const post = market(at('2026-11-19T00:30:00Z')).quote('stock', 'US', '', 'MSFT') as WireQuote;
    const pre = market(at('2026-11-19T12:00:00Z')).quote('stock', 'US', '', 'MSFT') as WireQuote;
    expect(post.ld).toBe(close.ld);
    expect(pre.ld).toBe(close.ld);
    expect(pre.t).toBe(close.t);
  });

  it('every stock region the catalog lists has an exchange calendar of its own', () => {
    const regions = new Set(CATALOG.filter((e) => e.class === 'stock').map((e) => e.region));
    for (const r of regions) expect(stockCalendar(r)?.exchange, r).toBeTruthy();
  });
});

describe('splits and listings', () => {
  const now = at('2026-11-20T21:00:00Z');

  it('NVDA 1:10 on 10 June 2024: raw candles before are ten times higher, volumes ten times lower', () => {
    const ks = market(now).klines('stock', 'US', '', 'NVDA', 8, 5000);
    const i = ks.findIndex((k) => dates([k], 'America/New_York')[0] === '2024-06-10');
    expect(i).toBeGreaterThan(0);
    const before = ks[i - 1]!;
    const after = ks[i]!;
    expect(dates([before], 'America/New_York')[0]).toBe('2024-06-07');
    // The open continues the close on the new share count (plus an overnight gap).
    expect(after.o / (before.c / 10)).toBeGreaterThan(0.9);
    expect(after.o / (before.c / 10)).toBeLessThan(1.1);
    const avg = (xs: WireKline[]) => xs.reduce((n, k) => n + k.v, 0) / xs.length;
    expect(avg(ks.slice(i - 20, i)) / avg(ks.slice(i, i + 20))).toBeLessThan(0.25);
    // And 1:4 on 20 July 2021: before both, forty times the level.
    const j = ks.findIndex((k) => dates([k], 'America/New_York')[0] === '2021-07-20');
    expect(ks[j]!.o / (ks[j - 1]!.c / 4)).toBeGreaterThan(0.9);
    expect(ks[j]!.o / (ks[j - 1]!.c / 4)).toBeLessThan(1.1);
  });

  it('restates the previous close on the split date, so the change is not −90 %', () => {
    const q = market(at('2024-06-10T15:00:00Z')).quote('stock', 'US', '', 'NVDA') as WireQuote;
    expect(Math.abs(q.chp)).toBeLessThan(15);
  });

  it('has no candle before a listing date, and no product at all before it', () => {
    const ks = market(now).klines('stock', 'US', '', 'ABNB', 8, 5000);
    expect(dates(ks, 'America/New_York')[0]).toBe('2020-12-10');
    const early = new SyntheticMarket({ seed: 5, now: () => at('2020-12-01T15:00:00Z') });
    expect(early.quote('stock', 'US', '', 'ABNB')).toBeNull();
    expect(early.klines('stock', 'HK', '', '1024', 8, 10)).toBeNull();
  });
});

describe('news names its instruments', () => {
  it('a list item and its detail carry the instrument, the detail its tags and market', () => {
    const m = new SyntheticMarket({ seed: 5, now: () => at('2026-11-20T12:00:00Z') });
    const page = m.news('stock', 'en', 5);
    for (const item of page.data) {
      expect(item.sy).toHaveLength(1);
      const [code, region] = item.sy![0]!.split(/\.(?=[A-Z]{2}$)/);
      const entry = CATALOG.find(
        (e) => e.class === 'stock' && e.code === code && e.region === region,
      );
      expect(entry, item.sy![0]).toBeDefined();
      expect(item.te).toContain(entry!.name);
      const detail = m.newsDetail(item.id)!;
      expect(detail.sy).toEqual(item.sy);
      expect(detail.mk).toEqual([region]);
      expect(detail.tg.length).toBeGreaterThan(0);
      expect(detail.ct).toContain(item.sy![0]);
    }
    // Found by a scan too, by a market that never served the page.
    const other = new SyntheticMarket({ seed: 5, now: () => at('2026-11-20T12:00:00Z') });
    expect(other.newsDetail(page.data[3]!.id)?.te).toBe(page.data[3]!.te);
    expect(other.newsDetail('00000000-0000-4000-8000-000000000000')).toBeNull();
  });
});
