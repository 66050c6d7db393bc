/**
 * 2,000 streamed symbols at the simulator's realistic rates (its activity per symbol,
 * at a fixed moment of the week: ../stream-bench-clock) through the app: four quote
 * boards of 500 rows side by side in one Chromium page (the catalog's stocks, funds,
 * indices, futures and crypto, then twins; forex has no quotes), against the live
 * stream simulator (./live-app). Measured over `SECONDS` after a warm-up: the host's
 * CPU (this process: the host, its hub, stream clients and bridge; the simulator runs
 * in its child), the bridge's quote frames to the page, the page's longest task
 * (PerformanceObserver 'longtask') and the last prices repainted.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import type { AssetClass } from '../../src/shared/model';
import type { SimChild } from '../stream-sim-child';
import { benchSymbols } from '../stream-twins';
import { openLiveApp, type BoardSymbols } from './live-app';

const TOTAL = 2_000;
const ROWS = 500;
const SECONDS = Number(process.env['STREAM_PLAN_LOAD_SECONDS'] ?? 20);
const WARMUP_MS = 5_000;
const QUOTE_CLASSES: AssetClass[] = ['stock', 'fund', 'indices', 'future', 'crypto'];

export interface Load {
  seconds: number;
  hostCpu: number;
  framesPerS: number;
  /** Quote pushes the simulator sent a second. */
  pushesPerS: number;
  /** Last prices painted a second. */
  paintsPerS: number;
  longestTask: number;
  longTasks: number;
  hostLoopMaxMs: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function streamLoad(sim: SimChild, offsetMs: number): Promise<Load> {
  const all = [...benchSymbols(TOTAL, ['quote'], QUOTE_CLASSES)].flatMap(([cls, list]) =>
    list.map((w) => ({ class: cls as string, region: w.region, code: w.code })),
  );
  const boards: BoardSymbols[] = [];
  for (let i = 0; i < all.length; i += ROWS) boards.push(all.slice(i, i + ROWS));
  const app = await openLiveApp(sim, offsetMs, boards, TOTAL);
  try {
    await sleep(WARMUP_MS);
    const p0 = await app.probe();
    await app.takePaints();
    const loop = monitorEventLoopDelay({ resolution: 10 });
    loop.enable();
    sim.mark();
    const cpu0 = process.cpuUsage();
    const t0 = performance.now();
    const pageT0 = await app.page.evaluate(() => performance.now());
    await sleep(SECONDS * 1000);
    const cpu = process.cpuUsage(cpu0);
    const wallMs = performance.now() - t0;
    loop.disable();
    const { pushes } = await sim.read();
    const p1 = await app.probe();
    const paints = await app.takePaints();
    const tasks = p1.longTasks.filter((t) => t.start >= pageT0);
    const seconds = wallMs / 1000;
    return {
      seconds,
      hostCpu: ((cpu.user + cpu.system) / 1000 / wallMs) * 100,
      framesPerS: ((p1.frames['quotes'] ?? 0) - (p0.frames['quotes'] ?? 0)) / seconds,
      pushesPerS: pushes / seconds,
      paintsPerS: paints.length / seconds,
      longestTask: Math.max(0, ...tasks.map((t) => t.duration)),
      longTasks: tasks.filter((t) => t.duration > 50).length,
      hostLoopMaxMs: loop.max / 1e6,
    };
  } finally {
    await app.close();
  }
}
