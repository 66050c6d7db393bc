import { describe, expect, it } from 'vitest';
import type { Holiday } from '../../../../shared/calendar';
import type { Split } from '../../../../shared/model';
import { nextHolidays, splitRows, workspaceMarkets } from './events-rows';

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
