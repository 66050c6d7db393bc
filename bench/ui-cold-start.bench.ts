/**
 * Cold start of the browser host to the first quote painted, in Chromium (headless).
 *
 * Two kinds of start, alternated run by run so both see the same machine load:
 * - **first start**: a fresh data folder (`MARKETDESK_HOME`, no token: demo mode, the
 *   default settings and workspace) and `--port 0`, a port the browser has never seen:
 *   nothing cached anywhere, the first start after installing;
 * - **later start**: the data folder of the runs before it (its workspace, its cache of
 *   the last prices) and no `--port`, so the host takes its last port again
 *   (host-port.ts) and the browser has the page's files cached, compiled code too:
 *   the start a user makes every day. One start before the first counted primes it.
 * Every run: demo mode; the renderer and the host bundle already built (built here first
 * when stale; a run whose host rebuilt either anyway is repeated); Chromium already
 * running with a blank page (the user's browser is open). Then the host is spawned
 * with `--no-open` the way `npm run serve` starts it — `node scripts/serve-host.mjs`,
 * which runs the pre-built `out/host/serve.mjs` (npm's own start-up is not counted) —
 * the page opens the address it prints, and the probe
 * (bench/ui/page-probe.ts) stamps the first quote-board price cell showing a digit
 * and the second animation frame after it (painted).
 *
 * Two figures per run:
 * - wall clock: from just before the spawn to that painted frame (epoch ms of this
 *   process vs the page's `performance.timeOrigin + now`, one machine clock): the
 *   goal's figure;
 * - in the browser: from the page's navigation start to the painted frame.
 * And the phases between (medians): spawn → listening → navigation → DOMContentLoaded
 * (the first-load scripts run) → socket open → workspace answered → first subscribe
 * sent → first subscribe answered (the services run: the socket and the workspace come
 * before them) → first quotes frame → painted; each row is the time since the one before.
 * Beside each start's runs, the last run's bridge messages and its scripts (when each was
 * asked for and when it had arrived): a pane's code that comes late shows there.
 * Median of `UI_COLD_RUNS` (default 5), the machine's load average printed beside it.
 * The renderer's first-load script (index.html's script and the modules it preloads)
 * is weighed, and so are the scripts the page had loaded by its first quote (the
 * first screen's panes come as chunks of their own). `UI_COLD_TSX=1` adds as many first
 * starts of the host from source (`tsx src/host/serve.ts`), for comparison.
 * `UI_COLD_PROF=<folder>` runs each host with `--cpu-prof` into that folder (one
 * `.cpuprofile` per start, written as the host exits): where its CPU time goes.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Page } from 'playwright-core';
import { ensureHostBuilt } from '../scripts/build-host.mjs';
import { ensureRendererBuilt } from '../src/host/build-renderer';
import type { Benchmark, BenchRow } from './harness';
import { median } from './harness';
import { launchChromium } from './ui/browser';
import { PROJECT_ROOT } from './ui/build-pages';
import { PROBE_SCRIPT, type ProbeData } from './ui/page-probe';

const RUNS = Number(process.env.UI_COLD_RUNS ?? 5);
const GOAL_MS = 1_000;
/** The first-load script's goal, bytes before compression (kB as Vite prints them: 1,000 bytes). */
const FIRST_LOAD_GOAL = 350_000;
const WITH_TSX = process.env.UI_COLD_TSX === '1';
/** A folder for the hosts' CPU profiles (`--cpu-prof`), when asked for. */
const PROFILE_DIR = process.env.UI_COLD_PROF;
const PROFILE_ARGS = PROFILE_DIR
  ? ['--cpu-prof', `--cpu-prof-dir=${path.resolve(PROFILE_DIR)}`]
  : [];
const TSX = path.join(
  path.dirname(createRequire(import.meta.url).resolve('tsx/package.json')),
  'dist',
  'cli.mjs',
);

/**
 * How the host is started: what `npm run serve` runs on a fresh data folder and a new
 * port (first), on the last start's data folder and port (later), or the source
 * through tsx (first start).
 */
type HostStart = 'first' | 'later' | 'tsx';
const HOST_ARGS: Record<HostStart, string[]> = {
  first: ['scripts/serve-host.mjs', '--port', '0'],
  later: ['scripts/serve-host.mjs'],
  tsx: [TSX, 'src/host/serve.ts', '--port', '0'],
};
const START_NAMES: Record<HostStart, string> = {
  first: 'first start',
  later: 'later start',
  tsx: 'from source (tsx), first start',
};

interface Run {
  wall: number;
  browser: number;
  /** Spawn → address printed. */
  listening: number;
  /** Spawn → the page's navigation start. */
  navigation: number;
  /**
   * In the browser (from navigation start): DOMContentLoaded, socket opened, workspace
   * answered, first subscribe sent, first quotes frame.
   */
  dcl: number;
  ws: number;
  workspace: number;
  subscribe: number;
  /** The first subscribe answered: the services run (the browser host's socket and workspace come before them). */
  subscribed: number;
  quotesFrame: number;
  /** Script bytes (decoded) the page had loaded by its first quote painted. */
  scriptBytes: number;
  rebuilt: boolean;
  /** The page's first bridge messages (see ProbeData.log). */
  log: string;
  /** The scripts fetched by the first quote painted: name, asked for → arrived (ms from navigation start). */
  scripts: string;
}

async function coldStart(page: Page, start: HostStart, laterHome: string): Promise<Run> {
  const home =
    start === 'later' ? laterHome : mkdtempSync(path.join(tmpdir(), 'marketdesk-bench-cold-'));
  const env: Record<string, string | undefined> = { ...process.env, MARKETDESK_HOME: home };
  delete env.MARKETDESK_TOKEN;
  const spawnedAt = performance.timeOrigin + performance.now();
  const child = spawn(process.execPath, [...PROFILE_ARGS, ...HOST_ARGS[start], '--no-open'], {
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
    // Node's types (no DOM here): the entries' fields this reads.
    type Entry = {
      name: string;
      startTime: number;
      responseEnd: number;
      decodedBodySize: number;
    };
    const { dcl, scriptBytes, scripts } = await page.evaluate((before) => {
      const nav = performance.getEntriesByType('navigation' as never)[0] as unknown as
        { domContentLoadedEventEnd: number } | undefined;
      const fetched = (
        performance.getEntriesByType('resource' as never) as unknown as Entry[]
      ).filter((e) => e.name.endsWith('.js') && e.responseEnd <= before);
      return {
        dcl: nav?.domContentLoadedEventEnd ?? Number.NaN,
        scriptBytes: fetched.reduce((sum, e) => sum + e.decodedBodySize, 0),
        scripts: fetched
          .map(
            (e) =>
              `${e.name.replace(/^.*\/(.*?)-[\w-]{8}\.js$/, '$1')} ${e.startTime.toFixed(0)}→${e.responseEnd.toFixed(0)}`,
          )
          .join(', '),
      };
    }, painted);
    const at = (what: string) => p.log.find((e) => e.what === what)?.at ?? Number.NaN;
    return {
      navigation: p.timeOrigin - spawnedAt,
      dcl,
      ws: at('open'),
      workspace: at('<loadWorkspace'),
      subscribe: at('>subscribe'),
      subscribed: at('<subscribe'),
      quotesFrame: p.firstFrameAt.quotes ?? Number.NaN,
      scriptBytes,
      log: p.log.map((e) => `${e.at.toFixed(0)} ${e.what}`).join(', '),
      scripts,
      wall: p.timeOrigin + painted - spawnedAt,
      browser: painted,
      listening,
      rebuilt: /building the (renderer|host)/.test(stderr),
    };
  } finally {
    const exited = new Promise((r) => child.once('exit', r));
    child.kill('SIGTERM');
    await exited;
    await page.goto('about:blank');
    if (home !== laterHome) rmSync(home, { recursive: true, force: true });
  }
}

/** The phases from spawn to the first quote painted: name, and when (ms from spawn). */
const PHASES: [string, (r: Run) => number][] = [
  ['spawn → host listening (address printed)', (r) => r.listening],
  ['  → navigation start (the page asked for)', (r) => r.navigation],
  ['  → DOMContentLoaded (first-load scripts run)', (r) => r.navigation + r.dcl],
  ['  → bridge socket open', (r) => r.navigation + r.ws],
  ['  → workspace answered', (r) => r.navigation + r.workspace],
  ['  → first subscribe sent (panes mounted)', (r) => r.navigation + r.subscribe],
  ['  → first subscribe answered (the services run)', (r) => r.navigation + r.subscribed],
  ['  → first quotes frame', (r) => r.navigation + r.quotesFrame],
  ['  → first quote painted', (r) => r.wall],
];

/** Each phase's median duration (from the phase before). */
function phaseRows(runs: Run[]): BenchRow[] {
  return PHASES.map(([name, end], i) => ({
    name,
    value: median(runs.map((r) => end(r) - (i === 0 ? 0 : PHASES[i - 1]![1](r)))),
    unit: 'ms',
  }));
}

/** The scripts the built index.html loads before anything else: its module and preloads. */
function firstLoadScripts(): { files: number; bytes: number } {
  const root = path.join(PROJECT_ROOT, 'out', 'renderer');
  const html = readFileSync(path.join(root, 'index.html'), 'utf8');
  const files = [
    ...html.matchAll(
      /<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+\.js)"/g,
    ),
  ].map((m) => m[1]!);
  return {
    files: files.length,
    bytes: files.reduce((sum, file) => sum + statSync(path.join(root, file)).size, 0),
  };
}

const benchmark: Benchmark = {
  title: 'Cold start of the browser host to the first quote painted (Chromium, demo mode)',
  async run(): Promise<BenchRow[]> {
    await ensureRendererBuilt(PROJECT_ROOT, (line) => console.error(line));
    await ensureHostBuilt(PROJECT_ROOT, (line) => console.error(line));
    const browser = await launchChromium();
    try {
      const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
      await context.addInitScript({ path: PROBE_SCRIPT });
      const page = await context.newPage();
      const starts: HostStart[] = WITH_TSX ? ['first', 'later', 'tsx'] : ['first', 'later'];
      const runs: Record<HostStart, Run[]> = { first: [], later: [], tsx: [] };
      const log = (line: string) => console.error(line);
      const laterHome = mkdtempSync(path.join(tmpdir(), 'marketdesk-bench-later-'));
      const loadBefore = loadavg()[0]!;
      try {
        // The later starts' data folder and port, and the browser's cache of that origin.
        await coldStart(page, 'later', laterHome);
        for (let attempt = 0; attempt < RUNS + 3; attempt++) {
          for (const start of starts) {
            if (runs[start].length >= RUNS) continue;
            await ensureRendererBuilt(PROJECT_ROOT, log);
            await ensureHostBuilt(PROJECT_ROOT, log);
            const run = await coldStart(page, start, laterHome);
            if (run.rebuilt)
              console.error(`[ui-cold-start] the host (${start}) rebuilt first: run repeated`);
            else runs[start].push(run);
          }
        }
      } finally {
        rmSync(laterHome, { recursive: true, force: true });
      }
      if (starts.some((start) => runs[start].length < RUNS))
        throw new Error('the sources kept changing: no clean cold start');
      const loadAfter = loadavg()[0]!;
      const f = (x: number) => x.toFixed(0);
      for (const start of starts) {
        console.error(
          `[ui-cold-start] ${START_NAMES[start]}, ms: wall / spawn→listening / in the browser: ` +
            `DOMContentLoaded, socket opened, workspace, first subscribe sent, answered, first quotes frame, painted\n` +
            runs[start]
              .map(
                (r) =>
                  `  ${f(r.wall)} / ${f(r.listening)} / ${f(r.dcl)}, ${f(r.ws)}, ${f(r.workspace)}, ` +
                  `${f(r.subscribe)}, ${f(r.subscribed)}, ${f(r.quotesFrame)}, ${f(r.browser)}`,
              )
              .join('\n') +
            `\n  bridge messages of the last run (ms from navigation start): ${runs[start].at(-1)?.log}` +
            `\n  its scripts, asked for → arrived (ms from navigation start): ${runs[start].at(-1)?.scripts}`,
        );
      }
      const firstLoad = firstLoadScripts();
      const kb = (bytes: number) => bytes / 1000;
      const startRows = (start: 'first' | 'later'): BenchRow[] => {
        const wall = median(runs[start].map((r) => r.wall));
        return [
          {
            name: `${START_NAMES[start]}: spawn → first quote painted, wall clock, median of ${RUNS}`,
            value: wall,
            unit: 'ms',
            goal: `≤ ${GOAL_MS.toLocaleString('en-US')} ms`,
            pass: wall <= GOAL_MS,
          },
          {
            name: `${START_NAMES[start]}: navigation start → first quote painted, in the browser`,
            value: median(runs[start].map((r) => r.browser)),
            unit: 'ms',
          },
          // The phases, each the median of its own runs' time since the phase before.
          ...phaseRows(runs[start]),
          {
            name: `${START_NAMES[start]}: scripts fetched by the first quote painted (the first screen’s panes too)`,
            value: kb(median(runs[start].map((r) => r.scriptBytes))),
            unit: 'kB',
          },
        ];
      };
      const rows: BenchRow[] = [
        ...startRows('first'),
        ...startRows('later'),
        {
          name: `renderer first-load script (${firstLoad.files} files: index.html's script and its preloads)`,
          value: kb(firstLoad.bytes),
          unit: 'kB',
          goal: `≤ ${kb(FIRST_LOAD_GOAL)} kB`,
          pass: firstLoad.bytes <= FIRST_LOAD_GOAL,
        },
        {
          name: `machine load average (1 min, ${availableParallelism()} cores): at start → at end`,
          value: loadAfter,
          unit: 'load',
          ratio: `from ${loadBefore.toFixed(1)}`,
        },
      ];
      if (WITH_TSX) {
        const tsxWall = median(runs.tsx.map((r) => r.wall));
        rows.push(
          {
            name: `from source (tsx src/host/serve.ts), first start: spawn → first quote painted`,
            value: tsxWall,
            unit: 'ms',
            ratio: `${(median(runs.first.map((r) => r.wall)) / tsxWall).toFixed(2)}×`,
          },
          {
            name: 'from source (tsx): spawn → host listening',
            value: median(runs.tsx.map((r) => r.listening)),
            unit: 'ms',
          },
        );
      }
      return rows;
    } finally {
      await browser.close();
    }
  },
};

export default benchmark;
