/**
 * The demo service: how the app and the command line start the simulator when no
 * token (and, for the command line, no base URL) is given. One description, so the
 * app's demo and the CLI's answer alike.
 */
import { planOf, type UnixMs } from '../shared/model';
import { startSimulator, type SimulatorOptions } from './server';

/** The token the demo client sends: the simulator started without one accepts any. */
export const DEMO_TOKEN = 'demo';

/**
 * Options of a demo simulator on a free loopback port. It takes batches of any size the
 * user's plan makes the client send (enterprise with a large maximum), and streams (on
 * the same port) as many symbols as the client subscribes.
 */
export function demoSimulatorOptions(now: () => UnixMs, seed?: number): SimulatorOptions {
  return {
    port: 0,
    plan: planOf('enterprise', 10_000),
    streamLimit: 10_000,
    now,
    ...(seed === undefined ? {} : { seed }),
  };
}

/** A running demo service, as the app's market link uses it. */
export interface DemoServiceHandle {
  /** Where it answers (a loopback port). */
  readonly baseUrl: string;
  /** The token to send it (public: {@link DEMO_TOKEN}). */
  readonly token: string;
  close(): Promise<void>;
}

/**
 * Starts the app's demo service on `now`'s clock: what the composition roots (the
 * Electron shell, the browser host, tests) hand to `createServices` as `demo`.
 */
export async function startDemoService(now: () => UnixMs, seed = 1): Promise<DemoServiceHandle> {
  const simulator = await startSimulator(demoSimulatorOptions(now, seed));
  return { baseUrl: simulator.url, token: DEMO_TOKEN, close: () => simulator.close() };
}
