// `npm test` (what `./run test` and CI run): the whole suite.
//   1. typecheck, lint, and the build (the app, then the host's bundle) then
//      package:check, side by side: each is mostly one thread. Each one's output is
//      printed whole when it ends, under npm's "> marketdesk@… name" line.
//   2. the unit tests (`npm run test:unit`), as soon as the build is there: they need it
//      (the README's commands start servers from it), not the typecheck or the lint,
//      and they are mostly waiting on sockets and child processes (on two cores Vitest
//      alone keeps less than one busy), so they run beside the two longest checks
//      instead of after them; the checks run at a lower priority (nice 10) and take
//      what the unit tests leave. Their output goes straight through.
//   3. the end-to-end specs (`playwright test`), once the unit tests and the checks passed.
// The three-minute plans soak (Playwright's project "soak": e2e/plans.spec.ts) is mostly
// waiting, so it starts as soon as the build is there and runs beside steps 1–3 (its
// output printed whole when it ends); the suite passes only when it passes too.
// Arguments go to Playwright: `./run test -- e2e/host.spec.ts` runs only that spec
// after the rest (and no soak beside, unless it is asked for).
// A failed check still lets the other checks finish, so one run names every problem;
// then whatever still runs (unit tests, specs, the soak) is stopped and the suite fails.
// Each stage's line says when it ended, in seconds from the start.
import { spawn } from 'node:child_process';
import os from 'node:os';
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
 * prints it in one piece at the end (for stages that run side by side); otherwise it
 * goes straight through. `yielding` starts it at a lower priority (nice 10), so that
 * what runs beside it at the normal one is never slowed much by it: it takes the CPU
 * they leave. Resolves with whether it exited 0.
 */
function run(command, args, { quietUntilDone = false, yielding = false } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      cwd: root,
      stdio: quietUntilDone ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      shell: process.platform === 'win32',
    });
    children.add(child);
    if (yielding && child.pid !== undefined) {
      // Before npm starts the script: its processes inherit the priority.
      try {
        os.setPriority(child.pid, 10);
      } catch {
        // Not allowed here: it runs at the normal priority.
      }
    }
    const chunks = [];
    child.stdout?.on('data', (chunk) => chunks.push(chunk));
    child.stderr?.on('data', (chunk) => chunks.push(chunk));
    child.on('error', (error) => chunks.push(Buffer.from(`${error.message}\n`)));
    child.on('close', (code, signal) => {
      children.delete(child);
      if (quietUntilDone) process.stdout.write(Buffer.concat(chunks));
      if (code !== 0) {
        console.error(`npm test: ${[command, ...args].join(' ')} failed (${signal ?? code})`);
      }
      resolve(code === 0);
    });
  });
}

/**
 * A chain of npm scripts, each only after the one before passed (`yielding`: each at
 * the lower priority, see `run`).
 */
async function scripts(names, { yielding = false } = {}) {
  for (const [name, ...args] of names) {
    if (
      !(await run(npm, ['run', name, ...(args.length ? ['--', ...args] : [])], {
        quietUntilDone: true,
        yielding,
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
// The host's bundle too (atomic, but built once here rather than by the soak's global
// setup and a unit test's server at the same moment).
const built = scripts([['build'], ['build:host']]);
const afterBuild = built.then((ok) => {
  if (ok && whole) {
    soak = run(process.execPath, [...playwright, '--project', 'soak'], { quietUntilDone: true });
  }
  return ok;
});
const unit = afterBuild.then(async (ok) => {
  if (!ok) return false;
  const passed = await run(npm, ['run', 'test:unit']);
  if (passed) console.log(`npm test: unit tests passed (${seconds()})`);
  return passed;
});
// The checks yield to the unit tests: several of those are CPU-bound under a timeout
// (fuzzing, SIGKILL loops), and the checks have no timeout; they fill the cores the
// unit tests leave while they wait.
const checks = Promise.all([
  scripts([['typecheck']], { yielding: true }),
  scripts([['lint']], { yielding: true }),
  afterBuild.then((ok) => ok && scripts([['package:check', '--no-build']], { yielding: true })),
]).then((passed) => {
  if (passed.includes(false)) fail();
  console.log(`npm test: checks and build passed (${seconds()})`);
});

if (!(await unit)) {
  // Say every check's problem before failing (a failed check fails on its own).
  await checks;
  fail();
}
await checks;

const specs = await run(
  process.execPath,
  whole ? [...playwright, '--project', 'specs'] : playwright,
);
if (!(await soak) || !specs) fail();
console.log(`npm test: end-to-end specs passed (${seconds()})`);
