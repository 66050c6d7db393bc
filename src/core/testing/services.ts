/**
 * Services for tests, wired as the app's composition roots wire them: `createServices`
 * with the simulator's demo service. Core itself does not import the simulator (the
 * layer rule); its tests and this helper may.
 */
import { startDemoService } from '../../simulator';
import { createServices, type Services, type ServicesConfig } from '../services';

/** A services config whose demo service defaults to the simulator's. */
export type TestServicesConfig = Omit<ServicesConfig, 'demo'> &
  Partial<Pick<ServicesConfig, 'demo'>>;

/**
 * `createServices` with the real demo service unless `config.demo` says otherwise, and
 * no OS keychain (`loadKeytar: null`: the session store) unless the config gives one: a
 * test never reads or writes the machine's own keychain by default.
 */
export function createTestServices(config: TestServicesConfig): Promise<Services> {
  return createServices({ demo: startDemoService, loadKeytar: null, ...config });
}
