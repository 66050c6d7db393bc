import { describe, expect, it } from 'vitest';
import type { SubscriptionState } from '../../../../shared/bridge';
import { usMarket } from '../../../../shared/testing/fixtures';
import { closedWaitingText, emptyText, retryHelps, statusLabel } from './status-label';

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
  // Sunday 29 Nov 2026, 09:00 in New York.
  const OF = { what: 'book', now: Date.UTC(2026, 10, 29, 14) };

  it('waits while loading or live, and otherwise says why nothing is shown', () => {
    // Not answered yet: an empty cache is not "no data".
    expect(emptyText({ state: 'loading', asOf: null }, 'No news.', OF)).toBe(
      'Waiting for the first answer from the service.',
    );
    expect(emptyText({ state: 'live', asOf: 1 }, 'Waiting…', OF)).toBe('Waiting…');
    expect(
      emptyText(
        { state: 'unknown', asOf: null, message: 'E001 not found this produce' },
        'Waiting…',
        OF,
      ),
    ).toBe('Unknown symbol: the data source has no such symbol (E001 not found this produce).');
    expect(emptyText({ state: 'token-rejected', asOf: null }, 'Waiting…', OF)).toMatch(
      /^The service refused the token.*Settings\.$/,
    );
    // The service's own sentence, not doubled up or doubly stopped.
    expect(
      emptyText(
        { state: 'token-rejected', asOf: null, message: 'Enter a valid token in Settings.' },
        'Waiting…',
        OF,
      ),
    ).toBe('Enter a valid token in Settings.');
    expect(emptyText({ state: 'offline', asOf: 5 }, 'Waiting…', OF)).toBe(
      'The data service cannot be reached, and nothing is cached here yet.',
    );
  });
});

describe('emptyText of a closed market', () => {
  const sunday = Date.UTC(2026, 10, 29, 14);
  const closed = usMarket({ phase: 'weekend', lastClose: Date.UTC(2026, 10, 27, 18) });
  it('says, while the first answer is awaited, that the market is closed and since when', () => {
    // Every pane's empty body goes through this one rule: ladder, chart, heatmap alike.
    expect(
      emptyText({ state: 'loading', asOf: null, market: closed }, 'Waiting…', {
        what: 'book',
        now: sunday,
      }),
    ).toBe(
      "The market has been closed since Fri 13:00 ET: its last book is from then. Waiting for the service's answer.",
    );
    expect(
      emptyText({ state: 'loading', asOf: null, market: closed }, 'No candles.', {
        what: 'bar',
        now: sunday,
      }),
    ).toBe(
      "The market has been closed since Fri 13:00 ET: its last bar is from then. Waiting for the service's answer.",
    );
  });

  it('waits plainly for a trading market, and says the other states as before', () => {
    const of = { what: 'book', now: sunday };
    const trading = usMarket({ phase: 'post-market' });
    expect(emptyText({ state: 'loading', asOf: null, market: trading }, 'W', of)).toBe(
      'Waiting for the first answer from the service.',
    );
    // Answered and empty, or in trouble: the state's own words, closed or not.
    expect(emptyText({ state: 'live', asOf: 1, market: closed }, 'No candles.', of)).toBe(
      'No candles.',
    );
    expect(emptyText({ state: 'offline', asOf: null, market: closed }, 'W', of)).toBe(
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

describe('retryHelps', () => {
  it('offers no retry where nothing would be asked: a refused token, a replay', () => {
    expect(retryHelps('token-rejected', false)).toBe(false);
    expect(retryHelps('live', true)).toBe(false);
    for (const state of ['live', 'offline', 'error', 'rate-limited', 'stale'] as const) {
      expect(retryHelps(state, false)).toBe(true);
    }
  });
});
