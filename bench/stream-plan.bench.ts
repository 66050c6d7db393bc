/**
 * Issue 13's table, side by side in one run: streaming within the plan.
 *
 * 1. REST requests a minute, default workspace, streaming vs polling (./stream-plan/rest-rate):
 *    the hub and the simulator on one manual clock; premium (a budget the workspace
 *    does not stretch: each figure is what the workspace asks) for the goal, and the
 *    base plan (120 a minute, 3 stream connections) beside it.
 * 2. Update latency, simulator push → price painted in Chromium (./stream-plan/latency).
 * 3. 2,000 streamed symbols at realistic rates: host CPU, bridge frames/s, a 500-row
 *    quote board repainting (./stream-plan/load).
 *
 * Rows 2 and 3 are wall-clock figures of a browser and a host sharing the machine's
 * cores with whatever else runs: each prints the load average beside it, and row 3 adds
 * the page's longest task in CPU time (traced), which waiting for a core does not inflate.
 */
import { planOf } from '../src/shared/model';
import type { Benchmark, BenchRow } from './harness';
import { STREAM_BENCH_OFFSET_MS } from './stream-bench-clock';
import { startSimChild } from './stream-sim-child';
import { pushToPaint } from './stream-plan/latency';
import { streamLoad } from './stream-plan/load';
import { restMinute, type RestMinute } from './stream-plan/rest-rate';

/** The goals: streaming sends at least this many times fewer REST requests… */
const REST_GOAL = 10;
/** …a push is painted within these (p50, p95, ms), over at least this many samples… */
const LATENCY_GOAL = { p50: 30, p95: 60, samples: 200 };
/** …and 2,000 symbols cost the host at most this share of a core, the page no long task. */
const CPU_GOAL_PERCENT = 25;
const LONG_TASK_MS = 50;

function restRows(
  label: string,
  polled: RestMinute,
  streamed: RestMinute,
  goal: boolean,
): BenchRow[] {
  const ratio = polled.requests / streamed.requests;
  const spend = (m: RestMinute, streaming: boolean) =>
    `prices ${m.prices}; ` +
    (streaming ? `${m.streamed} symbols streamed, ${m.polled} polled` : 'stream off') +
    (m.stretch > 1 ? `; intervals ×${m.stretch.toFixed(1)} (budget)` : '');
  return [
    {
      name: `${label}: REST requests a minute, polling`,
      value: polled.requests,
      unit: 'req/min',
      ratio: spend(polled, false),
    },
    {
      name: `${label}: REST requests a minute, streaming`,
      value: streamed.requests,
      unit: 'req/min',
      ratio: `${ratio.toFixed(1)}× fewer; ${spend(streamed, true)}`,
      ...(goal ? { goal: `≥ ${REST_GOAL}× fewer`, pass: ratio >= REST_GOAL } : {}),
    },
  ];
}

const benchmark: Benchmark = {
  title: 'Streaming within the plan (issue 13): REST rate, push → paint latency, 2,000 symbols',
  async run(): Promise<BenchRow[]> {
    const out: BenchRow[] = [];
    for (const [label, plan, goal] of [
      ['default workspace, premium', planOf('premium'), true],
      ['default workspace, base', planOf('base'), false],
    ] as const) {
      const polled = await restMinute(plan, false);
      const streamed = await restMinute(plan, true);
      if (process.env['STREAM_PLAN_VERBOSE']) console.error(label, polled.byPath, streamed.byPath);
      out.push(...restRows(label, polled, streamed, goal));
    }
    const sim = await startSimChild(STREAM_BENCH_OFFSET_MS);
    try {
      const l = await pushToPaint(sim, STREAM_BENCH_OFFSET_MS);
      const enough = l.samples >= LATENCY_GOAL.samples;
      const of = `${l.samples} paints of ${l.pushes} pushes; max ${l.max} ms; machine load average ${l.load.toFixed(1)}`;
      out.push(
        {
          name: `push → painted in Chromium, ${l.symbols}-pair board: p50`,
          value: l.p50,
          unit: 'ms',
          ratio: of,
          goal: `≤ ${LATENCY_GOAL.p50} ms (≥ ${LATENCY_GOAL.samples} samples)`,
          pass: enough && l.p50 <= LATENCY_GOAL.p50,
        },
        {
          name: `push → painted in Chromium, ${l.symbols}-pair board: p95`,
          value: l.p95,
          unit: 'ms',
          goal: `≤ ${LATENCY_GOAL.p95} ms`,
          pass: enough && l.p95 <= LATENCY_GOAL.p95,
        },
      );
      const m = await streamLoad(sim, STREAM_BENCH_OFFSET_MS);
      const load = '2,000 symbols streamed, a 500-row board';
      const busy = `machine load average ${m.load.toFixed(1)}`;
      out.push(
        {
          name: `${load}: host CPU`,
          value: m.hostCpu,
          unit: '% of a core',
          ratio: `event-loop delay max ${m.hostLoopMaxMs.toFixed(0)} ms; ${busy}`,
          goal: `≤ ${CPU_GOAL_PERCENT} %`,
          pass: m.hostCpu <= CPU_GOAL_PERCENT,
        },
        { name: `${load}: pushes from the simulator`, value: m.pushesPerS, unit: 'pushes/s' },
        { name: `${load}: bridge quote frames to the page`, value: m.framesPerS, unit: 'frames/s' },
        { name: `${load}: last prices repainted`, value: m.paintsPerS, unit: 'cells/s' },
        {
          name: `${load}: page's longest task, wall time`,
          value: m.longestTask,
          unit: 'ms',
          ratio: `${m.longTasks} over ${LONG_TASK_MS} ms in ${m.seconds.toFixed(0)} s; ${busy}`,
          goal: `no long task > ${LONG_TASK_MS} ms`,
          pass: m.longTasks === 0,
        },
        {
          name: `${load}: page's longest task, CPU time (traced)`,
          value: m.longestTaskCpu,
          unit: 'ms',
          ratio: `${m.longTasksCpu} over ${LONG_TASK_MS} ms; main thread ${m.pageCpu.toFixed(0)} % of a core`,
          goal: `no task > ${LONG_TASK_MS} ms of CPU`,
          pass: m.longTasksCpu === 0,
        },
      );
    } finally {
      await sim.close();
    }
    return out;
  },
};

export default benchmark;
