/**
 * `npm run serve -- [--port N] [--no-open]`: the whole terminal in a browser tab, on the
 * port of the last start when it is free (or port N; 0 for any free port).
 * Builds the renderer when stale, starts the host on 127.0.0.1, prints the one
 * address to open (with the per-launch secret in its fragment) and opens the system
 * browser unless `--no-open` — through a private redirect file, so the secret is on no
 * command line; the file goes when the host closes. Ctrl-C closes everything.
 */
import { parseArgs } from 'node:util';
import { ensureDataFolder } from '../core/data-folder';
import { startHost } from './start-host';
import { TEST_CLOCK_ENV, testClock } from './test-clock';
import { errorMessage } from '../shared/errors';

const USAGE = 'usage: npm run serve -- [--port N] [--no-open]';

function parsePort(text: string | undefined): number {
  if (text === undefined) return 0;
  const port = Number(text);
  if (!/^\d+$/.test(text) || port > 65535) throw new Error(`--port must be 0–65535, got "${text}"`);
  return port;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      port: { type: 'string' },
      'no-open': { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    },
    strict: true,
  });
  if (values.help) return void console.log(USAGE);
  // End-to-end specs only: the services' clock agrees with a simulator's `--clock`.
  const now = testClock(process.env);
  if (now)
    console.error(
      `marketdesk: the clock reads ${new Date(now()).toISOString()} (${TEST_CLOCK_ENV})`,
    );
  const host = await startHost({
    ...(now ? { services: { now } } : {}),
    port: parsePort(values.port),
    // The same address as last time unless a port is asked for (see host-port.ts).
    rememberPort: values.port === undefined,
    open: !values['no-open'],
    env: process.env,
    dataFolder: ensureDataFolder(),
    log: (line) => console.error(line),
    warmUp: true,
    // The page's own files first; the services start while the browser runs them.
    servicesAfterPageMs: 1_000,
    // Said as soon as the page can load: the services start while it does.
    onListening: (url) => console.log(`Marketdesk is running at ${url}`),
  });
  let stopping = false;
  const stop = () => {
    if (stopping) return;
    stopping = true;
    void host.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(`marketdesk: ${errorMessage(error)}`);
  console.error(USAGE);
  process.exit(1);
});
