/**
 * The stream benchmark's simulator, in a child process of its own (`fork`), so the
 * client's CPU is the benchmark process's and the simulator's is this one's. Its market
 * lists the catalog and its twins (./stream-twins), on the clock the parent passes
 * (`STREAM_BENCH_OFFSET_MS` ahead of the wall clock: a fixed moment of the week).
 *
 * Messages from the parent: `mark` (start counting), `read` (answers CPU and pushes
 * since the mark), `close`.
 */
import { planOf } from '../src/shared/model';
import { startSimulator } from '../src/simulator';
import { SyntheticMarket } from '../src/simulator/market/synthetic-market';
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

let cpu = process.cpuUsage();
let pushes = 0;
process.on('message', (message: 'mark' | 'read' | 'close') => {
  if (message === 'mark') {
    cpu = process.cpuUsage();
    pushes = sim.streamStats().pushes;
  } else if (message === 'read') {
    const used = process.cpuUsage(cpu);
    process.send!({ cpuUs: used.user + used.system, pushes: sim.streamStats().pushes - pushes });
  } else {
    void sim.close().then(() => process.exit(0));
  }
});
process.send!({ url: sim.url, seed: SEED });
