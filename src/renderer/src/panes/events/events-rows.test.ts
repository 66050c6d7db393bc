import { describe, expect, it } from 'vitest';
import type { Holiday } from '../../../../shared/calendar';
import type { Split } from '../../../../shared/model';
import {
  earlyCloseText,
  holidayDate,
  listAsShown,
  listNote,
  nextHolidays,
  splitRows,
  workspaceMarkets,
} from './events-rows';

const NOW = Date.parse('2026-11-28T12:00:00Z');
const split = (code: string, date: string): Split => ({
  date: Date.parse(`${date}T00:00:00Z`),
  region: 'US',
  code,
  name: code,
  ratio: '1:2',
  from: 1,
  to: 2,
});
const holiday = (date: string, name: string): Holiday => ({ date, name, earlyClose: null });

describe('events pane rows', () => {
  it('lists splits newest first, marking those still to come', () => {
    const rows = splitRows(
      [split('A', '2026-06-01'), split('B', '2026-12-10'), split('C', '2025-01-02')],
      NOW,
    );
    expect(rows.map((r) => [r.code, r.upcoming])).toEqual([
      ['B', true],
      ['A', false],
      ['C', false],
    ]);
  });

  it('starts a market’s holidays at its own today', () => {
    const list = [holiday('2026-11-27', 'Yesterday in New York'), holiday('2026-11-28', 'Today')];
    // 03:00 UTC on the 28th is still the 27th in New York, already the 28th in Tokyo.
    const early = Date.parse('2026-11-28T03:00:00Z');
    expect(nextHolidays(list, early, 'America/New_York').map((h) => h.date)).toEqual([
      '2026-11-27',
      '2026-11-28',
    ]);
    expect(nextHolidays(list, early, 'Asia/Tokyo').map((h) => h.date)).toEqual(['2026-11-28']);
  });

  it('shows a market’s next holidays from today, soonest first', () => {
    const next = nextHolidays(
      [
        holiday('2026-12-25', 'Christmas'),
        holiday('2026-11-26', 'Thanksgiving'),
        holiday('2027-01-01', 'New Year'),
        holiday('2026-11-28', 'Today'),
        holiday('2027-01-18', 'MLK Day'),
      ],
      NOW,
    );
    expect(next.map((h) => h.name)).toEqual(['Today', 'Christmas', 'New Year']);
  });

  it('takes the workspace’s exchange markets, once each', () => {
    expect(
      workspaceMarkets([
        { class: 'stock', region: 'US' },
        { class: 'crypto', region: 'BA' },
        { class: 'stock', region: 'HK' },
        { class: 'indices', region: 'US' },
      ]),
    ).toEqual(['US', 'HK']);
  });
});

describe('a list’s caption', () => {
  const age = (ms: number) => `${(NOW - ms) / 60_000} min ago`;
  it('names the source and the age, offline and its cache, or the problem', () => {
    expect(listNote({ asOf: NOW - 5 * 60_000, offline: false }, 'demo', age)).toBe(
      'demo data · as of 5 min ago',
    );
    expect(listNote({ asOf: NOW - 60_000, offline: true }, 'live:https://x', age)).toBe(
      'offline · cached 1 min ago',
    );
    expect(listNote({ asOf: null, offline: true }, 'demo', age)).toBe('offline · nothing cached');
    const plan = {
      kind: 'not-in-plan',
      message: 'Your plan does not include stock splits for JP.',
    };
    expect(listNote({ asOf: null, offline: false, problem: plan }, 'demo', age)).toBe(plan.message);
  });

  it('says a list fetched live is a copy it cannot refresh once the service is gone', () => {
    const live = { rows: [], asOf: NOW - 60_000, offline: false };
    const shown = (health: Parameters<typeof listAsShown>[1]) =>
      listNote(listAsShown(live, health), 'live:https://x', age);
    expect(shown('live')).toBe('live data · as of 1 min ago');
    expect(shown('offline')).toBe('offline · cached 1 min ago');
    expect(shown('token-rejected')).toBe('token rejected · cached 1 min ago');
    // Its own answer's trouble, or nothing loaded, says more than the app's health.
    const plan = {
      kind: 'not-in-plan' as const,
      message: 'Your plan does not include IPOs for JP.',
    };
    expect(listNote(listAsShown({ ...live, problem: plan }, 'offline'), 'demo', age)).toBe(
      plan.message,
    );
    expect(listNote(listAsShown({ ...live, asOf: null }, 'offline'), 'demo', age)).toBe(
      'not loaded yet',
    );
  });

  it('writes a holiday’s day as the pane’s other dates are written', () => {
    expect(holidayDate('2026-11-26')).toBe('26 Nov 2026');
    expect(holidayDate('2026-12-05')).toBe('05 Dec 2026');
    expect(holidayDate('not a day')).toBe('not a day');
  });

  it('says a half day’s early close', () => {
    expect(earlyCloseText(13 * 60)).toBe('half day, closes 13:00');
    expect(earlyCloseText(null)).toBe('');
  });
});
