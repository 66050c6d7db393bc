#!/usr/bin/env node
// The `marketdesk` bin, also what `npm run cli` runs. It runs the command line's
// pre-built bundle (`out/cli/marketdesk.mjs`, scripts/build-cli.mjs), rebuilt first
// when missing or older than its sources: compiling the TypeScript at every start
// (tsx) took seconds a command; the bundle answers in a fraction of one.
// Without esbuild (an install without devDependencies) and without a bundle, the
// sources run through tsx's loader, a dependency for that case.
// Before anything else, an older Node is refused in one line (better-sqlite3 would fail to load).
import '../scripts/require-node.mjs';
// The module object, not a named import: an older Node, which lacks the export, must
// reach require-node's one-line refusal instead of failing to link this file.
import nodeModule from 'node:module';
import { pathToFileURL } from 'node:url';
import { cli } from '../scripts/build-cli.mjs';

/** The bundle's path, or null when it can be neither found current nor built. */
async function bundlePath() {
  try {
    return await cli.ensureBuilt();
  } catch (error) {
    // Only a missing esbuild falls back; a build that fails on the sources is the error.
    if (error?.code !== 'ERR_MODULE_NOT_FOUND') throw error;
    return null;
  }
}

// V8's code cache for the bundle, kept by Node on disk (in the temporary folder):
// compiling its 1.3 MB again at every start was ~80 ms of a demo command's ~400.
nodeModule.enableCompileCache?.();
const bundle = await bundlePath();
if (bundle !== null) {
  const { main } = await import(pathToFileURL(bundle).href);
  await main();
} else {
  const { register } = await import('tsx/esm/api');
  register();
  const { main } = await import('../src/cli/marketdesk.ts');
  await main();
}
