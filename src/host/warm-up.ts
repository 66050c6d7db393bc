/**
 * First-use work moved off the first requests: done once at start-up, while the
 * browser is still loading the page, so the first `subscribe` does not pay for it.
 *
 * Measured on a cold host (bench/ui-cold-start.bench.ts, CPU profile): zod compiling
 * the command schemas on their first parse (~25 ms), Node's fetch (undici) building
 * its agent and compiling its HTTP parser on the first request (~25 ms) and the demo
 * simulator's first answer (~30 ms) all landed between the page's first `subscribe`
 * and the first quote.
 */
import { COMMAND_SCHEMAS } from '../core/bridge';
import type { Services } from '../core/services';

/** Arguments of the commands a first screen sends, one valid example each. */
export const SAMPLE_ARGS: { [K in keyof typeof COMMAND_SCHEMAS]?: unknown[] } = {
  subscribe: [
    { spec: { kind: 'quotes', class: 'stock', region: 'US', exchange: '', codes: ['AAPL'] } },
    { spec: { kind: 'depth', class: 'crypto', region: 'BA', exchange: '', codes: ['BTCUSDT'] } },
    { spec: { kind: 'ticks', region: 'BA', codes: ['BTCUSDT'] } },
    {
      spec: {
        kind: 'candles',
        series: { class: 'crypto', region: 'BA', exchange: '', code: 'BTCUSDT', kType: 1 },
      },
    },
    { spec: { kind: 'news', market: 'stock', lang: 'en' } },
  ],
  unsubscribe: [{ subscriptionId: 'sub-1' }],
  loadCandles: [
    { series: { class: 'stock', region: 'US', exchange: '', code: 'AAPL', kType: 1 }, limit: 500 },
  ],
  loadNews: [{ market: 'stock', lang: 'en', limit: 50 }],
  getInfo: [{ region: 'US', exchange: '', code: 'AAPL' }],
  getStatus: [{}],
  getFeedPlan: [{}],
  testConnection: [{}],
  getSettings: [{}],
  loadWorkspace: [{}],
  setVisibility: [{ visible: true }],
  setFocus: [{ instrument: null }],
};

/** Parses the examples of one command's schema, so zod compiles it now. */
function warmSchema(name: keyof typeof SAMPLE_ARGS): void {
  for (const sample of SAMPLE_ARGS[name] ?? []) COMMAND_SCHEMAS[name].safeParse(sample);
}

/** Parses one example per command schema, so zod compiles them now. */
export function warmSchemas(): void {
  for (const name of Object.keys(SAMPLE_ARGS) as (keyof typeof SAMPLE_ARGS)[]) warmSchema(name);
}

/**
 * Warms the request path: the schemas, then — in demo mode only, never against the
 * live service's quota — one quotes request to the built-in simulator, which opens the
 * keep-alive connection the feed's first poll reuses. Never rejects; a failure only
 * means the first request pays instead.
 */
export async function warmUp(services: Services): Promise<void> {
  try {
    // A command at a time, with a turn of the event loop between: the page's own files,
    // asked for meanwhile, are served in those turns rather than after all of it.
    for (const name of Object.keys(SAMPLE_ARGS) as (keyof typeof SAMPLE_ARGS)[]) {
      warmSchema(name);
      await new Promise((resolve) => setImmediate(resolve));
    }
    if (services.link.mode !== 'demo') return;
    await services.link.client.quotes('stock', { region: 'US', codes: ['AAPL'] });
  } catch {
    // Warming is an optimisation only.
  }
}
