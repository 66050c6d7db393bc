// The browser host as one pre-built ES module (`out/host/serve.mjs`), so `npm run
// serve` starts without compiling TypeScript on the fly (tsx) or resolving hundreds of
// modules one by one (how, and when it is rebuilt: node-bundle.mjs).
//
// `node scripts/build-host.mjs` builds it; `ensureHostBuilt` (used by
// scripts/serve-host.mjs) rebuilds only when the bundle is missing or older than one of
// the files it was built from (listed in `out/host/serve.inputs.json`), the lockfile or
// the build scripts.
// First: refuse an older Node in one line (esbuild and the bundle assume Node 24).
import './require-node.mjs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildAndReport, nodeBundle, PROJECT_ROOT } from './node-bundle.mjs';

/** The bundle, relative to the project root. Two levels deep like `src/host/`, so the host's
 * PROJECT_ROOT (its own directory, then `../..`) is the project root from either. */
export const HOST_BUNDLE = path.join('out', 'host', 'serve.mjs');

const host = nodeBundle({
  entry: path.join('src', 'host', 'serve.ts'),
  outfile: HOST_BUNDLE,
  what: 'the host',
  script: fileURLToPath(import.meta.url),
});

/**
 * Why the bundle must be (re)built, or null when it is current.
 * @param {string} [projectRoot]
 * @returns {string | null}
 */
export const hostBundleStaleReason = (projectRoot = PROJECT_ROOT) => host.staleReason(projectRoot);

/**
 * Bundles the host into `out/host/serve.mjs` (+ `.map`), written atomically.
 * @param {string} [projectRoot]
 * @returns {Promise<string>} the bundle's absolute path
 */
export const buildHost = (projectRoot = PROJECT_ROOT) => host.build(projectRoot);

/**
 * Builds the bundle when missing or stale; answers its absolute path.
 * @param {string} [projectRoot]
 * @param {(line: string) => void} [log]
 * @returns {Promise<string>}
 */
export const ensureHostBuilt = (projectRoot = PROJECT_ROOT, log = undefined) =>
  host.ensureBuilt(projectRoot, log);

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
  await buildAndReport(host);
}
