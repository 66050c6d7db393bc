import { describe, expect, it } from 'vitest';
import type { AppStatus } from '../../../shared/model';
import { describeStatus, describeToken } from './status-text';

const base: AppStatus = {
  mode: 'live',
  hasToken: true,
  tokenStorage: 'keychain',
  tokenSessionOnly: false,
  plan: { name: 'base', maxCodes: 10 },
  connection: 'online',
  offlineSince: null,
  lastUpdate: null,
  budget: { requestsPerMinute: 60, wantedPerMinute: 42, stretch: 1 },
  lastError: null,
  notice: null,
};
const fmt = (t: number, seconds: boolean) => `T${t}${seconds ? 's' : ''}`;

describe('describeStatus', () => {
  it('says LIVE with plan and budget', () => {
    const text = describeStatus(base, fmt);
    expect(text).toMatchObject({ mode: 'LIVE', modeTone: 'ok', modeDetail: '', stretch: '' });
    expect(text.plan).toBe('Plan base · 10 codes/request');
    expect(text.budget).toBe('42/60 req/min');
    expect(text.lastUpdate).toBe('');
  });

  it('says DEMO DATA plainly', () => {
    expect(describeStatus({ ...base, mode: 'demo' }, fmt).mode).toBe('DEMO DATA');
  });

  it('says OFFLINE since when, showing cached data', () => {
    const text = describeStatus({ ...base, connection: 'offline', offlineSince: 5 }, fmt);
    expect(text.mode).toBe('OFFLINE');
    expect(text.modeDetail).toBe('since T5 · showing cached data');
  });

  it('explains a stretched budget and caps used at allowed', () => {
    const text = describeStatus(
      { ...base, budget: { requestsPerMinute: 60, wantedPerMinute: 90, stretch: 1.5 } },
      fmt,
    );
    expect(text.budget).toBe('60/60 req/min');
    expect(text.stretch).toBe('polling slowed ×1.5 to fit the plan');
  });

  it('shows the last update with seconds', () => {
    expect(describeStatus({ ...base, lastUpdate: 9 }, fmt).lastUpdate).toBe('Updated T9s');
  });
});

describe('describeToken', () => {
  it('names where the token is, never the token', () => {
    expect(describeToken(base)).toBe('A token is set — stored in the OS keychain.');
    expect(describeToken({ ...base, tokenStorage: 'session', tokenSessionOnly: true })).toBe(
      'A token is set — held for this session only.',
    );
    expect(describeToken({ ...base, tokenStorage: 'environment' })).toContain('MARKETDESK_TOKEN');
    expect(describeToken({ ...base, hasToken: false, tokenStorage: null })).toMatch(/No token/);
    expect(describeToken(null)).toMatch(/No token/);
  });
});
