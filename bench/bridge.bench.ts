/**
 * Bridge latency over the browser host's WebSocket (loopback, demo mode: the host's
 * in-process simulator). Host and client share this process and its clock.
 *
 * 1. Command round trip: `getStatus` sent by a `ws` client with the host's secret and
 *    origin → dispatcher (schema, handler) → JSON answer received and parsed; one at a
 *    time, so each sample is one full round trip.
 * 2. Quote push, 50 codes: one `quotes` subscription of 50 crypto pairs (plan premium, so
 *    one request per poll; quotes every 250 ms). Measured from the moment the feed hub
 *    calls the subscription's push function (the hub's `subscribe` is wrapped to stamp
 *    it) to the client's `message` handler having parsed the frame: the bridge's own
 *    share (handler forward, JSON.stringify, ws framing, loopback, JSON.parse) — not
 *    the poll's HTTP request to the simulator, which the feed benchmarks cover.
 *
 *    The synthetic market moves once a second and the hub pushes only changes, so
 *    expect about one sample per second.
 *
 * `BRIDGE_BENCH_SECONDS` (default 15) sets how long pushes are collected.
 */
import { performance } from 'node:perf_hooks';
import { WebSocket } from 'ws';
import { HOST_PROTOCOL, SECRET_PROTOCOL_PREFIX } from '../src/shared/host-wire';
import type { Benchmark, BenchRow } from './harness';
import { percentile } from './harness';
import { startBenchHost } from './processes';
import { catalogOf } from '../src/simulator';

const PUSH_SECONDS = Number(process.env.BRIDGE_BENCH_SECONDS ?? 15);
const ROUND_TRIPS = 500;
// Crypto trades around the clock, so every poll changes the quotes and is pushed.
/** Fifty listed pairs: the simulator has no data for an unlisted code. */
const CODES = catalogOf('crypto', 'BA')
  .slice(0, 50)
  .map((e) => e.code);

const benchmark: Benchmark = {
  title: 'Bridge latency over the browser host WebSocket (loopback, same process)',
  async run(): Promise<BenchRow[]> {
    const bench = await startBenchHost('bridge');
    const { host } = bench;
    try {
      host.services.settings.update({
        plan: 'premium',
        requestsPerMinute: 100_000,
        intervals: { quotes: 250 },
      });
      const ws = new WebSocket(
        `ws://127.0.0.1:${host.port}/bridge`,
        [HOST_PROTOCOL, SECRET_PROTOCOL_PREFIX + host.secret],
        { origin: host.origin },
      );
      await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));

      // Stamp every push the hub makes to a quotes subscription.
      const pushedAt: number[] = [];
      const hub = host.services.hub;
      const subscribe = hub.subscribe.bind(hub);
      hub.subscribe = (clientId, spec, push) =>
        subscribe(clientId, spec, (event) => {
          if (event.event === 'quotes') pushedAt.push(performance.now());
          push(event);
        });

      const receivedAt: number[] = [];
      let frameBytes = 0;
      const waiting = new Map<number, () => void>();
      ws.on('message', (data: Buffer) => {
        const frame = JSON.parse(data.toString()) as { id?: number; event?: { event: string } };
        if (frame.event?.event === 'quotes') {
          receivedAt.push(performance.now());
          frameBytes = data.length;
        } else if (frame.id !== undefined) waiting.get(frame.id)?.();
      });
      let nextId = 1;
      const call = (name: string, args: unknown) =>
        new Promise<void>((resolve) => {
          const id = nextId++;
          waiting.set(id, () => {
            waiting.delete(id);
            resolve();
          });
          ws.send(JSON.stringify({ id, name, args }));
        });

      const roundTrips: number[] = [];
      for (let i = 0; i < ROUND_TRIPS + 50; i++) {
        const t0 = performance.now();
        await call('getStatus', {});
        if (i >= 50) roundTrips.push(performance.now() - t0);
      }

      await call('subscribe', {
        spec: { kind: 'quotes', class: 'crypto', region: 'BA', exchange: '', codes: CODES },
      });
      await new Promise((resolve) => setTimeout(resolve, PUSH_SECONDS * 1000));
      ws.close();
      const n = Math.min(pushedAt.length, receivedAt.length);
      const pushes = Array.from({ length: n }, (_, i) => receivedAt[i]! - pushedAt[i]!).slice(1);

      return [
        { name: 'getStatus round trip, p50', value: percentile(roundTrips, 50), unit: 'ms' },
        { name: 'getStatus round trip, p95', value: percentile(roundTrips, 95), unit: 'ms' },
        {
          name: `50-code quote push, hub → client, p50 (${pushes.length} pushes)`,
          value: percentile(pushes, 50),
          unit: 'ms',
        },
        {
          name: '50-code quote push, hub → client, p95',
          value: percentile(pushes, 95),
          unit: 'ms',
        },
        { name: '50-code quote push frame size', value: frameBytes / 1024, unit: 'KiB' },
      ];
    } finally {
      await bench.close();
    }
  },
};

export default benchmark;
