/**
 * The client's market-time readers against the simulator's answers: what one writes
 * the other reads, and a holiday calendar read from the wire gives the same market
 * state as the shared calendar the simulator obeys.
 */
import { describe, expect, it } from 'vitest';
import { stockCalendar } from '../../shared/calendar/calendars';
import { marketStateAt } from '../../shared/calendar/region-calendar';
import { useSimulator } from '../../simulator/test-helpers';
import { testClient } from './test-helpers';

const at = (iso: string) => Date.parse(iso);

describe('MarketClient market-time methods against the simulator', () => {
  let now = at('2025-11-28T16:00:00Z');
  const sim = useSimulator({ now: () => now, deniedMarkets: ['stock:JP'] });

  it('reads a half day’s status and every region’s holidays into the same market states', async () => {
    const c = testClient(sim.url);
    const status = await c.marketStatus('US');
    expect(status.ok && status.value).toMatchObject({ state: 'open', halfDay: true, open: true });
    now = at('2026-06-01T00:00:00Z');
    for (const region of ['US', 'HK', 'SH', 'IN', 'GB', 'DE', 'NL', 'SG', 'TR', 'ID']) {
      const res = await c.holidays(region);
      if (!res.ok) throw res.error;
      const read = res.value!;
      const own = stockCalendar(region)!;
      for (const h of read.holidays) {
        // Noon and the early close's minute before, local, on each listed day.
        for (const hour of ['03:00', '09:00', '12:00', '15:00', '20:00']) {
          const t = at(`${h.date}T${hour}:00Z`);
          const mine = marketStateAt(own, t);
          const theirs = marketStateAt(read, t);
          expect(theirs.state, `${region} ${h.date} ${hour}`).toBe(mine.state);
          expect(theirs.nextOpen, `${region} ${h.date} ${hour}`).toBe(mine.nextOpen);
        }
      }
    }
  });

  it('reads splits, IPOs and a news detail; a denied market is not-entitled', async () => {
    now = at('2026-11-20T12:00:00Z');
    const c = testClient(sim.url);
    const splits = await c.splits('US');
    expect(splits.ok && splits.value.find((s) => s.code === 'AVGO')).toMatchObject({
      from: 1,
      to: 10,
    });
    const ipos = await c.ipos('recent', 'US');
    expect(ipos.ok && ipos.value.map((i) => i.code)).toEqual(['COIN', 'ABNB', 'PLTR', 'UBER']);
    expect(ipos.ok && ipos.value[1]).toMatchObject({
      price: 68,
      marketCap: null,
      subscriptionStart: null,
    });
    const page = await c.news({ market: 'stock', lang: 'en', limit: 1 });
    const item = page.ok ? page.value.items[0]! : null;
    expect(item?.instruments).toHaveLength(1);
    const detail = await c.newsDetail(item!.id);
    expect(detail.ok && detail.value.instruments).toEqual(item!.instruments);
    const denied = await c.holidays('JP');
    expect(!denied.ok && denied.error.kind).toBe('not-entitled');
    const missing = await c.newsDetail('nope');
    expect(!missing.ok && missing.error.kind).toBe('envelope');
    expect(!missing.ok && missing.error.message).toMatch(/E001 not found this news: nope/);
  });
});
