/**
 * `npm run simulator -- --port 0 --seed 1 …`: runs the simulator in the foreground
 * until SIGINT or SIGTERM. Prints one line with its address once it listens; reads
 * control lines on standard input (stream/control.ts).
 */
import { createInterface } from 'node:readline';
import { STREAM_PLAN_LIMITS } from '../shared/api/stream';
import { errorMessage } from '../shared/errors';
import { parseSimulatorArgs, SIMULATOR_USAGE } from './cli-args';
import { startSimulator } from './server';
import { runControlLine } from './stream/control';

async function main(): Promise<void> {
  let options: ReturnType<typeof parseSimulatorArgs>;
  try {
    options = parseSimulatorArgs(process.argv.slice(2));
  } catch (error) {
    console.error(`simulator: ${(error as Error).message}\n\n${SIMULATOR_USAGE}`);
    process.exit(2);
  }
  if (options === 'help') {
    console.log(SIMULATOR_USAGE);
    return;
  }
  const sim = await startSimulator(options);
  // Control lines on standard input (stream down / up, faults): see stream/control.ts.
  createInterface({ input: process.stdin }).on('line', (line) => {
    try {
      const said = runControlLine(sim, line);
      if (said) console.log(`simulator: ${said}`);
    } catch (error) {
      console.error(`simulator: ${errorMessage(error)}`);
    }
  });
  const plan = options.plan?.name ?? 'premium';
  const auth = options.token === undefined ? 'no token required' : 'token required';
  const clock =
    options.clock === undefined ? '' : `, clock from ${new Date(options.clock).toISOString()}`;
  const limit = options.streamLimit ?? STREAM_PLAN_LIMITS[plan].subscriptions;
  const stream = `stream ${sim.url.replace(/^http/, 'ws')}/<class>, ${limit} symbols a connection`;
  console.log(
    `Marketdesk simulator listening on ${sim.url} (seed ${options.seed ?? 1}, plan ${plan}, ${auth}${clock}; ${stream})`,
  );
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`simulator: ${signal}, stopping`);
    void sim.close().then(() => process.exit(0));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(`simulator: ${(error as Error).message}`);
  process.exit(1);
});
