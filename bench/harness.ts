/**
 * The tiny benchmark harness behind `npm run bench`: timing helpers and a table
 * printer. Every benchmark file `bench/*.bench.ts` default-exports a `Benchmark`.
 */
import { loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';

export interface BenchRow {
  /** What was measured, e.g. "candle upsert (marketdesk)". */
  name: string;
  /** The figure, already in `unit`. */
  value: number;
  unit: string;
  /** Optional side-by-side comparison, e.g. "0.93× raw" and whether the goal is met. */
  ratio?: string;
  goal?: string;
  pass?: boolean;
}

export interface Benchmark {
  title: string;
  run(): Promise<BenchRow[]>;
}

/** Times `fn` over `iterations` after `warmup` runs; returns every sample in ms. */
export async function sample(
  fn: () => unknown | Promise<unknown>,
  { iterations = 20, warmup = 3 }: { iterations?: number; warmup?: number } = {},
): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await fn();
  const out: number[] = [];
  for (let i = 0; i < iterations; i++) {
    const t0 = performance.now();
    await fn();
    out.push(performance.now() - t0);
  }
  return out;
}

/**
 * The machine's 1-minute load average as a row, to print beside timings: the machine is
 * shared, and a figure measured at load 8 on two cores says little of the code.
 */
export function loadRow(when: string): BenchRow {
  return { name: `load average (1 min) ${when}`, value: loadavg()[0]!, unit: '' };
}

export function percentile(samples: number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const idx = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[idx]!;
}

export const median = (samples: number[]): number => percentile(samples, 50);

export function formatNumber(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  if (Math.abs(n) >= 1000) return Math.round(n).toLocaleString('en-US');
  if (Math.abs(n) >= 10) return n.toFixed(1);
  return n.toFixed(3);
}

export function printTable(title: string, rows: BenchRow[]): void {
  const header = ['benchmark', 'value', 'unit', 'ratio', 'goal', 'met'];
  const body = rows.map((r) => [
    r.name,
    formatNumber(r.value),
    r.unit,
    r.ratio ?? '',
    r.goal ?? '',
    r.pass === undefined ? '' : r.pass ? 'yes' : 'NO',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((row) => row[i]!.length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 1 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  ');
  console.log(`\n## ${title}\n`);
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const row of body) console.log(line(row));
}
