/**
 * `marketdesk cache stats|export|prune|clear` over a cache filled through the CLI.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { beforeAll, describe, expect, it } from 'vitest';
import { LATEST_VERSION } from '../core/cache';
import { cliHarness, cliOnSimulator, lines } from './test-harness';

const SERIES = ['crypto', '--region', 'BA', '--code', 'BTCUSDT', '--ktype', '1h'];

describe('cache commands', () => {
  const h = cliOnSimulator();

  beforeAll(async () => {
    const filled = await h.cli('klines crypto --region BA --codes BTCUSDT --ktype 1h --limit 6');
    expect(filled.code).toBe(0);
    await h.cli('news --market stock --lang en --limit 4');
  });

  it('stats: rows per table, series and time spans', async () => {
    const json = await h.cli('cache stats --json');
    expect(json.code).toBe(0);
    const s = JSON.parse(json.stdout) as {
      path: string;
      rows: { candles: number; newsItems: number };
      sources: { source: string; candles: number; newsItems: number }[];
      series: { source: string; series: { code: string }; candles: number }[];
      candles: { oldest: number; newest: number };
    };
    const source = `live:${h.sim.url}`;
    expect(s.path).toBe(path.join(h.home, 'cache.db'));
    expect(s.rows).toMatchObject({ candles: 6, newsItems: 4 });
    expect(s.sources).toEqual([expect.objectContaining({ source, candles: 6, newsItems: 4 })]);
    expect(s.series).toEqual([expect.objectContaining({ source, candles: 6 })]);
    expect(s.candles.newest - s.candles.oldest).toBe(5 * 3_600_000);
    const table = await h.cli('cache stats');
    expect(table.stdout).toMatch(/^candles\s+6$/m);
    expect(table.stdout).toContain(`\n${source}  crypto  BA      -         BTCUSDT  1h `);
    expect(table.stdout).toMatch(
      new RegExp(
        `^SOURCE\\s+SERIES\\s+CANDLES\\s+NEWS\\s+PAGES\\s+SNAPSHOTS\n${source}\\s+1\\s+6\\s+4\\s+1\\s+0$`,
        'm',
      ),
    );
  });

  it('export: CSV header and one row per candle to stdout', async () => {
    const r = await h.cli(['cache', 'export', ...SERIES]);
    expect(r.code).toBe(0);
    const [header, ...rows] = lines(r.stdout);
    expect(header).toBe('time,iso_time,open,high,low,close,volume,turnover');
    expect(rows).toHaveLength(6);
    expect(rows[0]).toMatch(/^\d{13},\d{4}-\d\d-\d\dT\d\d:00:00\.000Z,[\d.]+,/);
  });

  it('export --format json --out FILE writes the candles to the file', async () => {
    const out = path.join(h.home, 'btc.json');
    const r = await h.cli(['cache', 'export', ...SERIES, '--format', 'json', '--out', out]);
    expect(r.code).toBe(0);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe(`marketdesk: wrote 6 candles to ${out}\n`);
    expect(JSON.parse(readFileSync(out, 'utf8'))).toHaveLength(6);
  });

  it('export --format: csv or json, another refused with both named (exit 2)', async () => {
    const r = await h.cli(['cache', 'export', ...SERIES, '--format', 'jsonl']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--format must be csv or json, got "jsonl"/);
  });

  it('export with nothing cached: says so, writes no file, exit 1', async () => {
    const out = path.join(h.home, 'aapl.csv');
    const argv = ['cache', 'export', 'stock', '--region', 'US', '--code', 'AAPL', '--ktype', '1d'];
    for (const r of [await h.cli([...argv, '--out', out]), await h.cli(argv)]) {
      expect(r).toMatchObject({ code: 1, stdout: '' });
      expect(lines(r.stderr)).toEqual([
        `marketdesk: nothing to export: no cached 1d candles for AAPL (stock, region US) from ${h.sim.url}; fetch them first: marketdesk klines stock --region US --codes AAPL --ktype 1d`,
      ]);
    }
    expect(existsSync(out)).toBe(false);
  });

  it('prune: a budget far above the size deletes nothing', async () => {
    const r = await h.cli('cache prune --budget 500MB --json');
    expect(r.code).toBe(0);
    const result = JSON.parse(r.stdout) as { budgetBytes: number; deleted: object };
    expect(result.budgetBytes).toBe(500_000_000);
    expect(result.deleted).toEqual({
      unknownSource: 0,
      intradayCandles: 0,
      newsItems: 0,
      dailyCandles: 0,
    });
  });

  it("prune without --budget keeps to the app's Cache size setting; a damaged settings file is only read", async () => {
    const settings = path.join(h.home, 'settings.json');
    writeFileSync(settings, JSON.stringify({ version: 1, cacheBudgetBytes: 3 * 1024 ** 3 }));
    const chosen = await h.cli('cache prune --json');
    expect(chosen.code).toBe(0);
    expect((JSON.parse(chosen.stdout) as { budgetBytes: number }).budgetBytes).toBe(3 * 1024 ** 3);
    expect(lines(chosen.stderr)).toEqual([
      "marketdesk: budget 3.0 GiB: the app's Cache size setting (--budget sets another)",
    ]);
    // The app may be running: the command line repairs nothing, it uses what it can read.
    const damaged = JSON.stringify({ version: 1, cacheBudgetBytes: 'lots', theme: 'light' });
    writeFileSync(settings, damaged);
    const fallback = await h.cli('cache prune --json');
    expect(fallback.code).toBe(0);
    expect((JSON.parse(fallback.stdout) as { budgetBytes: number }).budgetBytes).toBe(1024 ** 3);
    expect(lines(fallback.stderr)).toEqual([
      'marketdesk: The settings file settings.json is partly damaged: what could be read is used, and the file is left as it is.',
      "marketdesk: budget 1.0 GiB: the app's Cache size setting (--budget sets another)",
    ]);
    expect(readFileSync(settings, 'utf8')).toBe(damaged);
    expect(readdirSync(h.home).filter((f) => f.startsWith('settings.json'))).toEqual([
      'settings.json',
    ]);
    rmSync(settings);
  });

  it('prune: a tiny budget deletes the oldest candles first', async () => {
    const r = await h.cli('cache prune --budget 1KiB --json');
    expect(r.code).toBe(0);
    const result = JSON.parse(r.stdout) as { deleted: { intradayCandles: number } };
    expect(result.deleted.intradayCandles).toBe(6);
  });

  it('clear --yes empties the cache', async () => {
    await h.cli('quotes stock --region US --codes AAPL');
    const r = await h.cli('cache clear --yes');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^cleared \d+ rows from /);
    const s = JSON.parse((await h.cli('cache stats --json')).stdout) as {
      rows: Record<string, number>;
    };
    expect(Object.values(s.rows)).toEqual([0, 0, 0, 0, 0]);
  });

  it('a cache from a newer app: a clear message; --no-cache still works', async () => {
    const other = cliHarness({ MARKETDESK_BASE_URL: h.sim.url });
    try {
      mkdirSync(other.home, { recursive: true });
      const file = path.join(other.home, 'cache.db');
      const db = new Database(file);
      db.pragma(`user_version = ${LATEST_VERSION + 1}`);
      db.close();
      const quotes = ['quotes', 'stock', '--region', 'US', '--codes', 'AAPL'];
      const refused = await other.cli(quotes);
      expect(refused.code).toBe(1);
      expect(lines(refused.stderr)).toEqual([
        expect.stringMatching(/^marketdesk: cannot open the cache .*newer Marketdesk.*--no-cache/),
      ]);
      expect((await other.cli('cache stats')).code).toBe(1);
      expect((await other.cli([...quotes, '--no-cache'])).code).toBe(0);
      expect(existsSync(file)).toBe(true);
    } finally {
      other.cleanup();
    }
  });

  it('a damaged cache is moved aside with a note, and the command runs', async () => {
    const other = cliHarness({ MARKETDESK_BASE_URL: h.sim.url });
    try {
      writeFileSync(path.join(other.home, 'cache.db'), 'not a database at all, not even close');
      const r = await other.cli('ticks crypto --region BA --codes BTCUSDT');
      expect(r.code).toBe(0);
      expect(r.stderr).toMatch(/^marketdesk: The offline cache was damaged/);
    } finally {
      other.cleanup();
    }
  });
});
