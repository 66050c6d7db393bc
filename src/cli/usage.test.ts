/**
 * Help and usage mistakes: help on stdout with exit 0; a mistake is one line on stderr,
 * nothing on stdout, exit 2 — before any request is made.
 */
import { describe, expect, it } from 'vitest';
import { parseSettingsPatch } from '../core/settings';
import { BASE_URL_PLAIN_HTTP } from '../shared/model';
import { cliOnSimulator, lines } from './test-harness';
import { COMMANDS } from './marketdesk';

describe('help and usage errors', () => {
  const h = cliOnSimulator();

  it('no command and --help list every command', async () => {
    for (const argv of [[], ['--help'], ['help']]) {
      const r = await h.cli(argv);
      expect(r).toMatchObject({ code: 0, stderr: '' });
      for (const c of COMMANDS) expect(r.stdout).toMatch(new RegExp(`^  ${c.name}\\s`, 'm'));
    }
  });

  it('each command has its own --help', async () => {
    for (const c of COMMANDS) {
      const r = await h.cli([c.name, '--help']);
      expect(r.code).toBe(0);
      expect(r.stdout.startsWith(`Usage: marketdesk ${c.name}`)).toBe(true);
      expect(r.stdout).toContain('--no-cache');
    }
  });

  const mistakes: [string, string[], RegExp][] = [
    ['unknown command', ['quote'], /unknown command "quote"/],
    ['unknown option', ['quotes', 'stock', '--region', 'US', '--codes', 'A', '--bogus'], /--bogus/],
    ['missing --codes', ['quotes', 'stock', '--region', 'US'], /missing --codes/],
    ['missing --region', ['quotes', 'stock', '--codes', 'A'], /missing --region/],
    ['missing class', ['quotes', '--region', 'US', '--codes', 'A'], /missing asset class/],
    ['bad class', ['quotes', 'bonds', '--region', 'US', '--codes', 'A'], /"bonds"/],
    [
      'forex quotes',
      ['quotes', 'forex', '--region', 'GB', '--codes', 'EURUSD'],
      /no quotes for forex/,
    ],
    ['ticks stock', ['ticks', 'stock', '--region', 'US', '--codes', 'A'], /only crypto/],
    [
      'klines fund',
      ['klines', 'fund', '--region', 'US', '--codes', 'SPY', '--ktype', '1d'],
      /no klines for fund \(classes: stock, indices, crypto, forex\)/,
    ],
    [
      'klines future',
      ['klines', 'future', '--region', 'US', '--codes', 'CL', '--ktype', '1d'],
      /no klines for future/,
    ],
    [
      'bad ktype',
      ['klines', 'stock', '--region', 'US', '--codes', 'A', '--ktype', '3d'],
      /--ktype/,
    ],
    [
      '2h for stock (crypto only)',
      ['klines', 'stock', '--region', 'US', '--codes', 'AAPL', '--ktype', '2h'],
      /^marketdesk: --ktype for stock must be one of 1m\|5m\|15m\|30m\|1h\|1d\|1w\|1M, or the API's number 1,2,3,4,5,8,9,10; got "2h" \(2h is for crypto only\) \(see marketdesk klines --help\)$/m,
    ],
    [
      "the API's number 7 for indices",
      ['klines', 'indices', '--region', 'US', '--codes', 'SPX', '--ktype', '7'],
      /--ktype for indices must be one of .*got "7" \(4h is for crypto only\)/,
    ],
    [
      '4h export of a stock series',
      ['cache', 'export', 'stock', '--region', 'US', '--code', 'AAPL', '--ktype', '4h'],
      /--ktype for stock must be one of/,
    ],
    [
      'bad limit',
      ['klines', 'stock', '--region', 'US', '--codes', 'A', '--ktype', '1d', '--limit', '0'],
      /--limit must be a positive integer/,
    ],
    [
      'bad before',
      ['klines', 'stock', '--region', 'US', '--codes', 'A', '--ktype', '1d', '--before', 'soon'],
      /--before must be an ISO 8601 time/,
    ],
    [
      'exchange off stock',
      ['depth', 'crypto', '--region', 'BA', '--codes', 'X', '--exchange', 'B'],
      /stock only/,
    ],
    ['bad plan', ['quotes', 'stock', '--region', 'US', '--codes', 'A', '--plan', 'gold'], /--plan/],
    [
      'timeout under a second',
      ['quotes', 'stock', '--region', 'US', '--codes', 'A', '--timeout', '0.5'],
      /--timeout must be seconds from 1 to 120 \(e\.g\. 30 or 30s\), got "0\.5"/,
    ],
    [
      'timeout over two minutes',
      ['quotes', 'stock', '--region', 'US', '--codes', 'A', '--timeout', '3min'],
      /--timeout must be seconds from 1 to 120/,
    ],
    [
      'plain http to another machine with a token',
      [
        'quotes',
        'stock',
        '--region',
        'US',
        '--codes',
        'A',
        '--base-url',
        'http://api.example',
        '--token',
        'T',
      ],
      /Base URL must use https: plain http is allowed only to this machine/,
    ],
    ['news without lang', ['news', '--market', 'stock'], /missing --lang/],
    ['cache without action', ['cache'], /missing action/],
    ['cache clear without --yes', ['cache', 'clear'], /add --yes/],
    ['bad budget', ['cache', 'prune', '--budget', 'lots'], /--budget must be a size/],
  ];

  it.each(mistakes)('%s: exit 2, one line on stderr, nothing on stdout', async (_, argv, msg) => {
    h.sim.resetStats();
    const r = await h.cli(argv);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(lines(r.stderr)).toHaveLength(1);
    expect(r.stderr).toMatch(/^marketdesk: /);
    expect(r.stderr).toMatch(msg);
    expect(h.sim.stats().requests).toBe(0);
  });

  it('no token against the real service is a usage error naming the fix', async () => {
    const r = await h.cli('quotes stock --region US --codes A', {
      MARKETDESK_BASE_URL: 'https://api.itick.org',
    });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(lines(r.stderr)).toEqual([
      expect.stringMatching(/needs a token: pass --token or set MARKETDESK_TOKEN/),
    ]);
  });

  it("refuses plain http to another machine with the app's own message, flag or environment", async () => {
    const url = 'http://192.168.1.10:8080';
    const app = parseSettingsPatch({ baseUrl: url });
    expect(app).toEqual({ ok: false, error: BASE_URL_PLAIN_HTTP });
    const argv = ['info', '--region', 'US', '--code', 'AAPL'];
    for (const r of [
      await h.cli([...argv, '--base-url', url, '--token', 'tok_live']),
      await h.cli(argv, { MARKETDESK_BASE_URL: url, MARKETDESK_TOKEN: 'tok_live' }),
    ]) {
      expect(r).toMatchObject({ code: 2, stdout: '' });
      expect(r.stderr).toBe(`marketdesk: ${BASE_URL_PLAIN_HTTP} (see marketdesk info --help)\n`);
    }
  });

  it('takes the timeout in seconds or with a unit, and crypto its own 2h candles', async () => {
    for (const timeout of ['30', '30s', '1500ms', '2min']) {
      const r = await h.cli(`quotes stock --region US --codes AAPL --timeout ${timeout}`);
      expect(r.code, timeout).toBe(0);
    }
    const env = await h.cli('quotes stock --region US --codes AAPL', {
      MARKETDESK_TIMEOUT: '0',
    });
    expect(env.stderr).toMatch(/--timeout must be seconds from 1 to 120/);
    const crypto = await h.cli(
      'klines crypto --region BA --codes BTCUSDT --ktype 2h --limit 2 --json',
    );
    expect(crypto.code).toBe(0);
    expect((JSON.parse(crypto.stdout) as Record<string, unknown[]>)['BTCUSDT']).toHaveLength(2);
  });

  it('global options may come before the command', async () => {
    const r = await h.cli('--json --plan base quotes crypto --region BA --codes BTCUSDT');
    expect(r.code).toBe(0);
    expect(Object.keys(JSON.parse(r.stdout) as object)).toEqual(['BTCUSDT']);
  });
});
