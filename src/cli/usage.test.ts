/**
 * Help and usage mistakes: help on stdout with exit 0; a mistake is one line on stderr,
 * nothing on stdout, exit 2 — before any request is made.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type SimulatorHandle } from '../simulator';
import { cliHarness, lines, type CliHarness } from './test-harness';
import { COMMANDS } from './marketdesk';

describe('help and usage errors', () => {
  let sim: SimulatorHandle;
  let h: CliHarness;

  beforeAll(async () => {
    sim = await startSimulator({ port: 0 });
    h = cliHarness({ MARKETDESK_BASE_URL: sim.url });
  });
  afterAll(async () => {
    await sim.close();
    h.cleanup();
  });

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
    ['news without lang', ['news', '--market', 'stock'], /missing --lang/],
    ['cache without action', ['cache'], /missing action/],
    ['cache clear without --yes', ['cache', 'clear'], /add --yes/],
    ['bad budget', ['cache', 'prune', '--budget', 'lots'], /--budget must be a size/],
  ];

  it.each(mistakes)('%s: exit 2, one line on stderr, nothing on stdout', async (_, argv, msg) => {
    sim.resetStats();
    const r = await h.cli(argv);
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(lines(r.stderr)).toHaveLength(1);
    expect(r.stderr).toMatch(/^marketdesk: /);
    expect(r.stderr).toMatch(msg);
    expect(sim.stats().requests).toBe(0);
  });

  it('no token against the real service is a usage error naming the fix', async () => {
    const r = await h.cli(['quotes', 'stock', '--region', 'US', '--codes', 'A'], {
      MARKETDESK_BASE_URL: 'https://api.itick.org',
    });
    expect(r.code).toBe(2);
    expect(r.stdout).toBe('');
    expect(lines(r.stderr)).toEqual([
      expect.stringMatching(/needs a token: pass --token or set MARKETDESK_TOKEN/),
    ]);
  });

  it('global options may come before the command', async () => {
    const r = await h.cli([
      '--json',
      '--plan',
      'base',
      'quotes',
      'crypto',
      '--region',
      'BA',
      '--codes',
      'BTCUSDT',
    ]);
    expect(r.code).toBe(0);
    expect(Object.keys(JSON.parse(r.stdout) as object)).toEqual(['BTCUSDT']);
  });
});
