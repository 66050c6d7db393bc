/**
 * status, holidays, splits and ipos against a simulator whose clock stands on a
 * holiday, a half day and a weekend; and the quotes STATUS column reading the market's
 * state rather than "normal".
 */
import { describe, expect, it } from 'vitest';
import { serviceNow } from './commands/market-time';
import { cellsOf, cliOnSimulator, lines } from './test-harness';

const TOKEN = 'cli-market-time-token';
const at = (iso: string) => Date.parse(iso);

describe('market-time commands', () => {
  let now = at('2025-07-04T15:00:00Z');
  const h = cliOnSimulator({ token: TOKEN, now: () => now }, { now: () => now });

  it('status: a holiday, with the next open in the market’s time and in how long', async () => {
    now = at('2025-07-04T15:00:00Z');
    const r = await h.cli('status us');
    expect(r).toMatchObject({ code: 0, stderr: '' });
    const rows = Object.fromEntries(
      lines(r.stdout).map((l) => [l.slice(0, 10).trim(), l.slice(12)]),
    );
    expect(rows['REGION']).toBe('US (United States)');
    // The app's own words for a market's state (shared/model/market-state).
    expect(rows['STATE']).toBe('closed (Independence Day) · opens Mon 09:30 ET (in 2 d 22 h)');
    expect(rows['NEXT OPEN']).toBe('Mon 7 Jul 09:30 ET (in 2 d 22 h)');
    expect(rows['LOCAL TIME']).toBe('2025-07-04 11:00:00 America/New_York');
    expect(rows['HOURS']).toBe('04:00–09:30 pre, 09:30–16:00, 16:00–20:00 post');
    expect(rows['CALENDAR']).toBe('the service’s holidays');
    const json = JSON.parse((await h.cli('status US --json')).stdout) as Record<string, unknown>;
    expect(json).toMatchObject({ status: { state: 'holiday', holiday: 'Independence Day' } });
    expect(json['nextOpen']).toBe(at('2025-07-07T13:30:00Z'));
  });

  it('holidays, splits and ipos: tables and --json', async () => {
    now = at('2025-11-28T16:00:00Z');
    const hol = await h.cli('holidays US');
    expect(hol.code).toBe(0);
    expect(lines(hol.stdout)).toContainEqual(
      expect.stringMatching(/^2025-11-28\s+Fri\s+closes 13:00\s+Day after Thanksgiving/),
    );
    expect(lines(hol.stdout)).toContainEqual(
      expect.stringMatching(/^2025-07-04\s+Fri\s+closed\s+Independence Day$/),
    );
    const cal = JSON.parse((await h.cli('holidays HK --json')).stdout) as { timeZone: string };
    expect(cal.timeZone).toBe('Asia/Hong_Kong');
    const splits = await h.cli('splits US');
    expect(lines(splits.stdout)[1]).toMatch(
      /^2024-07-15\s+AVGO\s+1:10\s+10 for 1\s+Broadcom Inc\.$/,
    );
    const ipos = await h.cli('ipos HK --recent');
    expect(lines(ipos.stdout)[0]).toMatch(/^DATE\s+CODE\s+EXCHANGE\s+PRICE\s+MKT CAP\s+COMPANY$/);
    expect(lines(ipos.stdout)[1]).toMatch(
      /^2021-08-12\s+2015\s+HKEX\s+118\.00\s+—\s+Li Auto Inc\.$/,
    );
    const none = await h.cli('ipos HK');
    expect(none).toMatchObject({ code: 0, stdout: '' });
    expect(none.stderr).toMatch(/no upcoming IPOs listed for HK/);
    expect(JSON.parse((await h.cli('ipos HK --json')).stdout)).toEqual([]);
  });

  it('refuses a missing or malformed region', async () => {
    expect((await h.cli('status')).stderr).toMatch(/status: name a region/);
    expect((await h.cli('splits USA')).stderr).toMatch(/a region is two letters, got "USA"/);
    expect((await h.cli('status QQ')).code).toBe(1);
  });

  it('the quotes STATUS column says the market is at the weekend, and when it opens', async () => {
    now = at('2026-11-28T15:00:00Z');
    const r = await h.cli('quotes stock --region US --codes AAPL');
    const cells = cellsOf(r.stdout);
    expect(cells['STATUS']).toBe('closed · opens Mon 09:30 ET');
    now = at('2026-11-18T04:30:00Z');
    const hk = await h.cli('quotes stock --region HK --codes 700');
    expect(lines(hk.stdout)[1]).toMatch(/lunch break · reopens 13:00 HKT$/);
  });

  it('watch quotes: STATUS is the market state when the row is drawn', async () => {
    now = at('2026-11-28T15:00:00Z');
    const r = await h.cli('watch quotes AAPL --region US --for 1');
    expect(r).toMatchObject({ code: 0, stderr: '' });
    expect(cellsOf(r.stdout)['STATUS']).toBe('closed · opens Mon 09:30 ET');
  });
});

describe('serviceNow: the service’s local time, as an instant', () => {
  it.each([
    ['2025-07-04 11:00:00', 'America/New_York', at('2025-07-04T15:00:00Z')],
    ['2025-07-04T11:00:05', 'America/New_York', at('2025-07-04T15:00:05Z')],
    ['2026-01-15 22:30:00', 'Asia/Hong_Kong', at('2026-01-15T14:30:00Z')],
    // Not a day the calendar knows, not that shape, no zone, an unknown zone: none.
    ['2025-02-30 11:00:00', 'America/New_York', null],
    ['2025-7-4 11:00:00', 'America/New_York', null],
    ['2025-07-04 11:00', 'America/New_York', null],
    ['2025-07-04 11:00:00', '', null],
    ['2025-07-04 11:00:00', 'Mars/Olympus_Mons', null],
  ])('%s in %s', (localTime, zone, instant) => {
    expect(serviceNow(localTime, zone)).toBe(instant);
  });
});
