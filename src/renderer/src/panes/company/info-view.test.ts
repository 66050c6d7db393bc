import { describe, expect, it } from 'vitest';
import type { InfoAnswer } from '../../../../shared/bridge';
import type { StockInfo } from '../../../../shared/model';
import { infoBadge, readInfoAnswer, type InfoView } from './info-view';

const info = { code: 'AAPL', name: 'Apple Inc.' } as StockInfo;
const answer = (extra: Partial<InfoAnswer>): InfoAnswer => ({
  info,
  offline: false,
  asOf: 5,
  ...extra,
});
const view = (extra: Partial<InfoView & { loading: boolean }> = {}) => ({
  info,
  unknown: false,
  offline: false,
  asOf: 5,
  error: null,
  loading: false,
  ...extra,
});

describe('readInfoAnswer', () => {
  it('shows nothing for an unknown symbol, even a cached copy, and does not retry it', () => {
    expect(readInfoAnswer(answer({ unknown: true }))).toEqual({
      view: { info: null, unknown: true, offline: false, asOf: 5, error: null },
      retry: false,
    });
  });

  it('retries a failure with nothing to show, and a cached copy', () => {
    expect(readInfoAnswer(answer({ info: null, error: 'HTTP 500' })).retry).toBe(true);
    expect(readInfoAnswer(answer({ offline: true })).retry).toBe(true);
    expect(readInfoAnswer(answer({})).retry).toBe(false);
    // A fresh copy with an error beside it keeps the error (the badge says it).
    expect(readInfoAnswer(answer({ error: 'partial' })).view).toMatchObject({
      info,
      error: 'partial',
    });
  });
});

describe('infoBadge', () => {
  it("says unknown, then offline, then error, from the card's own answer", () => {
    expect(infoBadge(view({ unknown: true, info: null, error: 'x' }), 'live').state).toBe(
      'unknown',
    );
    expect(infoBadge(view({ error: 'HTTP 500' }), 'live')).toEqual({
      state: 'error',
      asOf: null,
      message: 'HTTP 500',
    });
    expect(infoBadge(view({ offline: true }), 'live')).toEqual({ state: 'offline', asOf: 5 });
    // Unreachable: offline, with the failure as its reason, not a bare error.
    expect(
      infoBadge(view({ offline: true, info: null, error: 'ECONNREFUSED' }), 'offline'),
    ).toEqual({ state: 'offline', asOf: 5, message: 'ECONNREFUSED' });
    expect(infoBadge(view({ loading: true }), 'offline').state).toBe('loading');
  });

  it("says what the app's health means for a copy it cannot refresh", () => {
    expect(infoBadge(view(), 'offline')).toEqual({ state: 'offline', asOf: 5 });
    expect(infoBadge(view(), 'token-rejected').state).toBe('token-rejected');
    expect(infoBadge(view(), 'live').state).toBe('live');
    expect(infoBadge(view(), 'rate-limited').state).toBe('live');
    expect(infoBadge(view(), null).state).toBe('live');
  });
});
