/**
 * Test support for the command line: runs `run()` in-process with captured output
 * against a temporary data folder, so no test touches the real home directory.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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
  /** Runs `marketdesk …argv` with extra environment variables (stdout a TTY when `tty`). */
  cli(argv: string[], env?: Record<string, string>, tty?: boolean): Promise<CliRun>;
  /** Removes the temp data folder. */
  cleanup(): void;
}

export function cliHarness(env: Record<string, string> = {}): CliHarness {
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
      const code = await run(argv, { ...base, ...extra }, io);
      return { code, stdout, stderr };
    },
    cleanup: () => rmSync(home, { recursive: true, force: true }),
  };
}

/** stderr as lines, without the trailing newline's empty entry. */
export const lines = (text: string): string[] => text.split('\n').filter((l) => l !== '');
