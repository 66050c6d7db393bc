/**
 * The market-time operations over HTTP: market status, holidays v2, splits, IPOs and
 * news detail, with the simulator's validation, denials, errors and `clock` option.
 */
import { describe, expect, it } from 'vitest';
import type {
  WireHoliday,
  WireIpo,
  WireMarketStatus,
  WireNewsDetail,
  WireNewsResult,
  WireSplit,
} from '../shared/api/wire';
import { parseClock } from './cli-args';
import { startSimulator } from './server';
import { call, failed, ok, useSimulator } from './test-helpers';

const at = (iso: string) => Date.parse(iso);

describe('market-time operations', () => {
  let now = at('2025-07-04T15:00:00Z');
  const sim = useSimulator({ now: () => now, deniedMarkets: ['stock:JP'] });

  it('market status on a holiday, in a lunch break, at the weekend', async () => {
    now = at('2025-07-04T15:00:00Z');
    const us = ok(await call(sim.url, '/market/status?code=US')) as WireMarketStatus;
    expect(us).toMatchObject({ c: 'US', o: false, s: 'holiday', hd: false, v: 'Independence Day' });
    expect(us).toMatchObject({ z: 'America/New_York', lt: '2025-07-04 11:00:00' });
    expect(us.t).toBe('04:00-09:30,09:30-16:00,16:00-20:00');
    now = at('2026-11-18T04:30:00Z');
    const hk = ok(await call(sim.url, '/market/status?code=HK')) as WireMarketStatus;
    expect(hk).toMatchObject({
      s: 'lunch-break',
      o: false,
      t: '09:00-09:30,09:30-12:00|13:00-16:00,16:00-16:30',
    });
    now = at('2026-11-28T15:00:00Z');
    expect((ok(await call(sim.url, '/market/status?code=GB')) as WireMarketStatus).s).toBe(
      'weekend',
    );
    now = at('2025-11-28T16:00:00Z');
    const half = ok(await call(sim.url, '/market/status?code=US')) as WireMarketStatus;
    expect(half).toMatchObject({ s: 'open', o: true, hd: true });
  });

  it('holidays v2: the documented record, half days with their shortened hours', async () => {
    now = at('2026-03-01T00:00:00Z');
    const rows = ok(await call(sim.url, '/symbol/v2/holidays?code=US')) as WireHoliday[];
    expect(rows[0]).toEqual({
      c: 'US',
      r: 'United States',
      d: '2025-01-01',
      t: '04:00-09:30,09:30-16:00,16:00-20:00',
      z: 'America/New_York',
      v: "New Year's Day",
    });
    const eve = rows.find((r) => r.d === '2026-12-24')!;
    expect(eve.t).toBe('04:00-09:30,09:30-13:00');
    expect(rows.map((r) => r.d.slice(0, 4))).not.toContain('2028');
    const hk = ok(await call(sim.url, '/symbol/v2/holidays?code=HK')) as WireHoliday[];
    expect(hk.find((r) => r.d === '2026-02-16')?.t).toBe('09:00-09:30,09:30-12:00');
  });

  it('splits and IPOs of a region; upcoming ones as of the clock', async () => {
    now = at('2026-11-20T00:00:00Z');
    const splits = ok(await call(sim.url, '/stock/split?region=US')) as WireSplit[];
    expect(splits.find((s) => s.c === 'NVDA' && s.v === '1:10')).toEqual({
      d: at('2024-06-10T00:00:00Z'),
      r: 'US',
      n: 'NVIDIA Corporation',
      c: 'NVDA',
      v: '1:10',
    });
    expect(ok(await call(sim.url, '/stock/split?region=DE'))).toEqual([]);
    const recent = ok(await call(sim.url, '/stock/ipo?type=recent&region=HK')) as WireIpo[];
    expect(recent[0]).toMatchObject({ sc: '2015', dt: at('2021-08-12T00:00:00Z'), pr: 118 });
    expect(ok(await call(sim.url, '/stock/ipo?type=upcoming&region=HK'))).toEqual([]);
    now = at('2021-01-04T00:00:00Z');
    const upcoming = ok(await call(sim.url, '/stock/ipo?type=upcoming&region=HK')) as WireIpo[];
    expect(upcoming.map((i) => i.sc)).toEqual(['1024', '9868', '2015']);
    expect(
      (ok(await call(sim.url, '/stock/split?region=US')) as WireSplit[]).map((s) => s.c),
    ).not.toContain('NVDA');
  });

  it('news detail by id; an unknown id is E001', async () => {
    now = at('2026-11-20T12:00:00Z');
    const page = ok(await call(sim.url, '/news?market=stock&lang=en&limit=2')) as WireNewsResult;
    const id = page.data[0]!.id;
    const detail = ok(await call(sim.url, `/news/${encodeURIComponent(id)}`)) as WireNewsDetail;
    expect(detail).toMatchObject({ id, te: page.data[0]!.te, sy: page.data[0]!.sy });
    expect(detail.tg.length).toBeGreaterThan(0);
    const missing = await call(sim.url, '/news/nope');
    expect(missing.status).toBe(200);
    expect(missing.json).toMatchObject({ code: 1, data: null });
    expect(missing.json?.msg).toMatch(/^E001/);
    expect(sim.stats().byPath['/news/{id}']).toBe(2);
  });

  it('refuses bad parameters, answers a denied market null and an unknown one E001', async () => {
    failed(await call(sim.url, '/market/status'), 400, /code: missing/);
    failed(await call(sim.url, '/symbol/v2/holidays?code=hk'), 400, /two uppercase letters/);
    failed(await call(sim.url, '/stock/ipo?type=soon&region=US'), 400, /upcoming or recent/);
    failed(await call(sim.url, '/stock/split'), 400, /region: missing/);
    expect((await call(sim.url, '/market/status?code=JP')).json).toEqual({
      code: 0,
      msg: 'ok',
      data: null,
    });
    const unknown = await call(sim.url, '/market/status?code=QQ');
    expect(unknown.json?.code).toBe(1);
    failed(await call(sim.url, '/market/status?code=US', { method: 'POST' }), 405, /use GET/);
  });
});

describe('the clock option', () => {
  it('reads ISO instants and refuses the rest', () => {
    expect(parseClock('2025-07-04T15:00:00Z')).toBe(at('2025-07-04T15:00:00Z'));
    expect(parseClock('2025-07-04T11:00:00-04:00')).toBe(at('2025-07-04T15:00:00Z'));
    expect(parseClock('2025-07-04T15:00')).toBe(at('2025-07-04T15:00:00Z'));
    expect(parseClock('2025-07-04')).toBe(at('2025-07-04T00:00:00Z'));
    for (const bad of ['', 'yesterday', '2025-13-01', '1751641200000', '2025-07-04 15:00']) {
      expect(() => parseClock(bad)).toThrow(/--clock: expected an ISO 8601 instant/);
    }
  });

  it('starts the market there and lets it run at real speed', async () => {
    const start = at('2025-07-04T15:00:00Z');
    const before = Date.now();
    const sim = await startSimulator({ clock: start });
    try {
      const status = ok(await call(sim.url, '/market/status?code=US')) as WireMarketStatus;
      expect(status.s).toBe('holiday');
      const lt = Date.parse(`${status.lt.replace(' ', 'T')}-04:00`);
      expect(lt).toBeGreaterThanOrEqual(start - 1000);
      expect(lt).toBeLessThanOrEqual(start + (Date.now() - before) + 1000);
    } finally {
      await sim.close();
    }
  });
});
