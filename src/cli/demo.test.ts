/**
 * Demo mode: with neither a token nor a base URL the command line answers from the
 * built-in simulator, says so on stderr, and the README's examples work for a newcomer.
 * Unknown codes are named, never answered.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_NOTE } from './context';
import { cliHarness, lines, type CliHarness } from './test-harness';

const NOTE = `marketdesk: ${DEMO_NOTE}`;
const README = path.resolve(import.meta.dirname, '../../README.md');

/** The `marketdesk …` lines of the README's command-line section, one command each. */
function readmeExamples(home: string): string[][] {
  const section = readFileSync(README, 'utf8').split('## The command line')[1]!;
  const block = /```sh\n([\s\S]*?)```/.exec(section)![1]!;
  return block
    .split('\n')
    .filter((line) => line.startsWith('marketdesk '))
    .map((line) => line.replace(/^marketdesk /, ''))
    .map((command) =>
      // Files the examples write go to the test's folder, not the working directory.
      command
        .split(/\s+/)
        .map((arg, i, all) => (all[i - 1] === '--out' ? path.join(home, arg) : arg)),
    );
}

describe('demo mode', () => {
  let h: CliHarness;
  beforeAll(() => {
    h = cliHarness(); // no MARKETDESK_TOKEN, no MARKETDESK_BASE_URL
  });
  afterAll(() => h.cleanup());

  it('answers from the built-in simulator and says so, once, on stderr', async () => {
    const r = await h.cli('quotes stock --region US --codes AAPL,MSFT');
    expect(r.code).toBe(0);
    expect(lines(r.stderr)).toEqual([NOTE]);
    const [header, ...rows] = lines(r.stdout);
    expect(header).toMatch(/^CODE\s+LAST/);
    expect(rows.map((l) => l.split(/\s+/)[0])).toEqual(['AAPL', 'MSFT']);
  });

  it("runs every example of the README's command-line section", async () => {
    const examples = readmeExamples(h.home);
    expect(examples.length).toBeGreaterThanOrEqual(8);
    for (const argv of examples) {
      const r = await h.cli(argv);
      expect(r.code, `marketdesk ${argv.join(' ')}\n${r.stderr}`).toBe(0);
      const cacheTool = argv[0] === 'cache' && argv[1] !== 'export';
      // Data commands say where the data comes from; the cache tools show no market data.
      expect(lines(r.stderr)[0], argv.join(' ')).toBe(cacheTool ? undefined : NOTE);
      if (argv[0] !== 'cache') expect(r.stdout.length, argv.join(' ')).toBeGreaterThan(0);
    }
  });

  it('names unknown codes on stderr, prints the known ones, exits 1', async () => {
    const quotes = await h.cli('quotes stock --region US --codes AAPL,ZZZZ,FOOBAR --json');
    expect(quotes.code).toBe(1);
    expect(Object.keys(JSON.parse(quotes.stdout) as object)).toEqual(['AAPL']);
    expect(lines(quotes.stderr)).toEqual([
      NOTE,
      'marketdesk: unknown symbol: ZZZZ (stock, region US)',
      'marketdesk: unknown symbol: FOOBAR (stock, region US)',
    ]);
    for (const noCache of [[], ['--no-cache']]) {
      const argv = 'klines stock --region US --codes ZZZZ,AAPL --ktype 1d --limit 3 --json';
      const klines = await h.cli([...argv.split(' '), ...noCache]);
      expect(klines.code).toBe(1);
      const doc = JSON.parse(klines.stdout) as Record<string, unknown[]>;
      expect(Object.keys(doc)).toEqual(['AAPL']);
      expect(doc['AAPL']).toHaveLength(3);
      expect(lines(klines.stderr)).toEqual([
        NOTE,
        'marketdesk: unknown symbol: ZZZZ (stock, region US)',
      ]);
    }
  });

  it('klines of unknown codes only: each named, nothing printed, exit 1', async () => {
    const r = await h.cli('klines crypto --region BA --codes NOPEUSDT --ktype 1h');
    expect(r).toMatchObject({ code: 1, stdout: '' });
    expect(lines(r.stderr)).toEqual([
      NOTE,
      'marketdesk: unknown symbol: NOPEUSDT (crypto, region BA)',
    ]);
  });

  it('a single-symbol command with an unknown code is one error line and exit 1', async () => {
    for (const argv of [
      ['info', '--region', 'US', '--code', 'ZZZZ'],
      ['depth', 'stock', '--region', 'US', '--codes', 'ZZZZ'],
      ['depth', 'fund', '--region', 'US', '--codes', 'ZZZZ', '--json'],
    ]) {
      const r = await h.cli(argv);
      expect(r.code, argv.join(' ')).toBe(1);
      expect(r.stdout).toBe('');
      expect(lines(r.stderr)).toEqual([
        NOTE,
        `marketdesk: unknown symbol: ZZZZ (${argv[0] === 'info' ? 'stock' : argv[1]}, region US)`,
      ]);
    }
  });
});
