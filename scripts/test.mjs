// `npm test` (what `./run test` and CI run): the whole suite, in three steps.
//   1. typecheck, lint's two halves (eslint; prettier's check) and the build (the app,
//      then the host's bundle) then package:check, side by side: each is mostly one
//      thread, so on two cores they take about half their CPU time together. (eslint and
//      prettier one after the other, ~48 and ~54 CPU-s, were the longest chain.) Each
//      one's output is printed whole when it ends, under npm's "> marketdesk@… name"
//      line. The typecheck is `tsc` on the node project and svelte-check on the web one:
//      svelte-check reports the type errors of every .ts file of tsconfig.web.json as
//      `tsc -p tsconfig.web.json` did (the same four errors, planted in a renderer .ts
//      nothing imports, a .svelte.ts, a renderer test and a src/shared file), so the
//      second `tsc` only cost ~11 CPU-s.
//   2. the unit tests (`npm run test:unit`), once the checks passed. Started beside the
//      checks instead (the checks at nice 10), the two stages ended at 340 s on a fresh
//      clone, against 291 s one after the other: Vitest's two workers and three checks
//      on two cores only slowed each other.
//   3. the end-to-end specs (`playwright test`). Started beside them instead, the unit
//      tests took 466 s instead of 110 s and the specs 5.9 min instead of 4.8.
// The three-minute plans soak (Playwright's project "soak": e2e/plans.spec.ts) is mostly
// waiting, so it starts as soon as the build is there and runs beside steps 1–3 (its
// output printed whole when it ends); the suite passes only when it passes too.
// Arguments go to Playwright: `./run test -- e2e/host.spec.ts` runs only that spec
// after the rest (and no soak beside, unless it is asked for).
// A step runs only when every stage before it passed; a failed check still lets the
// checks beside it finish, so one run names every problem.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Children still running, stopped with us. */
const children = new Set();
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
    process.exit(130);
  });
}

/** Stops what still runs (the soak, when an earlier step failed) and exits 1. */
function fail() {
  for (const child of children) child.kill('SIGTERM');
  process.exit(1);
}

/**
 * Runs `command args…` in the project folder. `quietUntilDone` collects its output and
 * prints it in one piece at the end (for stages that run side by side), then when it
 * ended, under `label`; otherwise it goes straight through. Resolves with whether it
 * exited 0.
 */
function run(command, args, { quietUntilDone = false, label = command } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: quietUntilDone ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      shell: process.platform === 'win32',
    });
    children.add(child);
    const chunks = [];
    child.stdout?.on('data', (chunk) => chunks.push(chunk));
    child.stderr?.on('data', (chunk) => chunks.push(chunk));
    child.on('error', (error) => chunks.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code, signal) => {
      children.delete(child);
      if (quietUntilDone) {
        process.stdout.write(Buffer.concat(chunks));
        // When each stage beside the others ended: which one the checks waited for.
        console.log(`npm test: ${label} ended (${seconds()})`);
      }
      if (code !== 0) {
        console.error(`npm test: ${[command, ...args].join(' ')} failed (${signal ?? code})`);
      }
      resolve(code === 0);
    });
  });
}

/** A chain of npm scripts, each only after the one before passed. */
async function scripts(...names) {
  for (const [name, ...args] of names) {
    if (
      !(await run(npm, ['run', name, ...(args.length ? ['--', ...args] : [])], {
        quietUntilDone: true,
        label: name,
      }))
    )
      return false;
  }
  return true;
}

const started = Date.now();
const seconds = () => `${Math.round((Date.now() - started) / 1000)} s`;
const playwright = [
  path.join(root, 'node_modules', '@playwright', 'test', 'cli.js'),
  'test',
  ...process.argv.slice(2),
];
const whole = process.argv.length <= 2;

/** The soak's run, started once the build is there (the whole suite only). */
let soak = Promise.resolve(true);
const checks = await Promise.all([
  scripts(['typecheck']),
  scripts(['lint:code']),
  scripts(['lint:format']),
  (async () => {
    // The host's bundle too: built once here, not by the soak's global setup and a unit
    // test's server at the same moment.
    if (!(await scripts(['build'], ['build:host']))) return false;
    if (whole) {
      soak = run(process.execPath, [...playwright, '--project', 'soak'], {
        quietUntilDone: true,
        label: 'the soak',
      });
    }
    return scripts(['package:check', '--no-build']);
  })(),
]);
if (checks.includes(false)) fail();
console.log(`npm test: checks and build passed (${seconds()})`);

if (!(await run(npm, ['run', 'test:unit']))) fail();
console.log(`npm test: unit tests passed (${seconds()})`);

const specs = await run(
  process.execPath,
  whole ? [...playwright, '--project', 'specs'] : playwright,
);
if (!(await soak) || !specs) fail();
console.log(`npm test: end-to-end specs passed (${seconds()})`);
