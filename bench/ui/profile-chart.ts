/**
 * Diagnostic, not a benchmark: a CPU profile of the chart pane's forming-candle
 * updates (or its first paint), to see where the time goes. Builds the benchmark
 * pages unminified (`profile: true`), runs `bench.formingUpdates` (or `firstPaint`)
 * on the app page under the V8 sampling profiler, and prints the functions with
 * the most self time.
 *
 *   npx tsx bench/ui/profile-chart.ts [updates|paint] [bars] [count]
 *
 * `PROFILE_PAGE=bare` profiles bare lightweight-charts instead; `PROFILE_STUDIES=1` turns
 * on the benchmark's studies (MA, EMA, Bollinger, RSI, MACD) on the app page;
 * `PROFILE_OUT=file.cpuprofile` also writes the profile (Chromium DevTools opens it).
 */
import { writeFileSync } from 'node:fs';
import { openBenchPage, withChartPages } from './chart-pages';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const [mode = 'updates', barsArg = '10000', countArg = '1000'] = process.argv.slice(2);
const bars = Number(barsArg);
const count = Number(countArg);
const which = process.env.PROFILE_PAGE === 'bare' ? 'bare' : 'app';
const studies = process.env.PROFILE_STUDIES === '1';

await withChartPages(
  async ({ origin, context }) => {
    const page = await context.newPage();
    await openBenchPage(page, `${origin}/${which}.html`);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 50 });
    const run = () =>
      page.evaluate(
        ([m, b, c, s]) => {
          const bench = (
            globalThis as unknown as {
              bench: Record<string, (...a: (number | boolean)[]) => unknown>;
            }
          ).bench;
          return m === 'paint' ? bench.firstPaint!(b, s) : bench.formingUpdates!(b, c, s);
        },
        [mode, bars, count, studies] as const,
      );
    await run(); // warm-up
    await cdp.send('Profiler.start');
    await run();
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: Profile };
    if (process.env.PROFILE_OUT) writeFileSync(process.env.PROFILE_OUT, JSON.stringify(profile));

    // Self time per function: each sample's delta goes to the sampled node. With
    // PROFILE_UNDER=name, only samples with that function on the stack count (e.g.
    // `step`, the benchmark's per-update frame callback: the update's own JS).
    const parent = new Map<number, ProfileNode>();
    for (const node of profile.nodes) {
      for (const c of node.children ?? []) parent.set(c, node);
    }
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    const under = process.env.PROFILE_UNDER;
    const counts = (id: number): boolean => {
      if (!under) return true;
      for (let n = byId.get(id); n; n = parent.get(n.id)) {
        if (n.callFrame.functionName === under) return true;
      }
      return false;
    };
    const self = new Map<number, number>();
    profile.samples.forEach((id, i) => {
      if (counts(id)) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
    });
    const byName = new Map<string, number>();
    for (const node of profile.nodes) {
      const f = node.callFrame;
      const file = f.url.split('/').pop() ?? '';
      const key = `${f.functionName || '(anonymous)'} ${file}:${f.lineNumber + 1}`;
      byName.set(key, (byName.get(key) ?? 0) + (self.get(node.id) ?? 0));
    }
    const total = [...byName.values()].reduce((a, b) => a + b, 0);
    const idle = [...byName.entries()]
      .filter(([k]) => k.startsWith('(idle)') || k.startsWith('(program)'))
      .reduce((a, [, v]) => a + v, 0);
    console.log(
      `${which} ${mode} ${bars} bars${studies ? ' with studies' : ''}: ${(total / 1000).toFixed(0)} ms sampled, ` +
        `${((total - idle) / 1000).toFixed(0)} ms busy`,
    );
    for (const [name, us] of [...byName.entries()].sort((a, b) => b[1] - a[1]).slice(0, 40)) {
      console.log(`${(us / 1000).toFixed(1).padStart(8)} ms  ${name}`);
    }
  },
  { profile: true },
);
