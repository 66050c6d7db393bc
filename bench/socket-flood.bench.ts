/**
 * Sixteen sockets of one launch secret flooding the browser host (`npm run bench --
 * socket-flood`): each asks for 20 subscriptions of 500 codes while another tab asks
 * `getStatus` one at a time. Goal (issue 24): the other tab's p95 round trip ≤ 250 ms.
 * Also printed: its p50 and worst, how many sockets the host admitted, how many codes it
 * then follows, the most commands the host started in one turn, and the load average
 * (the machine is shared: a figure at load 8 on two cores says little of the code).
 */
import { performance } from 'node:perf_hooks';
import type { WebSocket } from 'ws';
import { startDemoHost } from '../src/host/testing/demo-host';
import { loadRow, percentile, type Benchmark, type BenchRow } from './harness';

const GOAL_MS = 250;

async function run(named: boolean) {
  const demo = await startDemoHost('marketdesk-bench-sockets-');
  const host = demo.host;
  const open = async (name: string) => {
    const socket = await demo.open(name);
    return typeof socket === 'number' ? null : socket;
  };
  try {
    const other = (await open('other'))!;
    const baseline = host.services.hub.counts().codes;
    const sockets = (
      await Promise.all(Array.from({ length: 16 }, (_, i) => open(named ? `w${i}` : 'main')))
    ).filter((s): s is WebSocket => s !== null);
    let pending = 0;
    sockets.forEach((s, n) => {
      s.on('message', (data: Buffer) => {
        if ((JSON.parse(data.toString()) as { response?: unknown }).response) pending--;
      });
      for (let i = 0; i < 20; i++) {
        const codes = Array.from({ length: 500 }, (_, j) => `B${n}S${i}C${j}`);
        const spec = { kind: 'quotes', class: 'stock', region: 'US', exchange: '', codes };
        s.send(JSON.stringify({ id: i, name: 'subscribe', args: { spec } }));
        pending++;
      }
    });
    const times: number[] = [];
    let id = 0;
    while (pending > 0 || times.length < 20) {
      const t0 = performance.now();
      await new Promise<void>((resolve) => {
        const mine = ++id;
        const listener = (data: Buffer) => {
          if ((JSON.parse(data.toString()) as { id?: number }).id !== mine) return;
          other.off('message', listener);
          resolve();
        };
        other.on('message', listener);
        other.send(JSON.stringify({ id: mine, name: 'getStatus', args: {} }));
      });
      times.push(performance.now() - t0);
    }
    console.error('DEBUG', named, times.map((t) => Math.round(t)).join(' '));
    const codes = host.services.hub.counts().codes - baseline;
    for (const s of [...sockets, other]) s.terminate();
    return { admitted: sockets.length, codes, times, perTurn: host.sockets.maxCommandsPerTurn };
  } finally {
    await demo.close();
  }
}

const bench: Benchmark = {
  title: 'Sixteen sockets of one launch secret flood the host',
  async run() {
    const rows: BenchRow[] = [loadRow('at the start')];
    for (const named of [false, true]) {
      const label = named ? 'each naming its own window' : 'one window';
      const r = await run(named);
      const p95 = percentile(r.times, 95);
      rows.push(
        { name: `${label}: sockets admitted of 16`, value: r.admitted, unit: '' },
        { name: `${label}: codes followed after`, value: r.codes, unit: '' },
        { name: `${label}: most commands started in a turn`, value: r.perTurn, unit: '' },
        {
          name: `${label}: other tab's getStatus p50 (${r.times.length} calls)`,
          value: percentile(r.times, 50),
          unit: 'ms',
        },
        {
          name: `${label}: other tab's getStatus p95`,
          value: p95,
          unit: 'ms',
          goal: `≤ ${GOAL_MS}`,
          pass: p95 <= GOAL_MS,
        },
        { name: `${label}: other tab's worst getStatus`, value: Math.max(...r.times), unit: 'ms' },
        loadRow(`after "${label}"`),
      );
    }
    return rows;
  },
};
export default bench;
