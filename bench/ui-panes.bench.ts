/**
 * Eight panes updating at 4 Hz in Chromium (headless) against the browser host
 * (demo mode: its in-process simulator).
 *
 * The workspace (bench/ui/panes-workspace.ts): 2 quote boards, 2 depth ladders,
 * 2 tick tapes, 2 one-minute charts, all visible. Settings: plan premium, 100,000
 * requests/min, quotes/depth/ticks every 250 ms; the charts' 1-minute candles are
 * set to 250 ms on the hub directly (settings have no candle intervals; the app
 * polls 1m candles every 2 s).
 *
 * The simulated market moves once per second of its clock and the hub pushes only
 * changes, so the host's clock runs 4× (`now` of the services): each 250 ms poll
 * sees a new market second and every pane gets a change about 4 times a second.
 * The frame counts printed prove the rate.
 *
 * After a warm-up (`UI_PANES_WARMUP_SECONDS`, default 5), `window.gc()` and the JS
 * heap (`performance.memory.usedJSHeapSize`, precise); then `UI_PANES_SECONDS`
 * (default 60) of updates; `gc()` and the heap again. Long tasks from a
 * `PerformanceObserver({ type: 'longtask', buffered: true })`, counted in that window.
 *
 * `UI_PANES_TRACE=1` also traces the window (Chromium tracing, some overhead) and
 * adds the main thread's CPU time per task: a task that is long in wall time but
 * short in CPU time waited for a core (a busy machine), not for the app.
 * Diagnostics: `UI_PANES_TRACE_FILE=path` also writes the raw trace there (for
 * Layout events' `beginData.dirtyObjects`/`stackTrace` and the like), and
 * `UI_PANES_TRACE_INVALIDATION=1` adds Chromium's invalidation-tracking category
 * (more overhead: for finding causes, not for figures). `UI_PANES_MUTATIONS=1`
 * counts the page's DOM mutations by where they land (outside the panes' contained
 * bodies, any mutation lays out from the document root) and prints the top ones.
 * `UI_PANES_SCREENSHOT=file.png` saves the page after the warm-up.
 * `UI_PANES_CSS='…'` injects a style sheet (e.g. to turn something off and see what
 * it costs).
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startHost } from '../src/host/start-host';
import { writeDataFolder } from './data-folder';
import type { Benchmark, BenchRow } from './harness';
import { launchChromium } from './ui/browser';
import { PROBE_SCRIPT, type ProbeData } from './ui/page-probe';
import { TRACE_CATEGORIES, summariseMainThread, type MainThreadSummary } from './ui/trace-tasks';
import { benchWorkspace } from './ui/panes-workspace';
import { addStyleSheet } from './ui/style-sheet';

const SECONDS = Number(process.env.UI_PANES_SECONDS ?? 60);
const WARMUP = Number(process.env.UI_PANES_WARMUP_SECONDS ?? 5);
const SPEED = 4;
const TRACE_FILE = process.env.UI_PANES_TRACE_FILE ?? '';
const TRACE = process.env.UI_PANES_TRACE === '1' || TRACE_FILE !== '';
const CATEGORIES =
  process.env.UI_PANES_TRACE_INVALIDATION === '1'
    ? [...TRACE_CATEGORIES, 'disabled-by-default-devtools.timeline.invalidationTracking']
    : TRACE_CATEGORIES;

interface Heap {
  used: number;
  at: number;
}
type PageGlobals = {
  __probe: ProbeData;
  gc(): void;
  performance: { memory: { usedJSHeapSize: number } };
};

const MUTATIONS = process.env.UI_PANES_MUTATIONS === '1';
const CSS = process.env.UI_PANES_CSS ?? '';
const SCREENSHOT = process.env.UI_PANES_SCREENSHOT ?? '';

/** Diagnostic: counts DOM mutations by a short path of their target (see above).
 * A string, not a function: tsx's name helpers do not exist in the page. */
const COUNT_MUTATIONS = `{
  const counts = {};
  globalThis.__mutations = counts;
  const where = (n) => {
    const parts = [];
    for (let e = n instanceof Element ? n : n && n.parentElement; e; e = e.parentElement) {
      if (e.classList.contains('content') || e.classList.contains('inner')) {
        parts.unshift('[contained ' + e.className.split(' ')[0] + ']');
        break;
      }
      if (parts.length < 4) parts.unshift(e.tagName.toLowerCase() + '.' + (e.classList[0] || ''));
    }
    return parts.join('>');
  };
  new MutationObserver((list) => {
    for (const m of list) {
      const k = m.type + ' ' + where(m.target);
      counts[k] = (counts[k] || 0) + 1;
    }
  }).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
}`;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

const benchmark: Benchmark = {
  title: `8 panes at 4 Hz for ${SECONDS} s in Chromium (browser host, demo mode)`,
  async run(): Promise<BenchRow[]> {
    const dir = mkdtempSync(path.join(tmpdir(), 'marketdesk-bench-panes-'));
    const data = path.join(dir, 'data');
    writeDataFolder(data, {
      settings: {
        plan: 'premium',
        requestsPerMinute: 100_000,
        intervals: { quotes: 250, depth: 250, ticks: 250, news: 60_000 },
      },
      workspace: benchWorkspace(),
    });
    const t0 = Date.now();
    const host = await startHost({
      dataFolder: data,
      services: {
        loadKeytar: null,
        cacheFile: ':memory:',
        now: () => t0 + (Date.now() - t0) * SPEED,
      },
      log: () => undefined,
    });
    const browser = await launchChromium({ memory: true });
    try {
      const s = host.services.settings.get();
      if (s.plan !== 'premium' || s.intervals.quotes !== 250) {
        throw new Error(`settings not applied: ${JSON.stringify(s)}`);
      }
      host.services.hub.setIntervals({ ...s.intervals, candles: { 1: 250 } });
      const page = await browser.newPage({ viewport: { width: 1600, height: 1000 } });
      const errors: string[] = [];
      page.on('pageerror', (e) => errors.push(e.message));
      await page.addInitScript({ path: PROBE_SCRIPT });
      if (MUTATIONS) await page.addInitScript({ content: COUNT_MUTATIONS });
      await addStyleSheet(page, CSS);
      await page.goto(host.url);
      await page.waitForFunction(
        () => (globalThis as unknown as PageGlobals).__probe.firstQuotePainted !== null,
        null,
        { timeout: 30_000 },
      );
      const panes = await page.locator('[data-pane-id], .pane').count();
      await sleep(WARMUP * 1000);
      if (SCREENSHOT) await page.screenshot({ path: SCREENSHOT });

      const heap = () =>
        page.evaluate((): Heap => {
          const g = globalThis as unknown as PageGlobals;
          g.gc();
          g.gc();
          return { used: g.performance.memory.usedJSHeapSize, at: performance.now() };
        });
      const counts = () =>
        page.evaluate(() => {
          const p = (globalThis as unknown as PageGlobals).__probe;
          return { frames: { ...p.frames }, cells: p.priceCellChanges, at: performance.now() };
        });
      const start = await heap();
      const c0 = await counts();
      if (TRACE) await browser.startTracing(page, { categories: CATEGORIES });
      await sleep(SECONDS * 1000);
      const c1 = await counts();
      const raw = TRACE ? await browser.stopTracing() : null;
      if (raw && TRACE_FILE) writeFileSync(TRACE_FILE, raw);
      const trace: MainThreadSummary | null = raw ? summariseMainThread(raw) : null;
      const end = await heap();
      const tasks = await page.evaluate(
        () => (globalThis as unknown as PageGlobals).__probe.longTasks,
      );
      if (MUTATIONS) {
        const m = await page.evaluate(
          () => (globalThis as unknown as { __mutations: Record<string, number> }).__mutations,
        );
        const top = Object.entries(m).sort((a, b) => b[1] - a[1]);
        console.error(
          `[ui-panes] mutations:\n${top
            .slice(0, 25)
            .map(([k, v]) => `  ${v} ${k}`)
            .join('\n')}`,
        );
      }
      if (errors.length) console.error(`[ui-panes] page errors: ${errors.join('; ')}`);

      // The window ends before the final gc(), whose own task is not the app's.
      const window = tasks.filter((t) => t.start >= start.at && t.start + t.duration <= c1.at);
      const maxTask = Math.max(0, ...window.map((t) => t.duration));
      const secs = (c1.at - start.at) / 1000;
      const rate = (k: string) => ((c1.frames[k] ?? 0) - (c0.frames[k] ?? 0)) / secs;
      const growth = (end.used - start.used) / 1024 / 1024;
      const kinds = ['quotes', 'depth', 'ticks', 'candles'];
      console.error(
        `[ui-panes] ${panes} pane elements; frames/s: ` +
          kinds.map((k) => `${k} ${rate(k).toFixed(2)}`).join(', ') +
          `; long tasks in window (ms): ${window.map((t) => t.duration.toFixed(0)).join(' ') || 'none'}` +
          `; all long tasks: ${tasks.length}; heap ${(start.used / 1048576).toFixed(1)} → ${(end.used / 1048576).toFixed(1)} MB`,
      );
      const traced: BenchRow[] = trace
        ? [
            { name: 'traced: longest task, wall', value: trace.maxWallMs, unit: 'ms' },
            { name: 'traced: longest task, CPU', value: trace.maxCpuMs, unit: 'ms' },
            { name: 'traced: tasks > 50 ms of CPU', value: trace.over50Cpu, unit: 'count' },
            {
              name: 'traced: main-thread CPU, share of one core',
              value: (100 * trace.cpuMs) / 1000 / trace.seconds,
              unit: '%',
            },
            ...Object.entries(trace.byKind).map(([k, v]) => ({
              name: `traced: CPU in ${k}, per second`,
              value: v / trace.seconds,
              unit: 'ms/s',
            })),
          ]
        : [];
      return [
        {
          name: `longest task (${secs.toFixed(0)} s window)`,
          value: maxTask,
          unit: 'ms',
          goal: 'no long task > 50 ms',
          pass: window.length === 0,
        },
        { name: 'long tasks > 50 ms', value: window.length, unit: 'count' },
        {
          name: 'JS heap growth (after gc, start → end)',
          value: growth,
          unit: 'MB',
          goal: '≤ 5 MB',
          pass: growth <= 5,
        },
        ...kinds.map((k) => ({
          name: `${k} frames received, per second (2 panes)`,
          value: rate(k),
          unit: '/s',
        })),
        {
          name: 'quote-board price cell changes, per second',
          value: (c1.cells - c0.cells) / secs,
          unit: '/s',
        },
        ...traced,
      ];
    } finally {
      await browser.close();
      await host.close();
      rmSync(dir, { recursive: true, force: true });
    }
  },
};

export default benchmark;
