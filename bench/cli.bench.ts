/**
 * How long one command takes, start to exit, as a person or a script waits for it: a
 * demo `quotes` command (the simulator in-process, a fresh data folder) run as a real
 * process both ways, in the same run, alternately:
 *
 * - before: the TypeScript sources compiled at start by tsx's loader (how
 *   `bin/marketdesk.js` and `npm run cli` ran until issue 25), with tsx's compile cache
 *   warm from the unmeasured first run (a cold cache, as after an edit, is slower);
 * - after: `bin/marketdesk.js` as it is now, the pre-built bundle (out/cli, its
 *   staleness check included; built once before timing).
 *
 * The machine is shared, so the load average is printed beside the figures, and the
 * CPU each command cost (its process and theirs), which the load does not change.
 * Goal (issue 25): ≤ 1 s for a cached or demo command.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { cli } from '../scripts/build-cli.mjs';
import type { Benchmark, BenchRow } from './harness';
import { median, percentile } from './harness';

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL('..', import.meta.url));
const TSX = createRequire(import.meta.url).resolve('tsx');
const COMMAND = ['quotes', 'stock', '--region', 'US', '--codes', 'AAPL,MSFT'];
const RUNS = 7;
const GOAL_MS = 1000;

const WAYS = {
  'tsx (before)': ['--import', TSX, path.join('src', 'cli', 'marketdesk.ts')],
  'bundle (after)': [path.join('bin', 'marketdesk.js')],
} as const;
type Way = keyof typeof WAYS;

/**
 * CPU time (ms) of this process' finished children, user and system (Linux's
 * /proc/self/stat, in clock ticks of 10 ms); null elsewhere. On a shared machine the
 * wall time follows the load, the CPU a command costs does not.
 */
function childrenCpuMs(): number | null {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) * 10;
  } catch {
    return null;
  }
}

/** One command's wall and CPU time in ms; throws when it fails or prints no table. */
async function once(
  way: Way,
  env: NodeJS.ProcessEnv,
): Promise<{ wall: number; cpu: number | null }> {
  const cpu0 = childrenCpuMs();
  const t0 = performance.now();
  const { stdout } = await run(process.execPath, [...WAYS[way], ...COMMAND], { cwd: ROOT, env });
  const wall = performance.now() - t0;
  const cpu1 = childrenCpuMs();
  if (!/^CODE\s+LAST/.test(stdout)) throw new Error(`${way}: no quotes table: ${stdout}`);
  return { wall, cpu: cpu0 === null || cpu1 === null ? null : cpu1 - cpu0 };
}

const bench: Benchmark = {
  title: `command line: a demo \`marketdesk ${COMMAND.join(' ')}\`, wall time per process`,
  async run() {
    await cli.ensureBuilt();
    const home = mkdtempSync(path.join(tmpdir(), 'marketdesk-cli-bench-'));
    const env = {
      ...process.env,
      MARKETDESK_HOME: home,
      MARKETDESK_TOKEN: '',
      MARKETDESK_BASE_URL: '',
    };
    const samples: Record<Way, number[]> = { 'tsx (before)': [], 'bundle (after)': [] };
    const cpu: Record<Way, number[]> = { 'tsx (before)': [], 'bundle (after)': [] };
    const loadBefore = loadavg()[0]!;
    try {
      // One of each unmeasured (the disk cache, the data folder), then alternately.
      for (const way of Object.keys(WAYS) as Way[]) await once(way, env);
      for (let i = 0; i < RUNS; i++) {
        for (const way of Object.keys(WAYS) as Way[]) {
          const t = await once(way, env);
          samples[way].push(t.wall);
          if (t.cpu !== null) cpu[way].push(t.cpu);
        }
      }
    } finally {
      rmSync(home, { recursive: true, force: true });
    }
    const loadAfter = loadavg()[0]!;
    const before = median(samples['tsx (before)']);
    const rows: BenchRow[] = (Object.keys(WAYS) as Way[]).flatMap((way) => {
      const m = median(samples[way]);
      const after = way === 'bundle (after)';
      return [
        {
          name: `${way}: median of ${RUNS}`,
          value: m,
          unit: 'ms',
          // The goal is the new path's; the old one is the figure it is measured against.
          ...(after
            ? {
                ratio: `${(before / m).toFixed(1)}× faster`,
                goal: `≤ ${GOAL_MS} ms`,
                pass: m <= GOAL_MS,
              }
            : {}),
        },
        { name: `${way}: p95 of ${RUNS}`, value: percentile(samples[way], 95), unit: 'ms' },
        ...(cpu[way].length > 0
          ? [{ name: `${way}: CPU (user + system), median`, value: median(cpu[way]), unit: 'ms' }]
          : []),
      ];
    });
    rows.push({
      name: `machine load average (1 min, ${availableParallelism()} cores): at start → at end`,
      value: loadAfter,
      unit: 'load',
      ratio: `from ${loadBefore.toFixed(1)}`,
    });
    return rows;
  },
};

export default bench;
