/**
 * A stream client against a live simulator, both on one step clock (the simulator's
 * test clock: `runNext` stands the clock at a push's instant), with every state and
 * push recorded. Socket I/O is real loopback: `until` waits for it.
 */
import { startSimulator, type SimulatorHandle, type SimulatorOptions } from '../../../simulator';
import { ManualTimers } from '../../../shared/testing/manual-timers';
import { StreamClient } from '../stream-client';
import type { StreamClientOptions, StreamPush, StreamState } from '../types';

export interface Harness {
  clock: ManualTimers;
  sim: SimulatorHandle;
  client: StreamClient;
  states: StreamState[];
  pushes: StreamPush[];
  /** A second client on the same simulator and clock (its own record of states and pushes). */
  another(options?: Partial<StreamClientOptions>): Promise<Harness>;
  /** Waits (on real I/O, at most a few seconds) until `check` holds. */
  until(check: () => boolean, what: string): Promise<void>;
  /** Waits until the client streams with `subscribed` symbols acknowledged. */
  streaming(subscribed: number): Promise<void>;
  /**
   * Fires the clock's timers one at a time until the client has received a push that
   * `match` accepts; the clock stands at the instant it was pushed.
   */
  nextPush(match?: (push: StreamPush) => boolean): Promise<StreamPush>;
  close(): Promise<void>;
}

export const TOKEN = 'stream-test-token-0123456789';

export async function until(check: () => boolean, what: string, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}

/** A recorded client: what it told, in order. */
export interface Recorded {
  client: StreamClient;
  states: StreamState[];
  pushes: StreamPush[];
  /** `CODE$REGION` of each snapshot asked for. */
  snapshots: string[];
}

/** A stock client on `clock` (random 0.5) that records its states, pushes and snapshot requests. */
export function recordedClient(
  clock: ManualTimers,
  options: Partial<StreamClientOptions> & Pick<StreamClientOptions, 'baseUrl' | 'token' | 'limit'>,
): Recorded {
  const client = new StreamClient({
    cls: 'stock',
    now: clock.now,
    timers: clock,
    random: () => 0.5,
    ...options,
  });
  const recorded: Recorded = { client, states: [], pushes: [], snapshots: [] };
  client.onState((s) => recorded.states.push(s));
  client.onPush((p) => recorded.pushes.push(p));
  client.onSnapshotNeeded((i) => recorded.snapshots.push(`${i.code}$${i.region}`));
  return recorded;
}

function attach(
  clock: ManualTimers,
  sim: SimulatorHandle,
  options: Partial<StreamClientOptions>,
  owned: Harness[],
): Harness {
  const { client, states, pushes } = recordedClient(clock, {
    baseUrl: sim.url,
    token: TOKEN,
    limit: 100,
    ...options,
  });
  const h: Harness = {
    clock,
    sim,
    client,
    states,
    pushes,
    async another(more = {}) {
      const other = attach(clock, sim, { ...options, ...more }, owned);
      owned.push(other);
      return other;
    },
    until: (check, what) => until(check, `${what}; states: ${JSON.stringify(states)}`),
    streaming: (n) =>
      h.until(() => {
        const s = client.state;
        return s.kind === 'streaming' && s.subscribed === n;
      }, `streaming ${n} symbols`),
    async nextPush(match = () => true) {
      for (let i = 0; i < 500; i++) {
        const seen = pushes.length;
        const sent = sim.streamStats().pushes;
        if (!clock.runNext()) throw new Error('no timer pending: nothing will be pushed');
        const now = sim.streamStats().pushes;
        if (now === sent) continue;
        await h.until(() => pushes.length >= seen + (now - sent), 'the pushes to arrive');
        const hit = pushes.slice(seen).find(match);
        if (hit) return hit;
      }
      throw new Error('no matching push in 500 timers');
    },
    async close() {
      for (const other of owned) other.client.dispose();
      client.dispose();
      await sim.close();
    },
  };
  return h;
}

/** A simulator (with `TOKEN` required unless told otherwise) and a stock client on it. */
export async function harness(
  simOptions: SimulatorOptions = {},
  clientOptions: Partial<StreamClientOptions> = {},
): Promise<Harness> {
  const clock = new ManualTimers();
  const sim = await startSimulator({ token: TOKEN, ...simOptions, now: clock.now, timers: clock });
  return attach(clock, sim, clientOptions, []);
}
