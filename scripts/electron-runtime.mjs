// Finds Electron's runtime (the binary) without `require('electron')`: the npm
// package's index.js tries to *download* the binary when it is missing, which must
// never happen on machines where that cannot work. This repeats its lookup instead:
// `path.txt` names the executable inside `dist/`, ELECTRON_OVERRIDE_DIST_PATH
// points elsewhere, and the file must exist.
import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * @typedef {{ ok: true, executable: string } | { ok: false, reason: string }} ElectronRuntime
 */

/**
 * Where the electron npm package lives, resolved from `fromDir`; null when it is not
 * installed. Resolves its package.json, which does not run the package's code.
 * @param {string} fromDir
 * @returns {string | null}
 */
export function electronPackageDir(fromDir) {
  try {
    const require = createRequire(path.join(fromDir, 'package.json'));
    return path.dirname(require.resolve('electron/package.json'));
  } catch {
    return null;
  }
}

/**
 * @param {{ packageDir: string | null, env?: Record<string, string | undefined> }} options
 * @returns {ElectronRuntime}
 */
export function findElectronRuntime({ packageDir, env = {} }) {
  if (!packageDir) return { ok: false, reason: 'the electron npm package is not installed' };
  const pathFile = path.join(packageDir, 'path.txt');
  let relative = '';
  if (existsSync(pathFile)) relative = readFileSync(pathFile, 'utf8').trim();
  const override = env.ELECTRON_OVERRIDE_DIST_PATH;
  if (override) {
    const executable = path.join(override, relative || 'electron');
    return existsSync(executable)
      ? { ok: true, executable }
      : { ok: false, reason: `ELECTRON_OVERRIDE_DIST_PATH has no ${executable}` };
  }
  if (!relative) {
    return {
      ok: false,
      reason: `${path.relative(process.cwd(), pathFile) || pathFile} is missing: the binary was never downloaded`,
    };
  }
  const executable = path.join(packageDir, 'dist', relative);
  return existsSync(executable)
    ? { ok: true, executable }
    : { ok: false, reason: `${executable} does not exist` };
}
