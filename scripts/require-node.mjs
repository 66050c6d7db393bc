// Imported first (or loaded with `--import`) by every entry point that runs the
// project's code: on a Node older than package.json's engines, prints one line saying
// which Node to use and exits 1, before a native module fails to load.
import { nodeVersionProblem, requiredNodeMajor } from './node-version.mjs';

const problem = nodeVersionProblem({
  version: process.versions.node,
  execPath: process.execPath,
  required: requiredNodeMajor(),
});
if (problem !== null) {
  console.error(problem);
  process.exit(1);
}
