/**
 * `npm run simulator -- --port 0 --seed 1 …`: runs the simulator in the foreground
 * until SIGINT or SIGTERM. Prints one line with its address once it listens.
 */
import { parseSimulatorArgs, SIMULATOR_USAGE } from './cli-args';
import { startSimulator } from './server';

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
  const plan = options.plan ? options.plan.name : 'premium';
  const auth = options.token === undefined ? 'no token required' : 'token required';
  console.log(
    `Marketdesk simulator listening on ${sim.url} (seed ${options.seed ?? 1}, plan ${plan}, ${auth})`,
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
