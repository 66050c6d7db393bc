import { describe, expect, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import { STREAM_PATHS } from '../../shared/api/stream';
import type { Settings } from '../../shared/model';
import { BASE_URL_EXTRAS, BASE_URL_NOT_HTTP, BASE_URL_PLAIN_HTTP } from '../../shared/model';
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
      requestTimeoutMs: 10_000,
      intervals: { quotes: 1000, depth: 1000, ticks: 1000, news: 60_000 },
      theme: 'dark',
      timeZone: 'exchange',
      cacheBudgetBytes: 1024 ** 3,
      recordingBudgetBytes: 1024 ** 3,
      streamEnabled: true,
      streamSubscriptions: null,
      // The contract's endpoints (shared/api/stream.ts).
      streamPaths: STREAM_PATHS,
      // Updates are the user's choice (issue 16): off until turned on.
      autoUpdate: false,
    });
  });

  it('hands out copies', () => {
    const a = defaultSettings();
    a.intervals.quotes = 5000;
    a.streamPaths.crypto = '/ws/crypto';
    expect(defaultSettings().intervals.quotes).toBe(1000);
    expect(defaultSettings().streamPaths.crypto).toBe('/crypto');
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
    expect(errorOf({ colour: 'red' })).toBe('Unknown setting: colour');
    expect(errorOf({ intervals: { candles: 1000 } })).toBe('Unknown refresh interval: candles');
  });

  it.each(['ftp://x.example', 'not a url', '', 'https://', 42])(
    'refuses the base URL %j with a clear message',
    (baseUrl) => {
      expect(errorOf({ baseUrl })).toBe(BASE_URL_NOT_HTTP);
    },
  );

  it('refuses credentials or a query in the base URL (a token could hide there)', () => {
    expect(errorOf({ baseUrl: 'https://user:pw@api.example' })).toBe(BASE_URL_EXTRAS);
    expect(errorOf({ baseUrl: 'https://api.example/?token=abc' })).toBe(BASE_URL_EXTRAS);
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
    expect(errorOf({ baseUrl })).toBe(BASE_URL_PLAIN_HTTP);
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

  it('bounds intervals to 250 ms – 1 h, whole numbers, in words a person reads', () => {
    expect(parseSettingsPatch({ intervals: { quotes: 250, news: 3_600_000 } }).ok).toBe(true);
    expect(errorOf({ intervals: { quotes: 249 } })).toBe(
      'Quotes refresh must be a whole number of milliseconds from 250 (0.25 s) to 3,600,000 (1 h)',
    );
    expect(errorOf({ intervals: { news: 3_600_001 } })).toMatch(/^News refresh must be/);
    expect(errorOf({ intervals: { depth: 1000.5 } })).toMatch(/^Depth refresh must be/);
    expect(errorOf({ intervals: { ticks: '1000' } })).toMatch(/^Ticks refresh must be/);
  });

  it('bounds the request timeout to 1 s – 2 min', () => {
    expect(parseSettingsPatch({ requestTimeoutMs: 1000 }).ok).toBe(true);
    expect(parseSettingsPatch({ requestTimeoutMs: 120_000 }).ok).toBe(true);
    for (const requestTimeoutMs of [999, 120_001, 5000.5, null]) {
      expect(errorOf({ requestTimeoutMs })).toBe(
        'Request timeout must be a whole number of milliseconds from 1,000 (1 s) to 120,000 (2 min)',
      );
    }
  });

  it('requires a budget ≥ 1, a cache ≥ 64 MiB, a known plan and theme', () => {
    expect(errorOf({ requestsPerMinute: 0 })).toBe(
      "Requests per minute must be a whole number from 1 to 1,000,000, or blank for the plan's default",
    );
    expect(errorOf({ cacheBudgetBytes: 64 * 1024 * 1024 - 1 })).toBe(
      'Cache size must be a whole number of bytes from 67,108,864 (64 MiB) to 1,099,511,627,776 (1 TiB)',
    );
    expect(parseSettingsPatch({ cacheBudgetBytes: 64 * 1024 * 1024 }).ok).toBe(true);
    expect(errorOf({ recordingBudgetBytes: 1.5 * 1024 ** 3 + 0.5 })).toBe(
      'Recording size must be a whole number of bytes from 67,108,864 (64 MiB) to 1,099,511,627,776 (1 TiB)',
    );
    expect(parseSettingsPatch({ recordingBudgetBytes: 2 * 1024 ** 3 }).ok).toBe(true);
    expect(errorOf({ plan: 'gold' })).toBe(
      'Plan must be one of free, base, professional, premium, enterprise',
    );
    expect(errorOf({ theme: 'blue' })).toBe('Theme must be "dark" or "light"');
    expect(errorOf({ enterpriseMaxCodes: 0 })).toBe(
      'Codes per request must be a whole number from 1 to 10,000',
    );
  });

  it('names no field by its key: every message starts with what the form calls it', () => {
    const bad = {
      baseUrl: 'ftp://x',
      plan: 'gold',
      enterpriseMaxCodes: 0,
      requestsPerMinute: 0,
      requestTimeoutMs: 0,
      intervals: { quotes: 0, depth: 0, ticks: 0, news: 0 },
      theme: 'blue',
      timeZone: 'mars',
      cacheBudgetBytes: 0,
      recordingBudgetBytes: -1,
      streamEnabled: 1,
      streamSubscriptions: 0,
      streamPaths: { ...DEFAULT_SETTINGS.streamPaths, forex: 'forex' },
    };
    const result = settingsPatchSchema.safeParse(bad);
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((issue) => issue.message);
    expect(messages).toHaveLength(16);
    for (const message of messages) {
      expect(message).toMatch(/^[A-Z]/);
      expect(message).not.toMatch(
        /\b(baseUrl|enterpriseMaxCodes|requestsPerMinute|requestTimeoutMs|intervals\.|timeZone|cacheBudgetBytes|recordingBudgetBytes|stream\w+)\b/,
      );
    }
  });

  it('lists every problem at once', () => {
    const message = errorOf({ theme: 'blue', timeZone: 'mars' });
    expect(message).toContain('Theme');
    expect(message).toContain('Times must be shown in');
  });
});

describe('stream settings', () => {
  const paths = DEFAULT_SETTINGS.streamPaths;

  it('take the switch, a limit or null for the plan, and a path per class, trimmed', () => {
    const patch = {
      streamEnabled: false,
      streamSubscriptions: 50,
      streamPaths: { ...paths, crypto: ' /ws/v2/crypto ' },
    };
    expect(settingsPatchSchema.parse(patch)).toEqual({
      ...patch,
      streamPaths: { ...paths, crypto: '/ws/v2/crypto' },
    });
    expect(settingsPatchSchema.parse({ streamSubscriptions: null })).toEqual({
      streamSubscriptions: null,
    });
  });

  it('refuses a whole address for a path: the token goes only to the service it was given for', () => {
    for (const bad of [
      'wss://elsewhere.example/stock',
      'stock',
      '/stock?x=1',
      '/st ock',
      '/a#b',
      '',
    ]) {
      expect(errorOf({ streamPaths: { ...paths, stock: bad } }), bad).toBe(
        "Stock stream path must be a path on the service's host starting with / (like /stock), at most 200 characters, without spaces, ? or #",
      );
    }
    expect(errorOf({ streamPaths: { ...paths, crypto: `/${'x'.repeat(200)}` } })).toMatch(
      /^Crypto stream path must/,
    );
  });

  it('wants the path of every class, and names a path of no class', () => {
    const { fund: _fund, ...five } = paths;
    expect(errorOf({ streamPaths: five })).toContain('Fund stream path must');
    expect(errorOf({ streamPaths: { ...paths, bonds: '/bonds' } })).toBe(
      'Unknown stream path: bonds',
    );
  });

  it('bounds the limit to whole numbers from 1, in the words of the form', () => {
    const message =
      "Stream symbols must be a whole number from 1 to 100,000, or blank for the plan's default";
    for (const bad of [0, 1.5, 100_001, '200']) {
      expect(errorOf({ streamSubscriptions: bad })).toBe(message);
    }
    expect(errorOf({ streamEnabled: 'yes' })).toBe('Streaming must be on (true) or off (false)');
    expect(errorOf({ autoUpdate: 'yes' })).toBe('Updates must be on (true) or off (false)');
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

  it('replaces the stream paths whole, sharing nothing with the input', () => {
    const before = defaultSettings();
    const streamPaths = { ...before.streamPaths, stock: '/ws/stock' };
    const after = applySettingsPatch(before, { streamPaths });
    expect(after.streamPaths).toEqual(streamPaths);
    after.streamPaths.fund = '/changed';
    expect(before.streamPaths.fund).toBe('/fund');
  });

  it('sets the budget back to the plan default with null', () => {
    const withBudget = applySettingsPatch(defaultSettings(), { requestsPerMinute: 30 });
    expect(
      applySettingsPatch(withBudget, { requestsPerMinute: null }).requestsPerMinute,
    ).toBeNull();
  });
});
