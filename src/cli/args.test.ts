import { describe, expect, it } from 'vitest';
import { parseBytes, parseCodes, parseCommand, parseTimeOption, UsageError } from './args';

describe('option parsers', () => {
  it('parseTimeOption: ISO 8601 or Unix ms', () => {
    expect(parseTimeOption('2026-11-20T14:30:00Z', 'before')).toBe(Date.UTC(2026, 10, 20, 14, 30));
    expect(parseTimeOption('1795208400000', 'before')).toBe(1795208400000);
    expect(parseTimeOption(undefined, 'before')).toBeUndefined();
    expect(() => parseTimeOption('yesterday', 'before')).toThrow(UsageError);
    expect(() => parseTimeOption('0', 'before')).toThrow(UsageError);
  });

  it('parseBytes: decimal and binary units', () => {
    expect(parseBytes('500MB', 'budget', 1)).toBe(500_000_000);
    expect(parseBytes('1GiB', 'budget', 1)).toBe(1024 ** 3);
    expect(parseBytes('1.5kib', 'budget', 1)).toBe(1536);
    expect(parseBytes('4096', 'budget', 1)).toBe(4096);
    expect(parseBytes(undefined, 'budget', 7)).toBe(7);
    for (const bad of ['', 'MB', '0', '-1MB', '5 parsecs']) {
      expect(() => parseBytes(bad, 'budget', 1), bad).toThrow(UsageError);
    }
  });

  it('parseCodes: canonical, deduplicated, order kept', () => {
    expect(parseCodes(' AAPL, MSFT,aapl ,,', 'US')).toEqual(['AAPL', 'MSFT']);
    // One instrument however it is written: HK codes without their leading zeros.
    expect(parseCodes('00700,700,9988', 'HK')).toEqual(['700', '9988']);
    expect(() => parseCodes(' , ', 'US')).toThrow(/at least one code/);
  });
});

describe('the environment token and the base URL', () => {
  const env = { MARKETDESK_TOKEN: 'env-token' };

  it('sends MARKETDESK_TOKEN only to its own service', () => {
    expect(() => parseCommand(['--base-url', 'https://evil.example'], {}, env)).toThrow(
      /MARKETDESK_TOKEN is for https:\/\/api\.itick\.org, not https:\/\/evil\.example/,
    );
    const other = { ...env, MARKETDESK_BASE_URL: 'https://data.example.com' };
    expect(() => parseCommand(['--base-url', 'https://api.itick.org'], {}, other)).toThrow(
      UsageError,
    );
  });

  it('accepts it for its own origin, and an explicit --token anywhere', () => {
    const same = parseCommand(['--base-url', 'https://api.itick.org/'], {}, env).global;
    expect(same.token).toBe('env-token');
    const explicit = parseCommand(
      ['--base-url', 'https://data.example.com', '--token', 'flag-token'],
      {},
      env,
    ).global;
    expect(explicit).toMatchObject({ token: 'flag-token', baseUrl: 'https://data.example.com' });
  });
});
