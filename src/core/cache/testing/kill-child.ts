/**
 * A child Node process to be killed mid-work, for the crash tests: it runs a TypeScript
 * script (through tsx) from the repository's root and says, line by line, what it has
 * done, and the test SIGKILLs it at the moment its plan names.
 */
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');

/**
 * Runs `script` with `args` and hands each whole line of its output to `onLine`, with
 * `kill` to send it SIGKILL (once; later calls do nothing). Resolves once the child has
 * died of that signal; rejects, with its stderr, when it exits otherwise or cannot start.
 */
export function runUntilKilled(
  script: string,
  args: readonly string[],
  onLine: (line: string, kill: () => void) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script, ...args], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let buffered = '';
    let stderr = '';
    let killed = false;
    const kill = () => {
      if (!killed) killed = child.kill('SIGKILL');
    };
    child.stdout.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop()!;
      for (const line of lines) onLine(line, kill);
    });
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', reject);
    child.on('exit', (_code, signal) => {
      if (signal !== 'SIGKILL') {
        reject(new Error(`${path.basename(script)} exited without being killed: ${stderr}`));
      } else resolve();
    });
  });
}
