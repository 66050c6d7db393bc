/**
 * The local market data service (the simulator): start it, steer its faults, read
 * its request counts. See README.md for the error convention and the choices the
 * spec leaves open.
 */
export {
  startSimulator,
  OTHER_PATH,
  type SimulatorHandle,
  type SimulatorOptions,
  type SimulatorStats,
} from './server';
export type { Faults, RateLimit } from './faults';
export type { StreamFaults } from './stream/stream-faults';
export type { StreamStats } from './stream/stream-server';
export type { Timers } from '../shared/timers';
export { decideFaults, parseRateLimit, type FaultDecision } from './faults';
export { MALFORM_VARIANTS, type MalformVariant } from './malform';
export type { MarketModel } from './market-model';
export { CATALOG, catalogOf, findInstrument, type CatalogEntry } from './market/catalog';
export { parseSimulatorArgs, SIMULATOR_USAGE } from './cli-args';
export { DEMO_TOKEN, demoSimulatorOptions, startDemoService, type DemoServiceHandle } from './demo';
