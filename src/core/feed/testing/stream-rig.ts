/**
 * The hub with real stream clients against the simulator (REST and stream on one port),
 * everything on one manual clock: the simulator's market and pushes, the stream clients'
 * heartbeats and backoff, the hub's clocks. Socket I/O is real loopback: each firing
 * settles it. REST requests are counted by the simulator's own stats. Used by
 * `feed-hub-stream.simulator.test.ts` and `bench/stream-app.bench.ts`.
 */
import type { Plan, StreamHealth } from '../../../shared/model';
import { planOf } from '../../../shared/model';
import { startSimulator, type SimulatorHandle } from '../../../simulator';
import { DEFAULT_REQUESTS_PER_MINUTE, MarketClient } from '../../api';
import { StreamClient } from '../../stream';
import { FeedHub, type FeedHubOptions } from '../feed-hub';
import type { StreamOpener } from '../stream-feed';
import { ManualTimers } from '../../../shared/testing/manual-timers';

export const STREAM_RIG_TOKEN = 'feed-stream-test-token';

const pause = (ms = 1) => new Promise((resolve) => setTimeout(resolve, ms));

export interface StreamRig {
  timers: ManualTimers;
  sim: SimulatorHandle;
  hub: FeedHub;
  rest: MarketClient;
  /** The stream clients the hub opened, in order. */
  streams: StreamClient[];
  /** Advances the shared clock, settling the real I/O of every firing. */
  advance(ms: number): Promise<void>;
  /** Advances in small steps until `check` holds (at most `maxMs` of the clock). */
  advanceUntil(check: () => boolean, what: string, maxMs?: number): Promise<void>;
  /** REST requests by path since the simulator's last `resetStats`. */
  paths(): Record<string, number>;
  stream(): StreamHealth;
  /** Disposes the hub and closes the simulator. */
  close(): Promise<void>;
}

export interface StreamRigOptions {
  /** The plan of the simulator, the REST client and the hub; premium unless given. */
  plan?: Plan;
  /** The stream clients' subscription limit; 200 unless given. */
  limit?: number;
  /** False: the hub has no stream (everything is polled). */
  streaming?: boolean;
  /** Where the shared clock starts; ManualTimers' default (a Wednesday, 15:00 UTC) unless given. */
  start?: number;
  /**
   * The plan's own limits on both sides: the simulator answers 429 past the plan's
   * requests a minute, the client holds every request to it (on the shared clock), and
   * the hub polls through the client's background share, as the app does. Unless
   * given, the client is unlimited and the hub polls through it directly.
   */
  planLimits?: boolean;
  /** Told of every REST request the client sends: its path and the clock's time. */
  onRequest?: (path: string, at: number) => void;
  hub?: Partial<FeedHubOptions>;
}

export async function streamRig(options: StreamRigOptions = {}): Promise<StreamRig> {
  const plan = options.plan ?? planOf('premium');
  const timers = new ManualTimers(options.start);
  const rpm = options.planLimits ? DEFAULT_REQUESTS_PER_MINUTE[plan.name] : Infinity;
  const sim = await startSimulator({
    plan,
    now: timers.now,
    timers,
    seed: 5,
    token: STREAM_RIG_TOKEN,
    ...(options.planLimits ? { faults: { rateLimit: { requests: rpm, windowMs: 60_000 } } } : {}),
  });
  const streams: StreamClient[] = [];
  const open: StreamOpener = (cls) => {
    const client = new StreamClient({
      cls,
      baseUrl: sim.url,
      token: STREAM_RIG_TOKEN,
      limit: options.limit ?? 200,
      now: timers.now,
      timers,
      random: () => 0.5,
    });
    streams.push(client);
    return client;
  };
  const rest = new MarketClient({
    token: STREAM_RIG_TOKEN,
    baseUrl: sim.url,
    plan,
    requestsPerMinute: rpm,
    clock: timers.clock(),
    retry: { attempts: 1 },
    ...(options.onRequest ? { fetch: counted(options.onRequest, timers.now) } : {}),
    timeoutMs: 5000,
  });
  const hub = new FeedHub({
    client: options.planLimits ? rest.background() : rest,
    plan,
    requestsPerMinute: rpm,
    timers,
    now: timers.now,
    stream: options.streaming === false ? null : open,
    ...options.hub,
  });
  const received = () => streams.reduce((n, s) => n + s.stats().pushes + s.stats().malformed, 0);
  const settle = async () => {
    // A request waiting for the client's limiter waits for this clock: not for it.
    let idle = false;
    void hub.idle().then(() => (idle = true));
    for (let i = 0; i < 20 && !idle; i++) await pause();
    // What the simulator pushed has arrived (a dropped connection loses some: wait a little).
    for (let i = 0; i < 50 && received() < sim.streamStats().pushes; i++) await pause();
    await pause(0);
  };
  const advance = (ms: number) => timers.advance(ms, settle);
  return {
    timers,
    sim,
    hub,
    rest,
    streams,
    advance,
    async advanceUntil(check, what, maxMs = 30_000) {
      for (let waited = 0; !check(); waited += 100) {
        if (waited > maxMs)
          throw new Error(
            `${what}: not within ${maxMs} ms; ${JSON.stringify(hub.health.snapshot().stream)}`,
          );
        await advance(100);
        // A handshake answers on real I/O, with no timer of its own.
        await pause(2);
      }
    },
    paths: () => sim.stats().byPath,
    stream: () => hub.health.snapshot().stream,
    async close() {
      hub.dispose();
      await sim.close();
    },
  };
}

/** The global fetch, telling `onRequest` of each request's path first. */
function counted(onRequest: (path: string, at: number) => void, now: () => number): typeof fetch {
  return (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    onRequest(new URL(url).pathname, now());
    return fetch(input, init);
  };
}
