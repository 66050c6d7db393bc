/**
 * The command line reads only the cache of its own source: demo (no token, no base URL)
 * or the live service by origin. The case: `klines … --before …` used to answer a
 * live command with the demo's candles, exit 0 and no note.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSimulator, type SimulatorHandle } from '../simulator';
import { DEMO_NOTE } from './context';
import { cliHarness, lines, type CliHarness, type CliRun } from './test-harness';

const TOKEN = 'provenance-token';
const KLINES = ['klines', 'stock', '--region', 'US', '--codes', 'AAPL', '--ktype', '1d', '--json'];

type Candles = { time: number; close: number }[];
const candlesOf = (r: CliRun): Candles =>
  (JSON.parse(r.stdout) as Record<string, Candles>)['AAPL']!;

describe('the command line keeps demo and live data apart', () => {
  let live: SimulatorHandle;
  let h: CliHarness;
  /** The live service: another seed, so its prices differ from the demo's. */
  const liveEnv = () => ({ MARKETDESK_BASE_URL: live.url, MARKETDESK_TOKEN: TOKEN });

  beforeEach(async () => {
    live = await startSimulator({ port: 0, seed: 2, token: TOKEN });
    h = cliHarness(); // neither token nor base URL: demo mode
  });
  afterEach(async () => {
    await live.close();
    h.cleanup();
  });

  it('klines --before: a live command never gets demo candles, online or offline, and back', async () => {
    const demo = candlesOf(await h.cli([...KLINES, '--limit', '30']));
    expect(demo).toHaveLength(30);
    const before = String(demo.at(-1)!.time);
    const demoPage = await h.cli([...KLINES, '--limit', '5', '--before', before]);
    expect(candlesOf(demoPage)).toEqual(demo.slice(-6, -1));

    // Live and online: the live service's own candles, as it answers without any cache.
    const livePage = await h.cli([...KLINES, '--limit', '5', '--before', before], liveEnv());
    const truth = await h.cli(
      [...KLINES, '--limit', '5', '--before', before, '--no-cache'],
      liveEnv(),
    );
    expect(livePage).toMatchObject({ code: 0, stderr: '' });
    expect(livePage.stdout).toBe(truth.stdout);
    expect(candlesOf(livePage).map((c) => c.close)).not.toEqual(
      candlesOf(demoPage).map((c) => c.close),
    );

    // Live and offline: a page only the demo cache holds is not an answer.
    await live.close();
    const older = String(demo[10]!.time);
    const offline = await h.cli([...KLINES, '--limit', '5', '--before', older], liveEnv());
    expect(offline.code).toBe(1);
    expect(offline.stdout).toBe('');
    expect(lines(offline.stderr)).toEqual([expect.stringMatching(/^marketdesk: Could not reach/)]);
    // The page the live cache holds completely is still the live one.
    const cached = await h.cli([...KLINES, '--limit', '5', '--before', before], liveEnv());
    expect(cached.code).toBe(0);
    expect(cached.stdout).toBe(livePage.stdout);

    // And back: demo mode reads the demo cache as it was.
    const again = await h.cli([...KLINES, '--limit', '5', '--before', before]);
    expect(again.stdout).toBe(demoPage.stdout);
    expect(lines(again.stderr)).toEqual([`marketdesk: ${DEMO_NOTE}`]);
  });

  it('offline, a live quote or company card is never the demo snapshot', async () => {
    for (const argv of [
      ['quotes', 'stock', '--region', 'US', '--codes', 'AAPL'],
      ['info', '--region', 'US', '--code', 'AAPL'],
    ]) {
      expect((await h.cli(argv)).code).toBe(0);
    }
    await live.close();
    for (const argv of [
      ['quotes', 'stock', '--region', 'US', '--codes', 'AAPL', '--json'],
      ['info', '--region', 'US', '--code', 'AAPL', '--json'],
    ]) {
      const r = await h.cli(argv, liveEnv());
      expect(r.code, argv[0]).toBe(1);
      expect(r.stdout).toBe('');
      expect(lines(r.stderr)).toEqual([expect.stringMatching(/^marketdesk: Could not reach/)]);
    }
  });

  it('one live origin never answers for another', async () => {
    const news = ['news', '--market', 'stock', '--lang', 'en', '--limit', '3', '--json'];
    expect((await h.cli(news, liveEnv())).code).toBe(0);
    const other = await startSimulator({ port: 0 });
    const otherUrl = other.url;
    await other.close();
    const r = await h.cli(news, { MARKETDESK_BASE_URL: otherUrl, MARKETDESK_TOKEN: TOKEN });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe('');
    // The first origin's page is still there for it.
    await live.close();
    const back = await h.cli(news, liveEnv());
    expect(back.code).toBe(0);
    expect(lines(back.stderr)).toEqual([
      expect.stringMatching(/^marketdesk: offline — showing cached news as of /),
    ]);
  });

  it('cache export writes the candles of the source the other commands use', async () => {
    const demo = candlesOf(await h.cli([...KLINES, '--limit', '4']));
    const liveCandles = candlesOf(await h.cli([...KLINES, '--limit', '2'], liveEnv()));
    const exportArgs = ['cache', 'export', 'stock', '--region', 'US', '--code', 'AAPL'];
    const exported = [...exportArgs, '--ktype', '1d', '--format', 'json'];
    const liveExport = await h.cli(exported, liveEnv());
    expect(liveExport.stderr).toBe('');
    expect(JSON.parse(liveExport.stdout)).toEqual(liveCandles);
    const demoExport = await h.cli(exported);
    expect(JSON.parse(demoExport.stdout)).toEqual(demo);
    expect(lines(demoExport.stderr)).toEqual([`marketdesk: ${DEMO_NOTE}`]);
    // stats lists both sources.
    const stats = JSON.parse((await h.cli('cache stats --json')).stdout) as {
      sources: { source: string; candles: number }[];
    };
    expect(stats.sources).toEqual([
      expect.objectContaining({ source: 'demo', candles: 4 }),
      expect.objectContaining({ source: `live:${live.url}`, candles: 2 }),
    ]);
  });
});
