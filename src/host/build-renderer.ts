/**
 * Builds the renderer for the browser host when `out/renderer/index.html` is missing
 * or older than its sources, by running `electron-vite build` in a child process (a
 * build in-process would load Vite, Svelte and Rollup into the host for its lifetime).
 */
import { spawn } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** What the renderer build reads, relative to the project root. */
const SOURCES = ['src/renderer', 'src/shared', 'electron.vite.config.ts', 'svelte.config.js'];
/** Read by the build besides its modules. */
const CONFIG = ['electron.vite.config.ts', 'svelte.config.js', 'package-lock.json'];
/** The modules the last build read (written by electron.vite.config.ts's listRendererInputs). */
export const RENDERER_INPUTS = path.join('out', 'renderer.inputs.json');

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

/** The files the last build listed as read, or null without a list. */
function listedInputs(projectRoot: string): string[] | null {
  try {
    const list: unknown = JSON.parse(readFileSync(path.join(projectRoot, RENDERER_INPUTS), 'utf8'));
    return Array.isArray(list) && list.every((f) => typeof f === 'string') ? list : null;
  } catch {
    return null;
  }
}

/**
 * True when the built renderer is missing or older than a source file: one of those the
 * build listed (a file new since then matters only once a listed one imports it), or a
 * file under the source folders when there is no list.
 */
export function rendererIsStale(projectRoot: string): boolean {
  const index = path.join(projectRoot, 'out', 'renderer', 'index.html');
  if (!existsSync(index)) return true;
  const built = statSync(index).mtimeMs;
  const listed = listedInputs(projectRoot);
  if (listed === null) return SOURCES.some((s) => newestMtime(path.join(projectRoot, s)) > built);
  return [...listed, ...CONFIG].some((file) => {
    const mtime = newestMtime(path.join(projectRoot, file));
    // A listed module gone (moved or deleted): whatever imported it changed too, or will fail.
    return mtime === 0 ? listed.includes(file) : mtime > built;
  });
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
