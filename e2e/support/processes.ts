/**
 * Real processes for the browser specs: the browser host (its pre-built bundle, as
 * `npm run serve` runs it: `scripts/serve-host.mjs`) and the simulator
 * (`src/simulator/run-simulator.ts`), each a child process on a loopback port, with a
 * throw-away data folder. Every process started here is remembered and
 * stopped by `stopAll()` (the specs' afterAll) — and, as a last resort, when the test
 * worker exits.
 */
import type { ChildProcess } from 'node:child_process';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test } from '@playwright/test';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
const TSX_CLI = path.join(ROOT, 'node_modules', 'tsx', 'dist', 'cli.mjs');
const START_TIMEOUT_MS = 30_000;

/** Every child still running, with the function that stops it. */
const running = new Map<ChildProcess, () => Promise<void>>();
const logs = new WeakMap<ChildProcess, () => string>();
process.once('exit', () => {
  for (const child of running.keys()) child.kill('SIGKILL');
});

/** A started child process and the address it printed. */
export interface Started {
  child: ChildProcess;
  /** The first http://127.0.0.1:PORT… address the process printed (whole, with any fragment). */
  url: string;
  /** Everything it wrote to stderr so far (for failure messages). */
  stderr: () => string;
  /** SIGTERM, then SIGKILL after 3 s; resolves once the process has exited. */
  stop: () => Promise<void>;
}

/**
 * Starts `node <script> …args` (a `.ts` script through tsx) and waits for the line
 * carrying its address.
 */
function startScript(
  script: string,
  args: string[],
  env: NodeJS.ProcessEnv,
  addressPattern: RegExp,
): Promise<Started> {
  const node = script.endsWith('.ts') ? [TSX_CLI, script] : [script];
  const child = spawn(process.execPath, [...node, ...args], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  let err = '';
  let exited = child.exitCode !== null;
  let stopping = false;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = true;
      running.delete(child);
      // A process dying under a test explains the failure that follows: say so.
      if (!stopping) console.error(`e2e: ${script} exited (${signal ?? code}):\n${err}`);
      resolve();
    }),
  );
  const stop = async () => {
    stopping = true;
    if (exited) return;
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 3_000);
    await exit;
    clearTimeout(timer);
  };
  running.set(child, stop);
  logs.set(child, () => err);
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  return new Promise<Started>((resolve, reject) => {
    const timer = setTimeout(() => {
      void stop();
      reject(new Error(`${script} printed no address in ${START_TIMEOUT_MS} ms:\n${out}\n${err}`));
    }, START_TIMEOUT_MS);
    child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
      out += chunk;
      const match = addressPattern.exec(out);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve({ child, url: match[1], stderr: () => err, stop });
      }
    });
    void exit.then(() => {
      clearTimeout(timer);
      reject(
        new Error(`${script} exited (code ${child.exitCode}) before listening:\n${out}\n${err}`),
      );
    });
  });
}

/**
 * Variables through which a child could reach the developer's session keyring (libsecret
 * over the D-Bus session bus, found from the variable, from `$XDG_RUNTIME_DIR/bus`, or by
 * X11 autolaunch). The token spec sets and removes `Marketdesk`/`api-token`: against the
 * real keyring it would overwrite and then delete the developer's own token.
 */
const KEYRING_VARIABLES = [
  'DBUS_SESSION_BUS_ADDRESS',
  'DBUS_STARTER_ADDRESS',
  'DBUS_STARTER_BUS_TYPE',
  'XDG_RUNTIME_DIR',
  'DISPLAY',
  'WAYLAND_DISPLAY',
  'GNOME_KEYRING_CONTROL',
  'GNOME_KEYRING_PID',
];

/**
 * A session bus address that is set (so no fallback goes looking for the real bus) and
 * leads nowhere: even a host that tried the keychain would fail its probe at once. The
 * hosts are also started with MARKETDESK_KEYCHAIN=off, which keeps them away from the
 * keychain on every OS (macOS and Windows keychains are not reached through D-Bus).
 */
export const NO_SESSION_BUS = 'unix:path=/nonexistent/marketdesk-e2e/no-session-bus';

/**
 * A service address on this machine where nothing listens: every home gets it unless
 * the spec gives its own (a simulator), so no host ever talks to the real service.
 */
export const NO_SERVICE_URL = 'http://127.0.0.1:1';

/**
 * The environment of a child: ours without MARKETDESK_* and without any way to the
 * session keyring, with the keychain turned off, plus `extra`.
 */
function childEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if (value === undefined || key.startsWith('MARKETDESK_')) continue;
    if (KEYRING_VARIABLES.includes(key)) continue;
    env[key] = value;
  }
  return {
    ...env,
    DBUS_SESSION_BUS_ADDRESS: NO_SESSION_BUS,
    MARKETDESK_KEYCHAIN: 'off',
    ...extra,
  };
}

/**
 * Refuses a data folder whose settings would leave the default `baseUrl` (the real
 * service) in place: a token set in the page, or one found in a keychain, would go there.
 */
function assertLocalService(home: string): string {
  let baseUrl: unknown;
  try {
    baseUrl = (
      JSON.parse(readFileSync(path.join(home, 'settings.json'), 'utf8')) as {
        baseUrl?: unknown;
      }
    ).baseUrl;
  } catch {
    baseUrl = undefined;
  }
  const host =
    typeof baseUrl === 'string' && URL.canParse(baseUrl) ? new URL(baseUrl).hostname : '';
  if (host !== '127.0.0.1' && host !== 'localhost' && host !== '[::1]') {
    throw new Error(
      `e2e: ${home}/settings.json must set baseUrl to this machine (got ${String(baseUrl)}); ` +
        'use makeHome(), which does',
    );
  }
  return baseUrl as string;
}

/** The browser host, as `npm run serve` runs it. */
export interface Host extends Started {
  /** `http://127.0.0.1:PORT` */
  origin: string;
  /** The per-launch secret (the fragment `#k=…` of `url`). */
  secret: string;
}

/**
 * Starts the browser host on port 0 with the data folder `home`, and with `token` as
 * `MARKETDESK_TOKEN` when given. A token from the environment is for the service named
 * by `MARKETDESK_BASE_URL` only, so that is set too: the home's own base URL.
 */
export async function startHost(options: {
  home: string;
  token?: string;
  /** An ISO instant the host's services read the time from (MARKETDESK_TEST_CLOCK). */
  clock?: string;
}): Promise<Host> {
  const baseUrl = assertLocalService(options.home);
  const env = childEnv({ MARKETDESK_HOME: options.home });
  if (options.clock !== undefined) env['MARKETDESK_TEST_CLOCK'] = options.clock;
  if (options.token !== undefined) {
    env['MARKETDESK_TOKEN'] = options.token;
    env['MARKETDESK_BASE_URL'] = baseUrl;
  }
  // The pre-built bundle `npm run serve` runs (global-setup.ts built it): from source
  // through tsx, every spec's host took ~1 s more CPU to start.
  const started = await startScript(
    'scripts/serve-host.mjs',
    ['--port', '0', '--no-open'],
    env,
    /running at (http:\/\/127\.0\.0\.1:\d+\/#k=[A-Za-z0-9_-]+)/,
  );
  const url = new URL(started.url);
  return { ...started, origin: url.origin, secret: url.hash.replace(/^#k=/, '') };
}

/** Starts the simulator (`--port 0` unless given, so a restart can take the same port). */
export function startSimulator(
  /** `clock`: an ISO 8601 instant the simulator's clock starts at (then real speed). */
  options: { port?: number; token?: string; seed?: number; clock?: string } = {},
): Promise<Started> {
  const args = ['--port', String(options.port ?? 0), '--seed', String(options.seed ?? 1)];
  if (options.token !== undefined) args.push('--token', options.token);
  if (options.clock !== undefined) args.push('--clock', options.clock);
  return startScript(
    'src/simulator/run-simulator.ts',
    args,
    childEnv({}),
    /(http:\/\/127\.0\.0\.1:\d+)/,
  );
}

/** The port of an `http://127.0.0.1:PORT` address. */
export function portOf(url: string): number {
  return Number(new URL(url).port);
}

/**
 * A fresh data folder with a `settings.json`: `settings` over a `baseUrl` of
 * {@link NO_SERVICE_URL}, so a spec that starts no simulator never reaches the real service.
 */
export function makeHome(settings: Record<string, unknown> = {}): string {
  const home = mkdtempSync(path.join(tmpdir(), 'md-e2e-'));
  writeFileSync(
    path.join(home, 'settings.json'),
    JSON.stringify({ version: 1, baseUrl: NO_SERVICE_URL, ...settings }, null, 2),
  );
  return home;
}

export function removeHome(home: string | undefined): void {
  if (home) rmSync(home, { recursive: true, force: true });
}

/** Stops every process this worker started and has not stopped yet. */
export async function stopAll(): Promise<void> {
  await Promise.all([...running.values()].map((stop) => stop()));
}

/** The stderr of every process still running, for a failing test's output. */
export function runningLogs(): string {
  return [...running.keys()]
    .map((child) => `--- ${child.spawnargs.slice(2).join(' ')}\n${logs.get(child)?.() ?? ''}`)
    .join('\n');
}

/** In the spec file that calls it: a failing test prints the stderr of the running processes. */
export function printLogsOnFailure(): void {
  // eslint-disable-next-line no-empty-pattern -- Playwright reads fixtures from a destructuring pattern
  test.afterEach(async ({}, testInfo) => {
    if (testInfo.status !== testInfo.expectedStatus) console.log(runningLogs());
  });
}
