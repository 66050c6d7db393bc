/**
 * `marketdesk watch`: streamed updates against a live simulator, as a real process
 * (NDJSON that agrees with REST at the same moment; Ctrl+C) and in-process (unknown
 * codes, a refused token, a dead and a recovering stream, the live table, usage).
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '../core/stream/testing/harness';
import type { Quote } from '../shared/model';
import { startSimulator, type SimulatorHandle } from '../simulator';
import { cliHarness, lines, type CliHarness } from './test-harness';
import { cli } from '../../scripts/build-cli.mjs';

const ROOT = path.resolve(import.meta.dirname, '../..');
const TOKEN = 'watch-token';

/** One NDJSON line of `watch --json`. */
interface Line {
  receivedAt: number;
  source: string;
  via: 'rest' | 'stream';
  type: string;
  instrument: { class: string; region: string; code: string };
  quote?: Quote;
}

const ndjson = (text: string): Line[] => lines(text).map((l) => JSON.parse(l) as Line);

/** `marketdesk …` as a process (the package's bin), its stdout read as it comes. */
function spawnCli(args: string[], env: Record<string, string>) {
  const child = spawn(process.execPath, ['bin/marketdesk.js', ...args], {
    cwd: ROOT,
    env: { ...process.env, ...env },
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => void (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => void (stderr += chunk.toString()));
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return {
    child,
    exited,
    stdout: () => stdout,
    stderr: () => stderr,
    async until(check: () => boolean, what: string, timeoutMs = 20_000) {
      const deadline = Date.now() + timeoutMs;
      while (!check()) {
        if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${stderr}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
  };
}

describe('marketdesk watch as a process', () => {
  let sim: SimulatorHandle;
  /** The same market (seed) on a clock the test sets: REST at a push's moment. */
  let reference: SimulatorHandle;
  let referenceNow = 0;
  let h: CliHarness;
  let env: Record<string, string>;

  beforeAll(async () => {
    // The bin rebuilds a stale bundle first (a line on stderr, and seconds): built here
    // before, so a run after an edit of the command line's sources sees the command alone.
    await cli.ensureBuilt(ROOT, () => {});
    sim = await startSimulator({ port: 0, token: TOKEN });
    reference = await startSimulator({ port: 0, token: TOKEN, now: () => referenceNow });
    h = cliHarness({ MARKETDESK_BASE_URL: reference.url, MARKETDESK_TOKEN: TOKEN });
    env = { MARKETDESK_HOME: h.home, MARKETDESK_BASE_URL: sim.url, MARKETDESK_TOKEN: TOKEN };
  });
  afterAll(async () => {
    await Promise.all([sim.close(), reference.close()]);
    h.cleanup();
  });

  it('--json: one record a line, REST first, then pushes that agree with REST at their moment', async () => {
    const watch = spawnCli(
      ['watch', 'quotes', 'BTCUSDT', 'ethusdt', '--class', 'crypto', '--region', 'BA', '--json'],
      env,
    );
    const streamed = () => ndjson(watch.stdout()).filter((l) => l.via === 'stream');
    await watch.until(() => streamed().length >= 4, 'four pushes');
    watch.child.kill('SIGINT');
    expect(await watch.exited).toEqual({ code: 0, signal: null });
    expect(watch.stderr()).toBe('');

    const all = ndjson(watch.stdout());
    expect(all.slice(0, 2).map((l) => [l.via, l.instrument.code])).toEqual([
      ['rest', 'BTCUSDT'],
      ['rest', 'ETHUSDT'],
    ]);
    for (const line of all) {
      expect(line).toMatchObject({
        source: `live:${sim.url}`,
        type: 'quote',
        instrument: { class: 'crypto', region: 'BA' },
      });
      expect(line.receivedAt).toBeGreaterThanOrEqual(line.quote!.time);
    }
    // What `marketdesk quotes` answers from the same market at each push's moment.
    for (const line of streamed().slice(0, 4)) {
      referenceNow = line.quote!.time;
      const code = line.instrument.code;
      const rest = await h.cli(['quotes', 'crypto', '--region', 'BA', '--codes', code, '--json']);
      expect(rest.code).toBe(0);
      expect((JSON.parse(rest.stdout) as Record<string, Quote>)[code]).toEqual(line.quote);
    }
  }, 60_000);

  it('Ctrl+C on the live table: the socket closed, exit 0, nothing on stderr', async () => {
    const watch = spawnCli(['watch', 'ticks', 'BTCUSDT', '--region', 'BA'], env);
    await watch.until(() => lines(watch.stdout()).length >= 3, 'a header, the snapshot and a push');
    const before = sim.streamStats().connections;
    expect(before).toBeGreaterThanOrEqual(1);
    watch.child.kill('SIGINT');
    expect(await watch.exited).toEqual({ code: 0, signal: null });
    expect(watch.stderr()).toBe('');
    expect(lines(watch.stdout())[0]).toMatch(/^CODE\s+LAST\s+VOLUME/);
    await watch.until(() => sim.streamStats().connections === before - 1, 'the socket to close');
  }, 60_000);
});

describe('marketdesk watch', () => {
  let sim: SimulatorHandle;
  let h: CliHarness;
  const live = () => ({ MARKETDESK_BASE_URL: sim.url, MARKETDESK_TOKEN: TOKEN });

  beforeAll(async () => {
    // The bin rebuilds a stale bundle first (a line on stderr, and seconds): built here
    // before, so a run after an edit of the command line's sources sees the command alone.
    await cli.ensureBuilt(ROOT, () => {});
    sim = await startSimulator({ port: 0, token: TOKEN });
    h = cliHarness();
  });
  afterAll(async () => {
    await sim.close();
    h.cleanup();
  });

  it('names unknown codes, watches the others, exits 1; none known: nothing watched', async () => {
    const argv = ['watch', 'quotes', 'BTCUSDT,NOPEUSDT', '--class', 'crypto', '--region', 'BA'];
    const r = await h.cli([...argv, '--json', '--count', '1'], live());
    expect(r.code).toBe(1);
    expect(lines(r.stderr)).toEqual(['marketdesk: unknown symbol: NOPEUSDT (crypto, region BA)']);
    expect(ndjson(r.stdout).map((l) => [l.via, l.instrument.code])).toEqual([
      ['rest', 'BTCUSDT'],
      ['stream', 'BTCUSDT'],
    ]);
    const none = await h.cli(['watch', 'depth', 'ZZZZ', '--region', 'US'], live());
    expect(none).toMatchObject({ code: 1, stdout: '' });
    expect(lines(none.stderr)).toEqual(['marketdesk: unknown symbol: ZZZZ (stock, region US)']);
  });

  it('a refused token: exit 1 with the words of the other commands', async () => {
    const wrong = { ...live(), MARKETDESK_TOKEN: 'wrong' };
    const watch = await h.cli(['watch', 'quotes', 'AAPL', '--region', 'US'], wrong);
    const quotes = await h.cli(['quotes', 'stock', '--region', 'US', '--codes', 'AAPL'], wrong);
    expect(watch).toMatchObject({ code: 1, stdout: '' });
    expect(watch.stderr).toBe(quotes.stderr);
    expect(watch.stderr).toMatch(/^marketdesk: The market data service rejected the token/);
  });

  it('a dead network: said, retried with backoff until stopped', async () => {
    const closed = await startSimulator({ port: 0 });
    await closed.close();
    const r = await h.cli(
      ['watch', 'quotes', 'AAPL', '--region', 'US', '--base-url', closed.url, '--for', '1.5'],
      { MARKETDESK_TOKEN: '' },
    );
    expect(r).toMatchObject({ code: 0, stdout: '' });
    const [snapshot, ...retries] = lines(r.stderr);
    expect(snapshot).toMatch(/^marketdesk: no REST snapshot: Could not reach .*connection refused/);
    expect(retries.length).toBeGreaterThanOrEqual(1);
    for (const line of retries) {
      expect(line).toMatch(
        /^marketdesk: stream down: cannot reach the stream: .*; retrying in \d+ s$/,
      );
    }
  });

  it('a stream that goes down and comes back: said, and every row refreshed by REST', async () => {
    const argv = ['watch', 'quotes', 'ETHUSDT', '--class', 'crypto', '--region', 'BA', '--json'];
    const { pushes, refusedUpgrades } = sim.streamStats();
    const running = h.cli([...argv, '--for', '8'], live());
    await until(() => sim.streamStats().pushes > pushes, 'a push');
    sim.setStreamFaults({ down: true });
    await until(() => sim.streamStats().refusedUpgrades > refusedUpgrades, 'a refused reconnect');
    sim.setStreamFaults({});
    const r = await running;
    expect(r.code).toBe(0);
    const notes = lines(r.stderr);
    // The backoff's jitter decides the seconds.
    expect(notes[0]).toMatch(/^marketdesk: stream down: the connection dropped; retrying in 1 s$/);
    expect(notes[1]).toMatch(
      /^marketdesk: stream down: the stream endpoint answered HTTP 503 Service Unavailable; retrying in [12] s$/,
    );
    expect(notes.at(-1)).toBe('marketdesk: streaming 1 of 1');
    const vias = ndjson(r.stdout).map((l) => l.via);
    expect(vias[0]).toBe('rest');
    // The refresh after the outage, then the stream again.
    expect(vias.lastIndexOf('rest')).toBeGreaterThan(1);
    expect(vias.at(-1)).toBe('stream');
  }, 20_000);

  it('on a terminal: the table redrawn in place, with the source and the state beneath', async () => {
    const argv = ['watch', 'quotes', 'BTCUSDT', 'ETHUSDT', '--class', 'crypto', '--region', 'BA'];
    const r = await h.cli([...argv, '--count', '3'], {}, true);
    expect(r.code).toBe(0);
    // Each redraw moves back over the last frame (cursor up N rows) and clears below.
    const frames = r.stdout.split(new RegExp(String.raw`\r\u001b\[\d+A\u001b\[J`));
    expect(frames.length).toBeGreaterThan(1);
    const last = frames.at(-1)!.split('\n');
    expect(last.at(-2)).toMatch(/^demo data · streaming 2 of 2 · 3 updates · Ctrl\+C stops$/);
    expect(last.slice(1, 3).map((l) => l.split(/\s+/)[0])).toEqual(['BTCUSDT', 'ETHUSDT']);
  });

  it.each([
    [['watch'], /watch what\? quotes\|depth\|ticks/],
    [['watch', 'quote', 'AAPL', '--region', 'US'], /got "quote"/],
    [['watch', 'quotes', '--region', 'US'], /watch quotes needs at least one code/],
    [['watch', 'ticks', 'AAPL', '--class', 'stock', '--region', 'US'], /only crypto/],
    [['watch', 'quotes', 'EURUSD', '--class', 'forex', '--region', 'GB'], /no quotes for forex/],
    [['watch', 'quotes', 'AAPL'], /missing --region/],
    [['watch', 'quotes', 'AAPL', '--region', 'US', '--count', '0'], /--count must be/],
    [['watch', 'quotes', 'AAPL', '--region', 'US', '--for', 'soon'], /--for must be/],
  ])('usage mistake %j: exit 2 before any request', async (argv, message) => {
    const requests = sim.stats().requests;
    const r = await h.cli(argv, live());
    expect(r).toMatchObject({ code: 2, stdout: '' });
    expect(lines(r.stderr)).toEqual([expect.stringMatching(message)]);
    expect(sim.stats().requests).toBe(requests);
  });
});
