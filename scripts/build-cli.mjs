// The command line as one pre-built ES module (`out/cli/marketdesk.mjs`), so a command
// answers in well under a second: compiling the TypeScript at every start (tsx) cost
// about 3 s of each command (`./run bench -- cli` measures both). How it is built and
// when it is rebuilt: node-bundle.mjs.
//
// `npm run build` builds it (with the app), `node scripts/build-cli.mjs` by hand;
// `bin/marketdesk.js` (the bin and `npm run cli`) rebuilds it first when it is missing
// or older than one of its sources, so a fresh clone or an edit works at once.
// First: refuse an older Node in one line (esbuild and the bundle assume Node 24).
import './require-node.mjs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildAndReport, nodeBundle } from './node-bundle.mjs';

/** The bundle, relative to the project root: two levels deep like `src/cli/`. */
export const CLI_BUNDLE = path.join('out', 'cli', 'marketdesk.mjs');

/** The command line's bundle: `cli.ensureBuilt()` answers its path, built if need be. */
export const cli = nodeBundle({
  entry: path.join('src', 'cli', 'marketdesk.ts'),
  outfile: CLI_BUNDLE,
  what: 'the command line',
  script: fileURLToPath(import.meta.url),
});

if (process.argv[1] && pathToFileURL(process.argv[1]).href === import.meta.url) {
  await buildAndReport(cli);
}
