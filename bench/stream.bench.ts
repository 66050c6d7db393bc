/**
 * The stream, client side: core/stream's StreamClient, one per asset class (six
 * connections), receiving symbols at the simulator's realistic rates (stream/activity:
 * liquid crypto and indices every second, quiet stocks one second in four to ten, a
 * closed market not at all) — the catalog's 556, then 2,000 (the figure: the
 * catalog and its twins, ./stream-twins), quotes and then quote+depth(+tick). Beside
 * StreamClient: bare `ws` sockets that only JSON.parse the same frames.
 *
 * The simulator runs in a child process (./stream-sim-child), so `process.cpuUsage()`
 * here is the client's alone. Both sides run on one clock (./stream-bench-clock: a
 * Wednesday at 15:00 UTC, so a run pushes alike whatever the hour). Latency is from a trade's instant on the simulator's
 * seeded schedule to the frame's arrival here: it includes the pump's batching (at
 * most 20 ms) and loopback.
 */
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { WebSocket } from 'ws';
import { StreamClient, streamUrl, type StreamWant } from '../src/core/stream';
import { STREAM_PATHS, streamSymbol, type StreamType } from '../src/shared/api/stream';
import type { AssetClass } from '../src/shared/model';
import { TradeSchedule } from '../src/simulator/stream/activity';
import { percentile, type Benchmark, type BenchRow } from './harness';
import { STREAM_BENCH_OFFSET_MS } from './stream-bench-clock';
import { startSimChild, type SimChild } from './stream-sim-child';
import { benchSymbols } from './stream-twins';

const SECONDS = Number(process.env['STREAM_BENCH_SECONDS'] ?? 10);
const WARMUP_MS = 2_000;
const TOKEN = 'bench';
/** The goal: streaming 2,000 symbols costs the host at most this share of a core. */
const CPU_GOAL_PERCENT = 25;

const offset = STREAM_BENCH_OFFSET_MS;
/** Now on the simulator's clock, to the microsecond. */
const simNow = () => performance.timeOrigin + performance.now() + offset;

/** Six connections' worth of receiving, however it is done. */
interface Receiver {
  /** Resolves once every wanted symbol is acknowledged. */
  ready: Promise<void>;
  close(): void;
}

/** Arrivals during the measured window: the symbol and when (simulator clock). */
interface Arrivals {
  on: boolean;
  keys: string[];
  at: number[];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** StreamClient per class, as the app's feed hub will hold them. */
function streamClients(url: string, wants: Map<AssetClass, StreamWant[]>, got: Arrivals): Receiver {
  const clients = [...wants].map(([cls, list]) => {
    const client = new StreamClient({ cls, baseUrl: url, token: TOKEN, limit: 2_000, now: simNow });
    client.onPush((p) => {
      if (!got.on) return;
      got.keys.push(`${cls}|${p.instrument.region}|${p.instrument.code}`);
      got.at.push(simNow());
    });
    const settled = new Promise<void>((resolve) => {
      client.onState((s) => {
        if (s.kind === 'streaming' && s.subscribed === list.length) resolve();
      });
    });
    client.setWanted(list);
    return { client, settled };
  });
  return {
    ready: Promise.all(clients.map((c) => c.settled)).then(() => undefined),
    close: () => clients.forEach((c) => c.client.dispose()),
  };
}

/** The baseline: a `ws` socket per class that subscribes in batches and JSON.parses every frame. */
function bareSockets(url: string, wants: Map<AssetClass, StreamWant[]>, got: Arrivals): Receiver {
  const sockets: WebSocket[] = [];
  const ready = [...wants].map(([cls, list]) => {
    const ws = new WebSocket(streamUrl(url, STREAM_PATHS[cls]), { headers: { token: TOKEN } });
    sockets.push(ws);
    const batches = Math.ceil(list.length / 100);
    let acks = 0;
    return new Promise<void>((resolve) => {
      ws.on('open', () => {
        for (let i = 0; i < list.length; i += 100) {
          const slice = list.slice(i, i + 100);
          const params = slice.map((w) => streamSymbol(w.code, w.region)).join(',');
          ws.send(JSON.stringify({ ac: 'subscribe', params, types: slice[0]!.types.join(',') }));
        }
      });
      ws.on('message', (data) => {
        const frame = JSON.parse(data.toString()) as { resAc?: string; data?: { s: string } };
        if (frame.resAc === 'subscribe' && ++acks === batches) resolve();
        if (!got.on || frame.data?.s === undefined) return;
        const [code, region] = frame.data.s.split(/\.(?=[A-Z]{2}$)/) as [string, string];
        got.keys.push(`${cls}|${region}|${code}`);
        got.at.push(simNow());
      });
    });
  });
  return {
    ready: Promise.all(ready).then(() => undefined),
    close: () => sockets.forEach((ws) => ws.close()),
  };
}

interface Measure {
  framesPerS: number;
  /** Frames received over frames the simulator sent. */
  delivered: number;
  clientCpu: number;
  simCpu: number;
  latency: number[];
  loopMaxMs: number;
}

async function measure(
  sim: SimChild,
  wants: Map<AssetClass, StreamWant[]>,
  receive: typeof streamClients,
): Promise<Measure> {
  const got: Arrivals = { on: false, keys: [], at: [] };
  const receiver = receive(sim.url, wants, got);
  await receiver.ready;
  await sleep(WARMUP_MS);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  sim.mark();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  got.on = true;
  await sleep(SECONDS * 1000);
  got.on = false;
  const cpu = process.cpuUsage(cpu0);
  const wallUs = (performance.now() - t0) * 1000;
  loop.disable();
  const simSide = await sim.read();
  receiver.close();
  return {
    framesPerS: got.at.length / SECONDS,
    delivered: got.at.length / Math.max(1, simSide.pushes),
    clientCpu: ((cpu.user + cpu.system) / wallUs) * 100,
    simCpu: (simSide.cpuUs / wallUs) * 100,
    latency: latencies(sim.seed, got),
    loopMaxMs: loop.max / 1e6,
  };
}

/** Each arrival's delay after the latest trade of its symbol's schedule at or before it. */
function latencies(seed: number, got: Arrivals): number[] {
  const schedules = new Map<string, TradeSchedule>();
  return got.keys.map((key, i) => {
    let schedule = schedules.get(key);
    if (!schedule) {
      const [cls, region, code] = key.split('|') as [AssetClass, string, string];
      schedule = new TradeSchedule(seed, cls, region, code);
      schedules.set(key, schedule);
    }
    const at = got.at[i]!;
    for (let s = Math.floor(at / 1000); s > at / 1000 - 600; s--) {
      if (schedule.trades(s) && schedule.instant(s) <= at) return at - schedule.instant(s);
    }
    return Number.NaN;
  });
}

const count = (wants: Map<AssetClass, StreamWant[]>) =>
  [...wants.values()].reduce((n, list) => n + list.length, 0);

function rows(name: string, m: Measure, goal: boolean, base?: Measure): BenchRow[] {
  const perFrameUs = (m.clientCpu / 100 / m.framesPerS) * 1e6;
  const cpuRatio = base ? `${(m.clientCpu / base.clientCpu).toFixed(2)}× bare ws` : undefined;
  return [
    {
      name: `${name}: frames received`,
      value: m.framesPerS,
      unit: 'frames/s',
      ratio: `${(m.delivered * 100).toFixed(1)}% of those sent`,
    },
    {
      name: `${name}: client CPU`,
      value: m.clientCpu,
      unit: '% of a core',
      ratio: [`${perFrameUs.toFixed(1)} µs/frame`, cpuRatio].filter(Boolean).join(', '),
      ...(goal ? { goal: `≤ ${CPU_GOAL_PERCENT} %`, pass: m.clientCpu <= CPU_GOAL_PERCENT } : {}),
    },
    {
      name: `${name}: simulator CPU`,
      value: m.simCpu,
      unit: '% of a core',
      ratio: `client ${(m.clientCpu / m.simCpu).toFixed(2)}× simulator`,
    },
    { name: `${name}: trade → receive p50`, value: percentile(m.latency, 50), unit: 'ms' },
    { name: `${name}: trade → receive p95`, value: percentile(m.latency, 95), unit: 'ms' },
    { name: `${name}: client event-loop delay, max`, value: m.loopMaxMs, unit: 'ms' },
  ];
}

const benchmark: Benchmark = {
  title: `Stream client (StreamClient × 6 classes, simulator in a child process, realistic rates at Wed 15:00 UTC, ${SECONDS} s each)`,
  async run(): Promise<BenchRow[]> {
    const sim = await startSimChild(offset);
    try {
      const scenarios: [string, StreamType[], number][] = [
        ['556 catalog symbols, quote', ['quote'], 556],
        ['2,000 symbols (556 catalog + 1,444 twins), quote', ['quote'], 2_000],
        ['2,000 symbols, quote+depth(+tick)', ['quote', 'depth', 'tick'], 2_000],
      ];
      const out: BenchRow[] = [];
      for (const [name, types, total] of scenarios) {
        const wants = benchSymbols(total, types);
        if (count(wants) !== total) throw new Error(`${name}: ${count(wants)} symbols`);
        const client = await measure(sim, wants, streamClients);
        const bare =
          total === 2_000 && types.length === 1
            ? await measure(sim, wants, bareSockets)
            : undefined;
        out.push(...rows(name, client, total === 2_000 && types.length === 1, bare));
        if (bare) {
          out.push({
            name: `${name}: bare ws + JSON.parse, CPU`,
            value: bare.clientCpu,
            unit: '% of a core',
            ratio: `${((bare.clientCpu / 100 / bare.framesPerS) * 1e6).toFixed(1)} µs/frame`,
          });
        }
      }
      return out;
    } finally {
      await sim.close();
    }
  },
};

export default benchmark;
