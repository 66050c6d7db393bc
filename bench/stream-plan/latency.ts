/**
 * Update latency, simulator push → price painted in Chromium: a quote board of
 * `SYMBOLS` crypto pairs (the catalog's, then twins; crypto trades at every hour, the
 * liquid pairs every second) in the app against the live stream simulator
 * (./live-app). For `SECONDS`, the simulator keeps when each quote push left it and the
 * page when each change of a last price was painted (both `Date.now()`, one machine);
 * each paint is matched to the push it shows (../ui/price-paints).
 */
import { loadavg } from 'node:os';
import { percentile } from '../harness';
import type { SimChild } from '../stream-sim-child';
import { classSymbols } from '../stream-twins';
import { paintLatencies } from '../ui/price-paints';
import { openLiveApp } from './live-app';

const SYMBOLS = 60;
const SECONDS = Number(process.env['STREAM_PLAN_LATENCY_SECONDS'] ?? 15);
const WARMUP_MS = 3_000;

export interface Latency {
  samples: number;
  p50: number;
  p95: number;
  max: number;
  /** Quote pushes sent to the page's symbols in the window. */
  pushes: number;
  symbols: number;
  /** The machine's 1-minute load average at the end. */
  load: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export async function pushToPaint(sim: SimChild, offsetMs: number): Promise<Latency> {
  const board = classSymbols('crypto', SYMBOLS).map((s) => ({ class: 'crypto', ...s }));
  const app = await openLiveApp(sim, offsetMs, [board], {
    viewport: { width: 1280, height: 1000 },
  });
  try {
    await sleep(WARMUP_MS);
    await app.takePaints();
    sim.record();
    await sleep(SECONDS * 1000);
    const sent = await sim.sent();
    const paints = await app.takePaints();
    const ms = paintLatencies(sent, paints);
    return {
      samples: ms.length,
      p50: percentile(ms, 50),
      p95: percentile(ms, 95),
      max: Math.max(...ms),
      pushes: sent.length,
      symbols: SYMBOLS,
      load: loadavg()[0]!,
    };
  } finally {
    await app.close();
  }
}
