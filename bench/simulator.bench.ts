/**
 * Simulator throughput: autocannon on loopback against `npm run simulator` in a child
 * process, so the load generator and the server do not share one event loop (and one
 * core's worth of JIT and GC). Plan premium: 50 codes per request allowed.
 */
import autocannon from 'autocannon';
import type { Benchmark, BenchRow } from './harness';
import { startSimulatorProcess } from './processes';
import { catalogOf } from '../src/simulator';

/** Seconds per scenario; short because the machine's two cores are shared. */
const DURATION_S = Number(process.env.SIM_BENCH_SECONDS ?? 5);
const CONNECTIONS = 10;

/** `n` listed US stocks, comma-separated: the simulator has no data for an unlisted code. */
const codes = (n: number) =>
  catalogOf('stock', 'US')
    .slice(0, n)
    .map((e) => e.code)
    .join(',');

const SCENARIOS: { name: string; path: string }[] = [
  { name: '/stock/quotes, 50 codes', path: `/stock/quotes?region=US&codes=${codes(50)}` },
  {
    name: '/stock/klines, 10 codes × 500, kType 1',
    path: `/stock/klines?region=US&codes=${codes(10)}&kType=1&limit=500`,
  },
  {
    name: '/stock/klines, 10 codes × 500, kType 8',
    path: `/stock/klines?region=US&codes=${codes(10)}&kType=8&limit=500`,
  },
];

async function load(url: string): Promise<autocannon.Result> {
  return autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
}

const benchmark: Benchmark = {
  title: `Simulator throughput (autocannon, loopback, ${CONNECTIONS} connections, ${DURATION_S} s each, server in a child process)`,
  async run(): Promise<BenchRow[]> {
    const simulator = await startSimulatorProcess();
    const { url } = simulator;
    const rows: BenchRow[] = [];
    try {
      for (const s of SCENARIOS) {
        // A short warm-up so the JIT has seen the path before we measure.
        await autocannon({ url: url + s.path, connections: CONNECTIONS, duration: 1 });
        const r = await load(url + s.path);
        const failures = r.errors + r.timeouts + r.non2xx;
        rows.push(
          {
            name: `${s.name}: throughput`,
            value: r.requests.average,
            unit: 'req/s',
            ...(failures > 0 ? { goal: `${failures} failed`, pass: false } : {}),
          },
          { name: `${s.name}: latency p50`, value: r.latency.p50, unit: 'ms' },
          { name: `${s.name}: latency p99`, value: r.latency.p99, unit: 'ms' },
          {
            name: `${s.name}: body`,
            value: r.throughput.average / r.requests.average / 1024,
            unit: 'KiB/response',
          },
        );
      }
    } finally {
      await simulator.stop();
    }
    return rows;
  },
};

export default benchmark;
