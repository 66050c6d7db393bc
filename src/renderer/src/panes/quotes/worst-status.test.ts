import { describe, expect, it } from 'vitest';
import { usMarket } from '../../../../shared/testing/fixtures';
import type { StatusView } from '../common/subscription';
import { statusLabel } from '../common/status-label';
import { worstStatus } from './worst-status';

const NOW = Date.UTC(2026, 10, 29, 16, 46);
const streamed: StatusView = { state: 'live', asOf: NOW };
const paced = (everyMs: number): StatusView => ({
  state: 'live',
  asOf: NOW,
  pace: { everyMs, checkedAt: NOW - 30_000 },
});
const weekend = usMarket({ phase: 'weekend', nextOpen: Date.UTC(2026, 10, 30, 14, 30) });

/** What the board's header badge says for these groups' statuses. */
function badge(statuses: StatusView[]): string | null {
  const s = worstStatus(statuses);
  return s && (statusLabel(s.state, s.asOf, s.message, { pace: s.pace })?.title ?? null);
}

describe('worstStatus', () => {
  it('is the worst state, of equals the slowest paced group', () => {
    expect(worstStatus([])).toBeNull();
    expect(worstStatus([streamed, { state: 'offline', asOf: 1 }, paced(5_000)])!.state).toBe(
      'offline',
    );
    expect(worstStatus([paced(5_000), streamed, paced(62_000)])!.pace!.everyMs).toBe(62_000);
  });

  it("gives a closed market's resting group no pace: on a weekend the board says no refresh rate", () => {
    // Sunday: crypto streamed, the US stocks resting since the close, their last pace kept.
    const closed: StatusView = { ...paced(13_000), market: weekend };
    expect(badge([streamed, closed])).toBeNull();
    // A group still polled says its own pace, not the resting group's slower one.
    expect(badge([streamed, { ...paced(90_000), market: weekend }, paced(4_700)])).toMatch(
      /^Refreshed every 4\.7 s, slower than asked/,
    );
    // Open again, its pace is news once more.
    expect(badge([streamed, { ...closed, market: usMarket({ phase: 'open' }) }])).toMatch(
      /^Refreshed every 13 s, slower than asked/,
    );
    // Trouble still counts for a resting group: it ranks above any pace.
    expect(worstStatus([streamed, { ...closed, state: 'offline' }])!.state).toBe('offline');
  });
});
