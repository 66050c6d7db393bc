/**
 * Test support for the command line: runs `run()` in-process with captured output
 * against a temporary data folder, so no test touches the real home directory; and the
 * usual set-up, a simulator with the command line pointed at it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { Clock } from '../core/api';
import { startSimulator, type SimulatorHandle, type SimulatorOptions } from '../simulator';
import { run } from './marketdesk';

/** What one run printed and returned. */
export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** The CLI bound to one environment (MARKETDESK_HOME in a temp folder). */
export interface CliHarness {
  home: string;
  env: Record<string, string>;
  /**
   * Runs `marketdesk …argv` with extra environment variables (stdout a TTY when `tty`).
   * A string is split at white space: `h.cli('quotes stock --region US --codes AAPL')`.
   */
  cli(
    argv: string | readonly string[],
    env?: Record<string, string>,
    tty?: boolean,
  ): Promise<CliRun>;
  /** Removes the temp data folder. */
  cleanup(): void;
}

export interface HarnessOptions {
  /** The API client's clock; default the system's, whose waits are real. */
  clock?: Clock;
  /** The command's wall clock (market states, "in 2 d"); default Date.now. */
  now?: () => number;
}

export function cliHarness(
  env: Record<string, string> = {},
  options: HarnessOptions = {},
): CliHarness {
  const home = mkdtempSync(path.join(tmpdir(), 'marketdesk-cli-'));
  const base = { MARKETDESK_HOME: home, ...env };
  return {
    home,
    env: base,
    async cli(argv, extra = {}, tty = false) {
      let stdout = '';
      let stderr = '';
      const io = {
        out: (t: string) => void (stdout += t),
        err: (t: string) => void (stderr += t),
        isTTY: tty,
      };
      const args = typeof argv === 'string' ? argv.split(/\s+/).filter(Boolean) : argv;
      const code = await run(args, { ...base, ...extra }, io, options);
      return { code, stdout, stderr };
    },
    cleanup: () => rmSync(home, { recursive: true, force: true }),
  };
}

/** A harness pointed at a simulator, and the simulator (see {@link cliOnSimulator}). */
export interface SimulatorHarness extends CliHarness {
  readonly sim: SimulatorHandle;
}

/**
 * Starts a simulator with `options` (on a free port) and a harness pointed at it
 * (MARKETDESK_BASE_URL, and MARKETDESK_TOKEN when the simulator wants a token) before
 * the enclosing block's tests — before each one with `each` — and closes both after.
 * What it returns stands for the current pair inside the tests.
 */
export function cliOnSimulator(
  options: SimulatorOptions = {},
  setup: HarnessOptions & { each?: boolean } = {},
): SimulatorHarness {
  let sim: SimulatorHandle | undefined;
  let h: CliHarness | undefined;
  const [before, after] = setup.each ? [beforeEach, afterEach] : [beforeAll, afterAll];
  before(async () => {
    sim = await startSimulator({ port: 0, ...options });
    const env: Record<string, string> = { MARKETDESK_BASE_URL: sim.url };
    if (options.token !== undefined) env['MARKETDESK_TOKEN'] = options.token;
    h = cliHarness(env, {
      ...(setup.clock ? { clock: setup.clock } : {}),
      ...(setup.now ? { now: setup.now } : {}),
    });
  });
  after(async () => {
    await sim?.close();
    h?.cleanup();
  });
  const current = () => {
    if (!h) throw new Error('cliOnSimulator: used outside a test');
    return h;
  };
  return {
    get sim() {
      return sim!;
    },
    get home() {
      return current().home;
    },
    get env() {
      return current().env;
    },
    cli: (...args) => current().cli(...args),
    cleanup: () => h?.cleanup(),
  };
}

/** stderr as lines, without the trailing newline's empty entry. */
export const lines = (text: string): string[] => text.split('\n').filter((l) => l !== '');

/** The cells of a table's data row (1 = the first), split at the two-space column gap. */
export const cellsOf = (table: string, row = 1): Record<string, string> => {
  const [header, ...rows] = lines(table);
  const names = header!.trim().split(/\s{2,}/);
  const values = rows[row - 1]!.trim().split(/\s{2,}/);
  return Object.fromEntries(names.map((n, i) => [n, values[i]!]));
};
