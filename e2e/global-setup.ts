/**
 * Builds the renderer and the host's bundle once before the browser specs (each when
 * it is missing or older than its sources), so no spec's timing includes a build, and
 * no two workers build the same bundle at once. The host would build both too, but
 * inside a test's timeout.
 */
import { ensureHostBuilt } from '../scripts/build-host.mjs';
import { ensureRendererBuilt } from '../src/host/build-renderer';
import { ROOT } from './support/processes';

export default async function globalSetup(): Promise<void> {
  await ensureRendererBuilt(ROOT, (line) => console.log(line));
  await ensureHostBuilt(ROOT, (line) => console.log(line));
}
