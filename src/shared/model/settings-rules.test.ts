import { describe, expect, it } from 'vitest';
import {
  BASE_URL_EXTRAS,
  BASE_URL_NOT_HTTP,
  BASE_URL_PLAIN_HTTP,
  NUMERIC_SETTING_LABELS,
  baseUrlProblem,
  numericSettingLimits,
  numericSettingMessage,
  numericSettingProblem,
  STREAM_PATH_MAX_LENGTH,
  streamPathProblem,
  streamSubscriptionLimit,
  type NumericSettingField,
} from './settings-rules';

const FIELDS = Object.keys(NUMERIC_SETTING_LABELS) as NumericSettingField[];

describe('numeric settings', () => {
  it.each(FIELDS)('%s: whole numbers from its minimum to its maximum', (field) => {
    const { min, max } = numericSettingLimits(field);
    const message = numericSettingMessage(field);
    expect(numericSettingProblem(field, min)).toBeNull();
    expect(numericSettingProblem(field, max)).toBeNull();
    expect(numericSettingProblem(field, min - 1)).toBe(message);
    expect(numericSettingProblem(field, max + 1)).toBe(message);
    expect(numericSettingProblem(field, min + 0.5)).toBe(message);
    expect(numericSettingProblem(field, Number.NaN)).toBe(message);
    expect(message.startsWith(`${NUMERIC_SETTING_LABELS[field]} must be a whole number`)).toBe(
      true,
    );
  });

  it('say the range in the units people read', () => {
    expect(numericSettingMessage('intervals.news')).toBe(
      'News refresh must be a whole number of milliseconds from 250 (0.25 s) to 3,600,000 (1 h)',
    );
    expect(numericSettingMessage('requestTimeoutMs')).toBe(
      'Request timeout must be a whole number of milliseconds from 1,000 (1 s) to 120,000 (2 min)',
    );
    expect(numericSettingMessage('cacheBudgetBytes')).toContain('(64 MiB) to');
    expect(numericSettingMessage('cacheBudgetBytes')).toContain('(1 TiB)');
  });
});

describe('baseUrlProblem', () => {
  it.each([
    'https://api.itick.org',
    ' https://api.example/v1 ',
    'http://127.0.0.1:8080',
    'http://localhost',
    'http://[::1]:9000',
  ])('accepts %s', (url) => expect(baseUrlProblem(url)).toBeNull());

  it.each([
    'http://api.itick.org',
    'http://192.168.1.10',
    'http://localhost.evil.example',
    'http://[::2]',
  ])('refuses plain http to another machine: %s', (url) =>
    expect(baseUrlProblem(url)).toBe(BASE_URL_PLAIN_HTTP),
  );

  it.each(['', 'api.itick.org', 'ftp://x.example', 'https://'])('refuses %j as no address', (url) =>
    expect(baseUrlProblem(url)).toBe(BASE_URL_NOT_HTTP),
  );

  it('refuses credentials, a query or a fragment', () => {
    expect(baseUrlProblem('https://u:p@api.example')).toBe(BASE_URL_EXTRAS);
    expect(baseUrlProblem('https://api.example/?token=x')).toBe(BASE_URL_EXTRAS);
    expect(baseUrlProblem('https://api.example/#x')).toBe(BASE_URL_EXTRAS);
  });
});

describe('stream subscriptions', () => {
  it("are the user's, else the plan's published limit", () => {
    expect(streamSubscriptionLimit({ plan: 'base', streamSubscriptions: null })).toBe(200);
    expect(streamSubscriptionLimit({ plan: 'premium', streamSubscriptions: null })).toBe(2000);
    expect(streamSubscriptionLimit({ plan: 'base', streamSubscriptions: 25 })).toBe(25);
  });
});

describe('stream paths', () => {
  it('are paths on the service host: never an address, a query or a fragment', () => {
    for (const ok of ['/stock', '/ws/v2/crypto', '/a-b_c.d~e', ' /stock ']) {
      expect(streamPathProblem('stock', ok), ok).toBeNull();
    }
    for (const bad of [
      '',
      'stock',
      'wss://x.example/stock',
      '//x.example/stock',
      '/s?t',
      '/s#t',
      '/s t',
    ]) {
      expect(streamPathProblem('crypto', bad), bad).toMatch(/^Crypto stream path must be a path/);
    }
    expect(streamPathProblem('fund', `/${'f'.repeat(STREAM_PATH_MAX_LENGTH - 1)}`)).toBeNull();
    expect(streamPathProblem('fund', `/${'f'.repeat(STREAM_PATH_MAX_LENGTH)}`)).not.toBeNull();
  });
});
