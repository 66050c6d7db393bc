/**
 * The demo service: how the app and the command line start the simulator when no
 * token (and, for the command line, no base URL) is given. One description, so the
 * app's demo and the CLI's answer alike.
 */
import { planOf, type UnixMs } from '../shared/model';
import type { SimulatorOptions } from './server';

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
