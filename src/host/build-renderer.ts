/**
 * Builds the renderer for the browser host when `out/renderer/index.html` is missing
 * or older than its sources, by running `electron-vite build` in a child process (a
 * build in-process would load Vite, Svelte and Rollup into the host for its lifetime).
 */
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** What the renderer build reads, relative to the project root. */
const SOURCES = ['src/renderer', 'src/shared', 'electron.vite.config.ts', 'svelte.config.js'];

/** Newest modification time (ms) under `target`; 0 when it does not exist. */
function newestMtime(target: string): number {
  let info;
  try {
    info = statSync(target);
  } catch {
    return 0;
  }
  if (!info.isDirectory()) return info.mtimeMs;
  let newest = info.mtimeMs;
  for (const entry of readdirSync(target)) {
    newest = Math.max(newest, newestMtime(path.join(target, entry)));
  }
  return newest;
}

/** True when the built renderer is missing or older than a source file. */
export function rendererIsStale(projectRoot: string): boolean {
  const index = path.join(projectRoot, 'out', 'renderer', 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  return SOURCES.some((s) => newestMtime(path.join(projectRoot, s)) > built);
}

/** Runs `electron-vite build`; rejects with its exit code when it fails. */
export function buildRenderer(projectRoot: string, log: (line: string) => void): Promise<void> {
  const require = createRequire(path.join(projectRoot, 'package.json'));
  const cli = path.join(
    path.dirname(require.resolve('electron-vite/package.json')),
    'bin',
    'electron-vite.js',
  );
  log('marketdesk: building the renderer (electron-vite build)…');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, 'build', '--logLevel', 'warn'], {
      cwd: projectRoot,
      // The build's chatter goes to stderr: stdout carries only the address to open.
      stdio: ['ignore', 2, 2],
    });
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0
        ? resolve()
        : reject(new Error(`electron-vite build failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

/** Builds the renderer when stale; answers whether a build ran. */
export async function ensureRendererBuilt(
  projectRoot: string,
  log: (line: string) => void,
): Promise<boolean> {
  if (!rendererIsStale(projectRoot)) return false;
  await buildRenderer(projectRoot, log);
  return true;
}
