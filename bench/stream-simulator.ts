/**
 * The stream benchmarks' simulator, in a child process of its own (`fork`, see
 * ./stream-sim-child), so the client's CPU is the benchmark process's and the
 * simulator's is this one's. Its market lists the catalog and its twins
 * (./stream-twins), on the clock the parent passes (`STREAM_BENCH_OFFSET_MS` ahead of
 * the wall clock: a fixed moment of the week).
 *
 * Messages from the parent: `mark` (start counting), `read` (answers CPU and pushes
 * since the mark), `record` (start keeping each quote push's send time), `sent`
 * (answers them and stops), `close`.
 *
 * The send times are taken where the simulator hands a frame to its socket: `ws`'s
 * `WebSocket.prototype.send`, wrapped in this process only (nothing else runs here).
 */
import { WebSocket } from 'ws';
import { planOf } from '../src/shared/model';
import { startSimulator } from '../src/simulator';
import { SyntheticMarket } from '../src/simulator/market/synthetic-market';
import type { SentQuote } from './stream-sim-child';
import { withTwins } from './stream-twins';

const SEED = 1;
const offset = Number(process.env['STREAM_BENCH_OFFSET_MS'] ?? 0);
const now = () => Date.now() + offset;
const sim = await startSimulator({
  port: 0,
  seed: SEED,
  now,
  plan: planOf('premium'),
  market: withTwins(new SyntheticMarket({ seed: SEED, now })),
});

let sent: SentQuote[] | null = null;
const QUOTE = '"type":"quote"';
const send = WebSocket.prototype.send;
WebSocket.prototype.send = function (this: WebSocket, ...args: Parameters<WebSocket['send']>) {
  const at = Date.now();
  send.apply(this, args);
  const data = args[0];
  if (sent !== null && typeof data === 'string' && data.includes(QUOTE)) {
    const { s, ld } = (JSON.parse(data) as { data: { s: string; ld: number } }).data;
    sent.push({ s, ld, at });
  }
} as WebSocket['send'];

let cpu = process.cpuUsage();
let pushes = 0;
process.on('message', (message: 'mark' | 'read' | 'record' | 'sent' | 'close') => {
  if (message === 'mark') {
    cpu = process.cpuUsage();
    pushes = sim.streamStats().pushes;
  } else if (message === 'read') {
    const used = process.cpuUsage(cpu);
    process.send!({ cpuUs: used.user + used.system, pushes: sim.streamStats().pushes - pushes });
  } else if (message === 'record') {
    sent = [];
  } else if (message === 'sent') {
    process.send!(sent ?? []);
    sent = null;
  } else {
    void sim.close().then(() => process.exit(0));
  }
});
process.send!({ url: sim.url, seed: SEED });
