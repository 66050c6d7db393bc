import { describe, expect, it } from 'vitest';
import type { SubscriptionState } from '../../../../shared/bridge';
import { usMarket } from '../../../../shared/testing/fixtures';
import { closedWaitingText, emptyText, statusLabel } from './status-label';

const STATES: SubscriptionState[] = [
  'loading',
  'live',
  'stale',
  'offline',
  'not-entitled',
  'rate-limited',
  'token-rejected',
  'unknown',
  'error',
];

describe('statusLabel', () => {
  it('says nothing while live', () => {
    expect(statusLabel('live', 1)).toBeNull();
  });

  it('names every other state in a few words, whatever the message or time', () => {
    const long = 'x'.repeat(300);
    for (const state of STATES) {
      if (state === 'live') continue;
      const label = statusLabel(state, Date.UTC(2026, 0, 2, 3, 4), long);
      expect(label, state).not.toBeNull();
      // The badge has a fixed width: its text never grows with the details.
      expect(label!.text.length, state).toBeLessThanOrEqual(14);
      expect(label!.title.length, state).toBeGreaterThan(label!.text.length);
    }
    expect(statusLabel('not-entitled', null)?.text).toBe('not in plan');
    expect(statusLabel('rate-limited', null)?.text).toBe('rate limited');
    expect(statusLabel('token-rejected', null)?.text).toBe('token rejected');
    expect(statusLabel('unknown', null)?.text).toBe('unknown');
  });

  it('puts the time and the reason in the title', () => {
    const asOf = Date.UTC(2026, 0, 2, 3, 4);
    const offline = statusLabel('offline', asOf)!;
    expect(offline.text).toBe('offline');
    expect(offline.title).toMatch(/cannot be reached; showing data cached as of .*\d\d:\d\d/);
    expect(statusLabel('offline', null)!.title).toMatch(/showing cached data$/);
    expect(statusLabel('error', null, 'HTTP 500')).toMatchObject({
      text: 'error',
      title: 'HTTP 500',
      tone: 'down',
    });
    expect(statusLabel('unknown', null, 'E001 not found this produce')!.title).toBe(
      'Unknown symbol: the data source has no such symbol (E001 not found this produce)',
    );
    expect(statusLabel('stale', null)!.title).toBe('No fresh data');
  });
});

describe('emptyText', () => {
  it('waits while loading or live, and otherwise says why nothing is shown', () => {
    // Not answered yet: an empty cache is not "no data".
    expect(emptyText('loading', null, undefined, 'No news.')).toBe(
      'Waiting for the first answer from the service.',
    );
    expect(emptyText('live', 1, undefined, 'Waiting…')).toBe('Waiting…');
    expect(emptyText('unknown', null, 'E001 not found this produce', 'Waiting…')).toBe(
      'Unknown symbol: the data source has no such symbol (E001 not found this produce).',
    );
    expect(emptyText('token-rejected', null, undefined, 'Waiting…')).toMatch(
      /^The service refused the token.*Settings\.$/,
    );
    // The service's own sentence, not doubled up or doubly stopped.
    expect(emptyText('token-rejected', null, 'Enter a valid token in Settings.', 'Waiting…')).toBe(
      'Enter a valid token in Settings.',
    );
    expect(emptyText('offline', 5, undefined, 'Waiting…')).toBe(
      'The data service cannot be reached, and nothing is cached here yet.',
    );
  });
});

describe('closedWaitingText', () => {
  // Sunday 29 Nov 2026, 09:00 in New York.
  const sunday = Date.UTC(2026, 10, 29, 14);
  it('says a closed market is closed and when its last prices are from, not only "waiting"', () => {
    const closed = usMarket({ phase: 'weekend', lastClose: Date.UTC(2026, 10, 27, 18) });
    expect(closedWaitingText(closed, sunday, 'book')).toBe(
      "The market has been closed since Fri 13:00 ET: its last book is from then. Waiting for the service's answer.",
    );
    expect(closedWaitingText(usMarket({ phase: 'holiday' }), sunday, 'book')).toBe(
      "The market is closed. Waiting for the service's answer.",
    );
  });

  it('says nothing of a market that trades or whose hours are unknown', () => {
    expect(closedWaitingText(usMarket({ phase: 'post-market' }), sunday, 'book')).toBeNull();
    expect(closedWaitingText(usMarket({ phase: null, basis: null }), sunday, 'book')).toBeNull();
    expect(closedWaitingText(undefined, sunday, 'book')).toBeNull();
  });
});
