/**
 * Builds the renderer once before the browser specs (when it is missing or older than
 * its sources), so no spec's timing includes a build. The host would build it too,
 * but inside a test's timeout.
 */
import { ensureRendererBuilt } from '../src/host/build-renderer';
import { ROOT } from './support/processes';

export default async function globalSetup(): Promise<void> {
  await ensureRendererBuilt(ROOT, (line) => console.log(line));
}
