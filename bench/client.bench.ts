/**
 * The API client's cost over the bare minimum. Decoding (parse + validate + normalise)
 * of a 50-code quotes body and a 50 × 1,000-candle klines body against JSON.parse alone
 * of the same bytes (goal ≤ 3×), with the hand-written readers the client uses; then
 * end to end against the simulator (in a child process), the client against a bare
 * fetch + JSON.parse of the same requests (goal ≤ 1.2×).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { planOf } from '../src/shared/model';
import { collectBatch } from '../src/core/api/batch';
import { MarketClient } from '../src/core/api/client';
import { readCandles, readQuote } from '../src/core/api/normalise-market';
import type { BatchResult } from '../src/core/api/result';
import { readEnvelope, type RequestSpec } from '../src/core/api/transport';
import { isRecord } from '../src/core/api/read';
import { median, type Benchmark, type BenchRow } from './harness';
import { catalogOf } from '../src/simulator';

/** Fifty listed US stocks: the simulator has no data for an unlisted code. */
const CODES = catalogOf('stock', 'US')
  .slice(0, 50)
  .map((e) => e.code);
const CANDLES = 1000;

/** A deterministic pseudo-random walk, so bodies look like market data (varied decimals). */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}
const round = (x: number, d: number) => Math.round(x * 10 ** d) / 10 ** d;

function quotesBody(): string {
  const r = rng(1);
  const data: Record<string, unknown> = {};
  for (const s of CODES) {
    const p = round(20 + r() * 500, 2);
    const ld = round(p * (0.97 + r() * 0.06), 3);
    data[s] = {
      s,
      ld,
      o: round(p * (0.99 + r() * 0.02), 2),
      p,
      h: round(Math.max(ld, p) * 1.01, 2),
      l: round(Math.min(ld, p) * 0.99, 2),
      t: 1731689407000 + Math.floor(r() * 60000),
      v: Math.floor(r() * 5e7),
      tu: round(r() * 5e9, 1),
      ts: 0,
      ch: round(ld - p, 3),
      chp: round(((ld - p) / p) * 100, 2),
    };
  }
  return JSON.stringify({ code: 0, msg: 'ok', data });
}

function klinesBody(): string {
  const r = rng(2);
  const data: Record<string, unknown> = {};
  for (const s of CODES) {
    let c = 20 + r() * 500;
    const series = [];
    for (let i = 0; i < CANDLES; i++) {
      const o = c;
      c = o * (0.99 + r() * 0.02);
      const v = Math.floor(r() * 1e6);
      series.push({
        t: 1700000000000 + i * 60000,
        o: round(o, 2),
        h: round(Math.max(o, c) * 1.002, 2),
        l: round(Math.min(o, c) * 0.998, 2),
        c: round(c, 2),
        v,
        tu: round(v * c, 1),
      });
    }
    data[s] = series;
  }
  return JSON.stringify({ code: 0, msg: 'ok', data });
}

const REQ: RequestSpec = { operation: 'bench', path: '/bench', query: '', what: 'bench' };

function decode<T>(body: string, read: (v: unknown, code: string) => T): BatchResult<T> {
  const env = readEnvelope(REQ, body);
  if (!env.ok || !isRecord(env.value)) throw new Error('bench body rejected');
  const out: BatchResult<T> = { data: {}, missing: [], failed: {} };
  collectBatch('bench', env.value, CODES, read, out);
  if (out.missing.length + Object.keys(out.failed).length > 0) throw new Error('bench body unread');
  return out;
}

/** µs per call of `fn`, over `reps` calls. */
function timeReps(fn: () => unknown, reps: number): number {
  const t0 = performance.now();
  for (let i = 0; i < reps; i++) fn();
  return ((performance.now() - t0) * 1000) / reps;
}

/**
 * Median µs per call of each function, measured in interleaved rounds so that load
 * from other processes on the shared machine hits all of them alike.
 */
function interleaved(fns: (() => unknown)[], reps: number, rounds: number): number[] {
  for (const fn of fns) timeReps(fn, reps);
  const samples = fns.map(() => [] as number[]);
  for (let r = 0; r < rounds; r++) fns.forEach((fn, i) => samples[i]!.push(timeReps(fn, reps)));
  return samples.map(median);
}

function decodeRows(
  label: string,
  body: string,
  reps: number,
  rounds: number,
  ours: () => unknown,
): BenchRow[] {
  const [base, mine] = interleaved([() => JSON.parse(body), ours], reps, rounds) as [
    number,
    number,
  ];
  const kib = Math.round(body.length / 1024);
  return [
    { name: `${label} (${kib} KiB): JSON.parse alone`, value: base, unit: 'µs' },
    {
      name: `${label}: client decode (hand-written readers)`,
      value: mine,
      unit: 'µs',
      ratio: `${(mine / base).toFixed(2)}× JSON.parse`,
      goal: '≤ 3×',
      pass: mine / base <= 3,
    },
  ];
}

const require = createRequire(import.meta.url);
const TSX = require.resolve('tsx/cli');
const SIMULATOR = fileURLToPath(new URL('../src/simulator/run-simulator.ts', import.meta.url));
const TOKEN = 'bench-token';

function startSimulator(): Promise<{ child: ChildProcess; url: string }> {
  const args = [TSX, SIMULATOR, '--port', '0', '--plan', 'premium', '--token', TOKEN];
  const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    let buf = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      buf += chunk.toString();
      const m = /http:\/\/127\.0\.0\.1:\d+/.exec(buf);
      if (m) resolve({ child, url: m[0] });
    });
    child.once('exit', (code) => reject(new Error(`simulator exited ${code}: ${buf}`)));
  });
}

/** Median ms of the client call and of the bare fetch, interleaved so drift hits both alike. */
async function endToEnd(
  label: string,
  url: string,
  client: () => Promise<unknown>,
  iterations: number,
): Promise<BenchRow[]> {
  const bare = async () => {
    const res = await fetch(url, { headers: { token: TOKEN, accept: 'application/json' } });
    return JSON.parse(await res.text()) as unknown;
  };
  const a: number[] = [];
  const b: number[] = [];
  for (let i = 0; i < 3; i++) {
    await bare();
    await client();
  }
  const time = async (fn: () => Promise<unknown>, into: number[]) => {
    const t0 = performance.now();
    await fn();
    into.push(performance.now() - t0);
  };
  for (let i = 0; i < iterations; i++) {
    // Alternate who goes first, so garbage one leaves is not always collected on the other's time.
    if (i % 2 === 0) {
      await time(bare, a);
      await time(client, b);
    } else {
      await time(client, b);
      await time(bare, a);
    }
  }
  const ratio = median(b) / median(a);
  return [
    { name: `${label}: bare fetch + JSON.parse`, value: median(a), unit: 'ms' },
    {
      name: `${label}: MarketClient`,
      value: median(b),
      unit: 'ms',
      ratio: `${ratio.toFixed(2)}× bare`,
      goal: '≤ 1.2×',
      pass: ratio <= 1.2,
    },
  ];
}

const benchmark: Benchmark = {
  title: 'API client: decode cost and end-to-end overhead (medians)',
  async run(): Promise<BenchRow[]> {
    const quotes = quotesBody();
    const klines = klinesBody();
    const rows: BenchRow[] = [
      ...decodeRows('quotes, 50 codes', quotes, 200, 25, () =>
        decode(quotes, (v, c) => readQuote(v, c, false)),
      ),
      ...decodeRows(`klines, 50 × ${CANDLES.toLocaleString('en-US')}`, klines, 1, 25, () =>
        decode(klines, (v) => readCandles(v, CANDLES)),
      ),
    ];
    const { child, url } = await startSimulator();
    try {
      const client = new MarketClient({
        token: TOKEN,
        baseUrl: url,
        plan: planOf('premium'),
        requestsPerMinute: Infinity,
      });
      const codes = CODES.join(',');
      const must = async (p: Promise<{ ok: boolean }>) => {
        if (!(await p).ok) throw new Error('client call failed');
      };
      rows.push(
        ...(await endToEnd(
          'GET /stock/quotes, 50 codes',
          `${url}/stock/quotes?region=US&codes=${codes}`,
          () => must(client.quotes('stock', { region: 'US', codes: CODES })),
          200,
        )),
        ...(await endToEnd(
          `GET /stock/klines, 50 × ${CANDLES}, kType 1`,
          `${url}/stock/klines?region=US&codes=${codes}&kType=1&limit=${CANDLES}`,
          () =>
            must(client.klines('stock', { region: 'US', codes: CODES, kType: 1, limit: CANDLES })),
          30,
        )),
      );
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    return rows;
  },
};

export default benchmark;
