// `npm start`: the terminal. Where Electron's runtime is installed, builds the app
// (`electron-vite build`) and runs it in Electron; where it is not (it cannot be
// downloaded on every machine), says why and starts the browser host instead, which
// serves the same renderer and bridge to a browser tab (from its pre-built bundle, see
// serve-host.mjs). Arguments pass through;
// SIGINT and SIGTERM are forwarded to whatever is running.
// First: refuse an older Node in one line, before a native module fails to load.
import './require-node.mjs';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { electronPackageDir, findElectronRuntime } from './electron-runtime.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(path.join(root, 'package.json'));
const args = process.argv.slice(2);

/** @type {import('node:child_process').ChildProcess | null} */
let current = null;
for (const signal of /** @type {const} */ (['SIGINT', 'SIGTERM'])) {
  process.on(signal, () => {
    if (current && current.exitCode === null && current.signalCode === null) current.kill(signal);
    else process.exit(128 + (signal === 'SIGINT' ? 2 : 15));
  });
}

/**
 * Runs a command to completion; resolves its exit code (1 when killed by a signal).
 * @param {string} command
 * @param {string[]} commandArgs
 * @param {NodeJS.ProcessEnv} [env]
 * @returns {Promise<number>}
 */
function run(command, commandArgs, env = process.env) {
  return new Promise((resolve) => {
    const child = spawn(command, commandArgs, { cwd: root, stdio: 'inherit', env });
    current = child;
    child.on('error', (error) => {
      console.error(`marketdesk: could not run ${command}: ${error.message}`);
      resolve(1);
    });
    child.on('exit', (code, signal) => {
      current = null;
      resolve(code ?? (signal ? 1 : 0));
    });
  });
}

/** @param {string} pkg @returns {string} the package's bin script */
function binOf(pkg) {
  const manifest = require.resolve(`${pkg}/package.json`);
  const { bin } = JSON.parse(readFileSync(manifest, 'utf8'));
  const relative = typeof bin === 'string' ? bin : bin[pkg];
  return path.join(path.dirname(manifest), relative);
}

async function startElectron(/** @type {string} */ executable) {
  console.log('marketdesk: building the app (electron-vite build)…');
  const built = await run(process.execPath, [binOf('electron-vite'), 'build']);
  if (built !== 0) return built;
  // Electron must run as Electron, whatever the calling shell set.
  const env = { ...process.env };
  delete env.ELECTRON_RUN_AS_NODE;
  return run(executable, ['.', ...args], env);
}

async function startBrowserHost(/** @type {string} */ reason) {
  console.log(
    `marketdesk: Electron's runtime is not installed (${reason}); starting the browser host instead.`,
  );
  const entry = path.join(root, 'src', 'host', 'serve.ts');
  if (!existsSync(entry)) {
    console.error(
      `marketdesk: the browser host (${path.relative(root, entry)}) is not there either.`,
    );
    return 1;
  }
  // What `npm run serve` runs: the pre-built bundle, (re)built first when stale.
  return run(process.execPath, [path.join(root, 'scripts', 'serve-host.mjs'), ...args]);
}

const runtime = findElectronRuntime({ packageDir: electronPackageDir(root), env: process.env });
const code = runtime.ok
  ? await startElectron(runtime.executable)
  : await startBrowserHost(runtime.reason);
process.exit(code);
