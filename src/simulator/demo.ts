/**
 * The demo service: how the app and the command line start the simulator when no
 * token (and, for the command line, no base URL) is given. One description, so the
 * app's demo and the CLI's answer alike.
 */
import { randomBytes } from 'node:crypto';
import { planOf, type UnixMs } from '../shared/model';
import { startSimulator, type SimulatorOptions } from './server';

/**
 * The token the command line's demo client sends: the simulator it starts for one
 * command has no token and accepts any. The app's demo service has a token of its own
 * per launch ({@link startDemoService}).
 */
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
  /** The token to send it: made for this launch, known only to the process that started it. */
  readonly token: string;
  close(): Promise<void>;
}

/**
 * Starts the app's demo service on `now`'s clock: what the composition roots (the
 * Electron shell, the browser host, tests) hand to `createServices` as `demo`. It
 * answers only the app that started it: a token made for this launch (REST and stream),
 * and a guarded stream (no browser `Origin`, the loopback `Host`, few and short-lived
 * unauthenticated connections) — any local process or web page could reach a loopback
 * port, and a public token let one replace the app's own stream connection.
 */
export async function startDemoService(now: () => UnixMs, seed = 1): Promise<DemoServiceHandle> {
  const token = randomBytes(24).toString('base64url');
  const simulator = await startSimulator({
    ...demoSimulatorOptions(now, seed),
    token,
    guarded: true,
  });
  return { baseUrl: simulator.url, token, close: () => simulator.close() };
}
