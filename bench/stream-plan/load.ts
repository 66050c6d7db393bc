/**
 * 2,000 streamed symbols at the simulator's realistic rates (its activity per symbol,
 * at a fixed moment of the week: ../stream-bench-clock) through the app, against the
 * live stream simulator (./live-app): the catalog's stocks, funds, indices, futures and
 * crypto, then twins (forex has no quotes). The page shows a 500-row quote board (every
 * fourth symbol: all classes); the other 1,500 are another window's, subscribed on the
 * host's hub. Measured over `SECONDS` after a warm-up: the host's CPU (this process: the
 * host, its hub, stream clients and bridge; the simulator runs in its child), the
 * bridge's quote frames to the page, the page's long tasks (PerformanceObserver
 * 'longtask', wall time) and, traced, its longest task in CPU time (a task long in wall
 * time but short in CPU waited for a core: the machine's load), and the last prices
 * repainted.
 *
 * Diagnostics: `STREAM_PLAN_ROWS=100` shows a smaller board (the rest stay elsewhere),
 * `STREAM_PLAN_LOAD_SECONDS`, `STREAM_PLAN_VERBOSE=1` prints the page's main thread by
 * kind of work, `STREAM_PLAN_CSS='…'` (./live-app) adds a style sheet.
 */
import { loadavg } from 'node:os';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { AssetClass } from '../../src/shared/model';
import type { SimChild } from '../stream-sim-child';
import { benchSymbols } from '../stream-twins';
import { TRACE_CATEGORIES, summariseMainThread } from '../ui/trace-tasks';
import { openLiveApp, type BoardSymbols } from './live-app';

const TOTAL = 2_000;
const ROWS = Number(process.env['STREAM_PLAN_ROWS'] ?? 500);
const SECONDS = Number(process.env['STREAM_PLAN_LOAD_SECONDS'] ?? 15);
const WARMUP_MS = 5_000;
const QUOTE_CLASSES: AssetClass[] = ['stock', 'fund', 'indices', 'future', 'crypto'];

export interface Load {
  seconds: number;
  hostCpu: number;
  hostLoopMaxMs: number;
  framesPerS: number;
  /** Pushes the simulator sent a second (all 2,000 symbols). */
  pushesPerS: number;
  /** Last prices painted a second on the page's board. */
  paintsPerS: number;
  /** PerformanceObserver: the longest task's wall time, and tasks over 50 ms. */
  longestTask: number;
  longTasks: number;
  /** Traced: the longest task's CPU time, tasks over 50 ms of CPU, main-thread CPU share. */
  longestTaskCpu: number;
  longTasksCpu: number;
  pageCpu: number;
  /** The machine's 1-minute load average at the end. */
  load: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function streamLoad(sim: SimChild, offsetMs: number): Promise<Load> {
  const all: BoardSymbols = [...benchSymbols(TOTAL, ['quote'], QUOTE_CLASSES)].flatMap(
    ([cls, list]) => list.map((w) => ({ class: cls as string, region: w.region, code: w.code })),
  );
  const shown = all.filter((_, i) => i % (TOTAL / ROWS) === 0);
  const elsewhere = all.filter((_, i) => i % (TOTAL / ROWS) !== 0);
  const app = await openLiveApp(sim, offsetMs, [shown], { elsewhere });
  try {
    await sleep(WARMUP_MS);
    const p0 = await app.probe();
    await app.takePaints();
    const loop = monitorEventLoopDelay({ resolution: 10 });
    await app.browser.startTracing(app.page, { categories: TRACE_CATEGORIES });
    const pageT0 = await app.page.evaluate(() => performance.now());
    loop.enable();
    sim.mark();
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    await sleep(SECONDS * 1000);
    const cpu = process.cpuUsage(cpu0);
    const wallMs = performance.now() - t0;
    loop.disable();
    const { pushes } = await sim.read();
    const pageT1 = await app.page.evaluate(() => performance.now());
    const trace = summariseMainThread(await app.browser.stopTracing());
    if (process.env['STREAM_PLAN_VERBOSE'])
      console.error(`[stream-plan] page: ${JSON.stringify(trace)}`);
    const p1 = await app.probe();
    const paints = (await app.takePaints()).length;
    const tasks = p1.longTasks.filter((t) => t.start >= pageT0 && t.start < pageT1);
    const seconds = wallMs / 1000;
    return {
      seconds,
      hostCpu: ((cpu.user + cpu.system) / 1000 / wallMs) * 100,
      hostLoopMaxMs: loop.max / 1e6,
      framesPerS: ((p1.frames['quotes'] ?? 0) - (p0.frames['quotes'] ?? 0)) / seconds,
      pushesPerS: pushes / seconds,
      paintsPerS: paints / seconds,
      longestTask: Math.max(0, ...tasks.map((t) => t.duration)),
      longTasks: tasks.filter((t) => t.duration > 50).length,
      longestTaskCpu: trace.maxCpuMs,
      longTasksCpu: trace.over50Cpu,
      pageCpu: (100 * trace.cpuMs) / 1000 / trace.seconds,
      load: loadavg()[0]!,
    };
  } finally {
    await app.close();
  }
}
