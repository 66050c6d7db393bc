/**
 * Cold start of the browser host to the first quote painted, in Chromium (headless).
 *
 * Each run: a fresh data folder (`MARKETDESK_HOME`, no token: demo mode, the default
 * settings and workspace); the renderer already built (built here first when stale;
 * a run whose host rebuilt it anyway is repeated); Chromium already running with a
 * blank page (the user's browser is open). Then `tsx src/host/serve.ts --port 0
 * --no-open` is spawned, as `npm run serve` does, the page opens the address it
 * prints, and the probe (bench/ui/page-probe.ts) stamps the first quote-board price
 * cell showing a digit and the second animation frame after it (painted).
 *
 * Two figures per run:
 * - wall clock: from just before the spawn to that painted frame (epoch ms of this
 *   process vs the page's `performance.timeOrigin + now`, one machine clock): the
 *   goal's figure;
 * - in the browser: from the page's navigation start to the painted frame.
 * Median of `UI_COLD_RUNS` (default 3).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Page } from 'playwright-core';
import { ensureRendererBuilt } from '../src/host/build-renderer';
import type { Benchmark, BenchRow } from './harness';
import { median } from './harness';
import { launchChromium } from './ui/browser';
import { PROJECT_ROOT } from './ui/build-pages';
import { PROBE_SCRIPT, type ProbeData } from './ui/page-probe';

const RUNS = Number(process.env.UI_COLD_RUNS ?? 3);
const TSX = path.join(
  path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')),
  'dist',
  'cli.mjs',
);

interface Run {
  wall: number;
  browser: number;
  /** Spawn → address printed. */
  listening: number;
  /** In the browser (from navigation start): DOMContentLoaded, socket opened, first quotes frame. */
  dcl: number;
  ws: number;
  quotesFrame: number;
  rebuilt: boolean;
  /** The page's first bridge messages (see ProbeData.log). */
  log: string;
}

async function coldStart(page: Page): Promise<Run> {
  const home = mkdtempSync(path.join(tmpdir(), 'marketdesk-bench-cold-'));
  const env: Record<string, string | undefined> = { ...process.env, MARKETDESK_HOME: home };
  delete env.MARKETDESK_TOKEN;
  const spawnedAt = performance.timeOrigin + performance.now();
  const child = spawn(process.execPath, [TSX, 'src/host/serve.ts', '--port', '0', '--no-open'], {
    cwd: PROJECT_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stderr = '';
  child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
  try {
    const url = await new Promise<string>((resolve, reject) => {
      let out = '';
      child.stdout.on('data', (d: Buffer) => {
        out += d.toString();
        const m = /running at (\S+)/.exec(out);
        if (m) resolve(m[1]!);
      });
      child.once('exit', (code) => reject(new Error(`host exited (${code}): ${stderr}`)));
    });
    const listening = performance.timeOrigin + performance.now() - spawnedAt;
    await page.goto(url);
    await page.waitForFunction(
      () => (globalThis as unknown as { __probe: ProbeData }).__probe.firstQuotePainted !== null,
      null,
      { timeout: 30_000 },
    );
    const p = await page.evaluate(() => (globalThis as unknown as { __probe: ProbeData }).__probe);
    const painted = p.firstQuotePainted!;
    const dcl = await page.evaluate(
      () =>
        (
          performance.getEntriesByType('navigation' as never)[0] as unknown as
            { domContentLoadedEventEnd: number } | undefined
        )?.domContentLoadedEventEnd ?? Number.NaN,
    );
    return {
      dcl,
      ws: p.wsCreatedAt ?? Number.NaN,
      quotesFrame: p.firstFrameAt.quotes ?? Number.NaN,
      log: p.log.map((e) => `${e.at.toFixed(0)} ${e.what}`).join(', '),
      wall: p.timeOrigin + painted - spawnedAt,
      browser: painted,
      listening,
      rebuilt: stderr.includes('building the renderer'),
    };
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
    await page.goto('about:blank');
    rmSync(home, { recursive: true, force: true });
  }
}

const benchmark: Benchmark = {
  title: 'Cold start of the browser host to the first quote painted (Chromium, demo mode)',
  async run(): Promise<BenchRow[]> {
    await ensureRendererBuilt(PROJECT_ROOT, (line) => console.error(line));
    const browser = await launchChromium();
    try {
      const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
      await context.addInitScript({ path: PROBE_SCRIPT });
      const page = await context.newPage();
      const runs: Run[] = [];
      for (let attempt = 0; runs.length < RUNS && attempt < RUNS + 3; attempt++) {
        await ensureRendererBuilt(PROJECT_ROOT, (line) => console.error(line));
        const run = await coldStart(page);
        if (run.rebuilt)
          console.error('[ui-cold-start] the host rebuilt the renderer: run repeated');
        else runs.push(run);
      }
      if (runs.length < RUNS) throw new Error('the renderer kept changing: no clean cold start');
      const wall = median(runs.map((r) => r.wall));
      const f = (x: number) => x.toFixed(0);
      console.error(
        `[ui-cold-start] runs, ms: wall / spawn→listening / in the browser: ` +
          `DOMContentLoaded, socket opened, first quotes frame, painted\n` +
          runs
            .map(
              (r) =>
                `  ${f(r.wall)} / ${f(r.listening)} / ${f(r.dcl)}, ${f(r.ws)}, ${f(r.quotesFrame)}, ${f(r.browser)}`,
            )
            .join('\n') +
          `\n  bridge messages of the last run (ms from navigation start): ${runs.at(-1)?.log}`,
      );
      return [
        {
          name: `spawn → first quote painted, wall clock, median of ${RUNS}`,
          value: wall,
          unit: 'ms',
          goal: '≤ 1,500 ms',
          pass: wall <= 1500,
        },
        {
          name: 'navigation start → first quote painted, in the browser',
          value: median(runs.map((r) => r.browser)),
          unit: 'ms',
        },
        {
          name: 'spawn → host listening (address printed)',
          value: median(runs.map((r) => r.listening)),
          unit: 'ms',
        },
      ];
    } finally {
      await browser.close();
    }
  },
};

export default benchmark;
