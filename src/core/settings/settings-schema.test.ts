import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import type { Settings } from '../../shared/model';
import { DEFAULT_BASE_URL } from '../api';
import { DEFAULT_SETTINGS, defaultSettings } from './settings-defaults';
import type { SettingsPatch } from './settings-schema';
import {
  TOKEN_NOT_A_SETTING,
  applySettingsPatch,
  parseSettingsPatch,
  settingsPatchSchema,
  settingsSchema,
} from './settings-schema';

function errorOf(patch: unknown): string {
  const result = parseSettingsPatch(patch);
  if (result.ok) throw new Error('expected the patch to be refused');
  return result.error;
}

describe('defaults', () => {
  it('are valid settings with the documented values', () => {
    expect(settingsSchema.parse(defaultSettings())).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS).toMatchObject({
      baseUrl: DEFAULT_BASE_URL,
      plan: 'base',
      requestsPerMinute: null,
      intervals: { quotes: 1000, depth: 1000, ticks: 1000, news: 60_000 },
      theme: 'dark',
      timeZone: 'exchange',
      cacheBudgetBytes: 1024 ** 3,
    });
  });

  it('hands out copies', () => {
    const a = defaultSettings();
    a.intervals.quotes = 5000;
    expect(defaultSettings().intervals.quotes).toBe(1000);
  });
});

describe('schema types', () => {
  it('match the shared Settings type and take the bridge argument type', () => {
    // Checked by the type checker (tsc includes the tests); a mismatch fails typecheck.
    expectTypeOf<z.infer<typeof settingsSchema>>().toEqualTypeOf<Settings>();
    expectTypeOf<Partial<Settings>>().toExtend<SettingsPatch>();
    expectTypeOf<{ token: string }>().not.toExtend<SettingsPatch>();
  });
});

describe('settingsPatchSchema', () => {
  it('accepts any subset, with partial intervals and a null budget', () => {
    const patch = { plan: 'premium', requestsPerMinute: null, intervals: { news: 30_000 } };
    expect(settingsPatchSchema.parse(patch)).toEqual(patch);
    expect(settingsPatchSchema.parse({})).toEqual({});
  });

  it('refuses a token key, saying where the token goes', () => {
    expect(errorOf({ token: 'tok_x', theme: 'light' })).toBe(TOKEN_NOT_A_SETTING);
    expect(settingsSchema.safeParse({ ...defaultSettings(), token: 'tok_x' }).success).toBe(false);
  });

  it('refuses unknown keys by name, at the top and in intervals', () => {
    expect(errorOf({ colour: 'red' })).toBe('unknown setting: colour');
    expect(errorOf({ intervals: { candles: 1000 } })).toBe('unknown refresh interval: candles');
  });

  it.each(['ftp://x.example', 'not a url', '', 'https://', 42])(
    'refuses the base URL %j with a clear message',
    (baseUrl) => {
      expect(errorOf({ baseUrl })).toBe('baseUrl must be an http(s) URL');
    },
  );

  it('refuses credentials or a query in the base URL (a token could hide there)', () => {
    expect(errorOf({ baseUrl: 'https://user:pw@api.example' })).toContain('must not contain');
    expect(errorOf({ baseUrl: 'https://api.example/?token=abc' })).toContain('must not contain');
  });

  it.each([
    'http://api.example',
    'http://192.168.1.10:8080',
    'http://10.0.0.1',
    'http://128.0.0.1',
    'http://127.0.0.1.evil.example',
    'http://localhost.evil.example',
    'http://x.localhost',
    'http://[::2]',
  ])('refuses plain http to %s (the token would cross the network in clear)', (baseUrl) => {
    expect(errorOf({ baseUrl })).toBe(
      'baseUrl must use https (plain http is allowed only for this machine: localhost, 127.0.0.1, ::1)',
    );
  });

  it.each([
    'http://127.0.0.1:8080',
    'http://127.5.6.7',
    'http://localhost:3000/api',
    'http://LOCALHOST',
    'http://[::1]:9000',
    'https://api.example',
    'https://192.168.1.10',
  ])('accepts %s (https anywhere, http only on loopback)', (baseUrl) => {
    expect(parseSettingsPatch({ baseUrl }).ok).toBe(true);
  });

  it('trims the base URL and drops a trailing slash, keeping a path prefix', () => {
    expect(settingsPatchSchema.parse({ baseUrl: ' http://127.0.0.1:8080/api/ ' })).toEqual({
      baseUrl: 'http://127.0.0.1:8080/api',
    });
  });

  it('bounds intervals to 250 ms – 1 h, whole numbers', () => {
    expect(parseSettingsPatch({ intervals: { quotes: 250, news: 3_600_000 } }).ok).toBe(true);
    expect(errorOf({ intervals: { quotes: 249 } })).toContain('intervals.quotes must be');
    expect(errorOf({ intervals: { news: 3_600_001 } })).toContain('intervals.news must be');
    expect(errorOf({ intervals: { depth: 1000.5 } })).toContain('intervals.depth must be');
  });

  it('requires a budget ≥ 1, a cache ≥ 64 MiB, a known plan and theme', () => {
    expect(errorOf({ requestsPerMinute: 0 })).toContain('requestsPerMinute must be');
    expect(errorOf({ cacheBudgetBytes: 64 * 1024 * 1024 - 1 })).toContain('64 MiB');
    expect(parseSettingsPatch({ cacheBudgetBytes: 64 * 1024 * 1024 }).ok).toBe(true);
    expect(errorOf({ plan: 'gold' })).toContain('plan must be one of base');
    expect(errorOf({ theme: 'blue' })).toBe('theme must be "dark" or "light"');
    expect(errorOf({ enterpriseMaxCodes: 0 })).toContain('enterpriseMaxCodes');
  });

  it('lists every problem at once', () => {
    const message = errorOf({ theme: 'blue', timeZone: 'mars' });
    expect(message).toContain('theme');
    expect(message).toContain('timeZone');
  });
});

describe('applySettingsPatch', () => {
  it('merges intervals and leaves the input unchanged', () => {
    const before = defaultSettings();
    const after = applySettingsPatch(before, { theme: 'light', intervals: { ticks: 500 } });
    expect(after.theme).toBe('light');
    expect(after.intervals).toEqual({ quotes: 1000, depth: 1000, ticks: 500, news: 60_000 });
    expect(before).toEqual(DEFAULT_SETTINGS);
  });

  it('sets the budget back to the plan default with null', () => {
    const withBudget = applySettingsPatch(defaultSettings(), { requestsPerMinute: 30 });
    expect(
      applySettingsPatch(withBudget, { requestsPerMinute: null }).requestsPerMinute,
    ).toBeNull();
  });
});
