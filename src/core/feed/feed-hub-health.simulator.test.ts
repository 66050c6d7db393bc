/**
 * The health model against the real simulator over HTTP: a wrong token (`token`
 * option), a rate limit (`rateLimit` fault, 429 with Retry-After) and 5xx answers
 * (`errorRate`), requests counted by the simulator's own stats. Manual timers drive the
 * hub, the health service and the simulator's clock; each firing awaits the real I/O.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { SubscriptionSpec } from '../../shared/bridge';
import { planOf } from '../../shared/model';
import { startSimulator, type SimulatorOptions } from '../../simulator';
import { MarketClient } from '../api';
import { FeedHub } from './feed-hub';
import { ManualTimers } from '../../shared/testing/manual-timers';
import { Recorder } from './testing/recorder';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function rig(simOptions: SimulatorOptions, token = 'demo') {
  const timers = new ManualTimers();
  const plan = planOf('premium');
  const sim = await startSimulator({ plan, now: timers.now, seed: 5, ...simOptions });
  cleanups.push(() => sim.close());
  // No client-side retries: every hub poll is one request, and its failure comes back at once.
  const client = new MarketClient({
    token,
    baseUrl: sim.url,
    plan,
    requestsPerMinute: Infinity,
    retry: { attempts: 1 },
    timeoutMs: 5000,
  });
  const hub = new FeedHub({ client, plan, timers, now: timers.now });
  cleanups.push(() => hub.dispose());
  return { timers, sim, hub, advance: (ms: number) => timers.advance(ms, () => hub.idle()) };
}

const WORKSPACE: SubscriptionSpec[] = [
  { kind: 'quotes', class: 'stock', region: 'US', exchange: '', codes: ['AAPL', 'MSFT'] },
  { kind: 'depth', class: 'stock', region: 'US', exchange: '', codes: ['AAPL'] },
  {
    kind: 'candles',
    series: { class: 'stock', region: 'US', exchange: '', code: 'AAPL', kType: 1 },
  },
];

function subscribeAll(hub: FeedHub): Recorder[] {
  return WORKSPACE.map((spec) => {
    const r = new Recorder();
    hub.subscribe('w', spec, r.push);
    return r;
  });
}

describe('health against the simulator', () => {
  it('a wrong token: token-rejected everywhere, and the token is not sent again', async () => {
    const { sim, hub, advance } = await rig({ token: 'right-token' }, 'wrong-token');
    const panes = subscribeAll(hub);
    await advance(0);
    expect(hub.health.snapshot()).toMatchObject({ state: 'token-rejected' });
    expect(hub.health.snapshot().lastError).toMatch(/rejected the token.*E002/);
    expect(panes.map((r) => r.state)).toEqual([
      'token-rejected',
      'token-rejected',
      'token-rejected',
    ]);
    const sent = sim.stats().requests;
    expect(sent).toBe(1); // the first answer stopped the other clocks' first ticks
    await advance(300_000);
    expect(sim.stats().requests).toBe(sent);
    expect(sim.stats().byStatus['401']).toBe(sent);
    expect(panes.every((r) => !r.states().includes('live'))).toBe(true);
  });

  it('a rate limit: rate-limited until Retry-After, one 429 and no storm, then live', async () => {
    const { sim, hub, timers, advance } = await rig({
      faults: { rateLimit: { requests: 6, windowMs: 60_000 } },
    });
    const start = timers.now();
    const panes = subscribeAll(hub);
    await advance(0);
    expect(hub.health.snapshot().state).toBe('live');
    await advance(3000);
    const health = hub.health.snapshot();
    expect(health.state).toBe('rate-limited');
    // Retry-After: the rest of the simulator's window, in whole seconds.
    expect(health.resumesAt).toBe(start + 60_000);
    expect(panes.every((r) => r.state === 'rate-limited')).toBe(true);
    expect(panes[0]!.of('subscriptionStatus').at(-1)!.message).toMatch(/resume at \d\d:\d\d:\d\d/);
    // Held: nothing is sent until the window is over.
    const limited = sim.stats();
    await advance(56_000);
    expect(sim.stats().requests).toBe(limited.requests);
    await advance(2000);
    expect(sim.stats().byStatus['429']).toBe(1);
    expect(hub.health.snapshot()).toMatchObject({ state: 'live', resumesAt: null });
    expect(panes.map((r) => r.state)).toEqual(['live', 'live', 'live']);
  });

  it('5xx answers: degraded with the service’s error, never live, then live again', async () => {
    const { sim, hub, advance } = await rig({ faults: { errorRate: 1 } });
    const [quotes] = subscribeAll(hub);
    const states = new Set<string>();
    hub.health.onChange((h) => states.add(h.state));
    await advance(30_000);
    expect([...states]).toEqual(['degraded']);
    expect(hub.health.snapshot().lastError).toMatch(/HTTP 50\d/);
    expect(quotes!.state).toBe('stale');
    sim.setFaults({});
    await advance(61_000);
    expect(hub.health.snapshot()).toMatchObject({ state: 'live', lastError: null });
    expect(quotes!.state).toBe('live');
  });
});
