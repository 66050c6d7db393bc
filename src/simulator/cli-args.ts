/**
 * Command-line arguments of `npm run simulator` → {@link SimulatorOptions}.
 */
import { parseArgs } from 'node:util';
import { PLANS, PLAN_LIMITS, parsePlan, planFigures } from '../shared/model';
import { parseRateLimit, validateFaults, type Faults } from './faults';
import type { SimulatorOptions } from './server';
import { validateStreamFaults, type StreamFaults } from './stream/stream-faults';

/** The `--help` text. */
export const SIMULATOR_USAGE = `Usage: npm run simulator -- [options]

Marketdesk's local market data service: the whole API contract over a
deterministic synthetic market.

Options:
  --port <n>              TCP port (default 0: a free port)
  --host <addr>           interface to bind (default 127.0.0.1)
  --seed <n>              seed of the market and of the fault draws (default 1)
  --token <t>             required value of the token header (default: none
                          required; any token, or none, is accepted)
  --plan <plan>           ${PLANS.join(' | ')}[:N]
                          (default premium: ${PLAN_LIMITS.premium.maxCodes} codes per batch request)
  --deny-markets <list>   markets outside the plan, e.g. stock:JP,future:CN
                          (answered with code 0 and data null or {})
  --clock <instant>       start the market's clock at this ISO 8601 instant
                          (e.g. 2025-07-04T15:00:00Z); it then runs at real speed
  --stream-limit <n>      symbols one stream connection may subscribe
                          (default the plan's: ${planFigures((l) => l.stream.subscriptions)})
Faults:
  --latency <ms>          added to every answer
  --jitter <ms>           up to this much more, drawn per request
  --error-rate <0-1>      share of requests answered 500/502/503
  --malformed-rate <0-1>  share of answers with a malformed body
  --rate-limit <n/unit>   e.g. 300/min or 5/s; then 429 with Retry-After
  --fault-seed <n>        seed of the fault draws (default: --seed)
Stream faults:
  --stream-down           start with the stream endpoints down (upgrades 503)
  --stream-drop-rate <0-1>       share of pushes that cut the connection
  --stream-stall-rate <0-1>      share of pushes that start a stall
  --stream-stall-ms <ms>         length of a stall (default 60000)
  --stream-malformed-rate <0-1>  share of pushes sent malformed
  --pong-delay <ms>       every pong this late
  --help                  this text

While it runs, lines on standard input steer it: "stream down", "stream up",
"stream faults {JSON}", "faults {JSON}" (see src/simulator/README.md).`;

function number(name: string, text: string | undefined, integer: boolean): number | undefined {
  if (text === undefined) return undefined;
  const n = Number(text);
  if (text.trim() === '' || !Number.isFinite(n) || (integer && !Number.isSafeInteger(n))) {
    throw new Error(`--${name}: expected ${integer ? 'an integer' : 'a number'}, got "${text}"`);
  }
  return n;
}

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/;

/** An ISO 8601 instant (a date alone is 00:00 UTC; a time without zone is UTC) → Unix ms. */
export function parseClock(text: string): number {
  const t = text.trim();
  const zoned = /T.*(Z|[+-]\d{2}:\d{2})$/.test(t) || !t.includes('T') ? t : `${t}Z`;
  const ms = ISO_INSTANT.test(t) ? Date.parse(zoned) : NaN;
  if (!Number.isFinite(ms)) {
    throw new Error(
      `--clock: expected an ISO 8601 instant such as 2025-07-04T15:00:00Z, got "${text}"`,
    );
  }
  return ms;
}

/** The flags that set a number of the request faults, and the field each sets. */
const FAULT_NUMBERS = [
  ['latency', 'latencyMs'],
  ['jitter', 'jitterMs'],
  ['error-rate', 'errorRate'],
  ['malformed-rate', 'malformedRate'],
] as const;

/** The flags that set a number of the stream faults, and the field each sets. */
const STREAM_NUMBERS = [
  ['stream-drop-rate', 'dropRate'],
  ['stream-stall-rate', 'stallRate'],
  ['stream-stall-ms', 'stallMs'],
  ['stream-malformed-rate', 'malformedRate'],
  ['pong-delay', 'pongDelayMs'],
] as const;

/** Sets each field of `into` whose flag is given, its text read as a number. */
function readNumbers<K extends string>(
  into: Partial<Record<K, number>>,
  flags: readonly (readonly [string, K])[],
  values: Record<string, string | boolean | undefined>,
): void {
  for (const [flag, key] of flags) {
    const value = number(flag, values[flag] as string | undefined, false);
    if (value !== undefined) into[key] = value;
  }
}

/** Parses `argv` (without node and script); 'help' for `--help`. Throws Error on bad input. */
export function parseSimulatorArgs(argv: readonly string[]): SimulatorOptions | 'help' {
  const { values: v } = parseArgs({
    args: [...argv],
    strict: true,
    allowPositionals: false,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      seed: { type: 'string' },
      token: { type: 'string' },
      plan: { type: 'string' },
      'deny-markets': { type: 'string' },
      'rate-limit': { type: 'string' },
      'fault-seed': { type: 'string' },
      'stream-limit': { type: 'string' },
      clock: { type: 'string' },
      'stream-down': { type: 'boolean' },
      ...Object.fromEntries(
        [...FAULT_NUMBERS, ...STREAM_NUMBERS].map(([flag]) => [flag, { type: 'string' } as const]),
      ),
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (v.help) return 'help';
  const options: SimulatorOptions = {};
  const port = number('port', v.port, true);
  if (port !== undefined) {
    if (port < 0 || port > 65535) throw new Error(`--port: out of range: ${port}`);
    options.port = port;
  }
  if (v.host !== undefined) options.host = v.host;
  const seed = number('seed', v.seed, true);
  if (seed !== undefined) options.seed = seed;
  if (v.token !== undefined) options.token = v.token;
  if (v.plan !== undefined) {
    const plan = parsePlan(v.plan);
    if (!plan) throw new Error(`--plan: expected ${PLANS.join(', ')}[:N]`);
    options.plan = plan;
  }
  if (v['deny-markets'] !== undefined) {
    options.deniedMarkets = v['deny-markets'].split(',').filter((s) => s.trim() !== '');
  }
  if (v.clock !== undefined) options.clock = parseClock(v.clock);
  const faults: Faults = {};
  readNumbers(faults, FAULT_NUMBERS, v);
  if (v['rate-limit'] !== undefined) {
    const rl = parseRateLimit(v['rate-limit']);
    if (!rl)
      throw new Error(`--rate-limit: expected e.g. 300/min or 5/s, got "${v['rate-limit']}"`);
    faults.rateLimit = rl;
  }
  const faultSeed = number('fault-seed', v['fault-seed'], true);
  if (faultSeed !== undefined) faults.seed = faultSeed;
  if (Object.keys(faults).length > 0) options.faults = validateFaults(faults);
  const streamLimit = number('stream-limit', v['stream-limit'], true);
  if (streamLimit !== undefined) {
    if (streamLimit < 1) throw new Error(`--stream-limit: expected at least 1, got ${streamLimit}`);
    options.streamLimit = streamLimit;
  }
  const stream: StreamFaults = {};
  if (v['stream-down']) stream.down = true;
  readNumbers(stream, STREAM_NUMBERS, v);
  if (Object.keys(stream).length > 0) options.streamFaults = validateStreamFaults(stream);
  return options;
}
