// Inspects a packaged Marketdesk (electron-builder's unpacked app folder) and lists
// every problem: what must be in the asar, the native module unpacked for the target,
// nothing of the sources, tests, maps or dev dependencies inside, the size budget, the
// fuses. Used by `npm run package:check` (scripts/package-check.mjs); pure enough to
// test on a small asar made for the test.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

/** What the app cannot start without, as asar paths. */
export const REQUIRED_IN_ASAR = [
  '/package.json',
  '/out/main/index.js',
  '/out/preload/index.cjs',
  '/out/renderer/index.html',
];

/** The icon file electron-builder puts into resources/ (src/main/app-icon.ts reads it). */
export const APP_ICON_RESOURCE = 'icon.png';

/**
 * Packages the app never loads although package.json's dependencies bring them: tsx
 * and its esbuild are the command line's TypeScript loader (bin/marketdesk.js).
 */
export const NOT_FOR_THE_APP = ['tsx', 'esbuild', '@esbuild', 'get-tsconfig', 'resolve-pkg-maps'];

/**
 * Budgets in bytes: the asar (4.0 MiB at issue 16: zod 1.2, the renderer 0.7, main 0.5,
 * electron-updater and its dependencies), and its unpacked native modules (2.3 MiB).
 */
export const SIZE_BUDGET = { asar: 5 * 1024 * 1024, unpacked: 3 * 1024 * 1024 };

/** ELF e_machine of each Linux arch electron-builder targets. */
const ELF_MACHINE = { x64: 0x3e, arm64: 0xb7, ia32: 0x03, armv7l: 0x28 };

/**
 * Which name@version pairs the lock file has only for development: every copy of that
 * version is `dev: true`. A package the app ships must not be one of them (a version
 * that production code also installs somewhere is fine: electron-builder may hoist it).
 * @param {{ packages?: Record<string, { version?: string, dev?: boolean }> }} lock package-lock.json
 * @returns {Set<string>} name@version
 */
export function devOnlyPackages(lock) {
  /** @type {Map<string, boolean>} */
  const allDev = new Map();
  for (const [where, entry] of Object.entries(lock.packages ?? {})) {
    const at = where.lastIndexOf('node_modules/');
    if (at < 0 || !entry.version) continue;
    const key = `${where.slice(at + 'node_modules/'.length)}@${entry.version}`;
    allDev.set(key, (allDev.get(key) ?? true) && entry.dev === true);
  }
  return new Set([...allDev].filter(([, dev]) => dev).map(([key]) => key));
}

/**
 * The package a path inside node_modules belongs to (the innermost), or null.
 * @param {string} file an asar path such as /node_modules/@scope/name/lib/x.js
 * @returns {string | null}
 */
export function packageOf(file) {
  const parts = file.split('/');
  const at = parts.lastIndexOf('node_modules');
  if (at < 0 || at + 1 >= parts.length) return null;
  const first = parts[at + 1] ?? '';
  if (first.startsWith('@')) return at + 2 < parts.length ? `${first}/${parts[at + 2]}` : null;
  return first;
}

/**
 * Why an asar path must not ship, or null (dev dependencies are checked by version).
 * @param {string} file
 * @returns {string | null}
 */
export function forbiddenReason(file) {
  if (/^\/(src|e2e|bench|scripts|docs|resources)\//.test(file)) return 'project sources';
  if (file.startsWith('/out/') && !/^\/out\/(main|preload|renderer)(\/|$)/.test(file))
    return "a build that is not the app's (out/main, out/preload, out/renderer)";
  if (file.endsWith('.map')) return 'source map';
  if (/\.(test|spec|bench)\.[cm]?[jt]s$/.test(file)) return 'test or benchmark';
  const pkg = packageOf(file);
  if (pkg && NOT_FOR_THE_APP.some((name) => pkg === name || pkg.startsWith(`${name}/`)))
    return `${pkg} (the command line's loader, not the app's)`;
  return null;
}

/**
 * The Linux arch an ELF shared object is built for, or null when it is not ELF.
 * @param {Buffer} head the file's first 20 bytes at least
 * @returns {string | null}
 */
export function elfArch(head) {
  if (head.length < 20 || head.readUInt32BE(0) !== 0x7f454c46) return null;
  const machine = head.readUInt16LE(18);
  const found = Object.entries(ELF_MACHINE).find(([, value]) => value === machine);
  return found ? found[0] : `machine 0x${machine.toString(16)}`;
}

/**
 * Bytes under a folder (0 when it does not exist).
 * @param {string} dir
 * @returns {number}
 */
export function folderSize(dir) {
  if (!existsSync(dir)) return 0;
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (entry.isFile()) total += statSync(path.join(entry.parentPath, entry.name)).size;
  }
  return total;
}

/**
 * @typedef {{ problems: string[], sizes: { asar: number, unpacked: number, appDir: number },
 *   files: number, nativeModules: string[] }} Inspection
 */

/**
 * Inspects the packaged app's resources: `resources/app.asar` and its `.unpacked` folder.
 * @param {{ resourcesDir: string, appDir: string, arch: keyof typeof ELF_MACHINE,
 *   lock: { packages?: Record<string, { dev?: boolean }> },
 *   listAsar: (asar: string) => string[], readAsarFile: (asar: string, file: string) => string,
 *   budget?: typeof SIZE_BUDGET }} options
 * @returns {Inspection}
 */
/** Where the updater reads the build's update feed (src/main/app-paths.ts, scripts/update-feed.mjs). */
export const ASAR_UPDATE_FEED = '/out/main/app-update.yml';

export function inspectPackagedApp({
  resourcesDir,
  appDir,
  arch,
  lock,
  listAsar,
  readAsarFile,
  budget = SIZE_BUDGET,
}) {
  const problems = [];
  const asar = path.join(resourcesDir, 'app.asar');
  const unpackedDir = `${asar}.unpacked`;
  if (!existsSync(asar)) {
    return {
      problems: [`no app.asar in ${resourcesDir}`],
      sizes: { asar: 0, unpacked: 0, appDir: folderSize(appDir) },
      files: 0,
      nativeModules: [],
    };
  }
  // The app's icon beside the asar (extraResources), for notifications and windows.
  if (!existsSync(path.join(resourcesDir, APP_ICON_RESOURCE)))
    problems.push(`no ${APP_ICON_RESOURCE} beside the asar (electron-builder.yml extraResources)`);
  const files = listAsar(asar).map((file) => file.split(path.sep).join('/'));
  const present = new Set(files);
  for (const required of REQUIRED_IN_ASAR)
    if (!present.has(required)) problems.push(`missing from the asar: ${required}`);

  const reasons = new Map();
  for (const file of files) {
    const reason = forbiddenReason(file);
    if (reason && !reasons.has(reason)) reasons.set(reason, file);
  }
  const devOnly = devOnlyPackages(lock);
  for (const manifest of files.filter((file) =>
    /\/node_modules\/(@[^/]+\/)?[^/]+\/package\.json$/.test(file),
  )) {
    const { name, version } = JSON.parse(readAsarFile(asar, manifest.slice(1)));
    if (devOnly.has(`${name}@${version}`))
      problems.push(
        `in the asar: dev dependency ${name}@${version} (${path.posix.dirname(manifest)})`,
      );
  }
  for (const [reason, file] of reasons) problems.push(`in the asar: ${reason} (${file})`);

  // The update feed: electron-builder writes it beside the asar, where no integrity
  // check covers it; the updater reads the copy scripts/update-feed.mjs packs inside.
  const besideFeed = path.join(resourcesDir, 'app-update.yml');
  if (existsSync(besideFeed)) {
    const inside = present.has(ASAR_UPDATE_FEED)
      ? readAsarFile(asar, ASAR_UPDATE_FEED.slice(1))
      : null;
    if (inside === null)
      problems.push(`app-update.yml beside the asar, none in it (${ASAR_UPDATE_FEED})`);
    else if (inside !== readFileSync(besideFeed, 'utf8'))
      problems.push(
        `the update feed in the asar (${ASAR_UPDATE_FEED}) differs from the one beside it`,
      );
  }

  // Native modules: every *.node in the asar's listing must be there unpacked, built
  // for the target; better-sqlite3's for this platform must be among them.
  const nativeModules = files.filter((file) => file.endsWith('.node'));
  for (const file of nativeModules) {
    const onDisk = path.join(unpackedDir, ...file.split('/'));
    if (!existsSync(onDisk)) {
      problems.push(`native module packed inside the asar, not unpacked: ${file}`);
      continue;
    }
    const found = elfArch(readFileSync(onDisk).subarray(0, 20));
    if (found !== arch)
      problems.push(`native module for ${found ?? 'another OS'}, not linux-${arch}: ${file}`);
  }
  const sqlite = `/node_modules/better-sqlite3/prebuilds/linux-${arch}.node`;
  if (!present.has(sqlite))
    problems.push(`better-sqlite3's native module for linux-${arch} is missing (${sqlite})`);
  const otherPrebuilds = nativeModules.filter(
    (file) => file.startsWith('/node_modules/better-sqlite3/') && file !== sqlite,
  );
  if (otherPrebuilds.length > 0)
    problems.push(`better-sqlite3 modules for other targets: ${otherPrebuilds.join(', ')}`);

  const sizes = {
    asar: statSync(asar).size,
    unpacked: folderSize(unpackedDir),
    appDir: folderSize(appDir),
  };
  if (sizes.asar > budget.asar)
    problems.push(`app.asar is ${sizes.asar} bytes, over its budget of ${budget.asar}`);
  if (sizes.unpacked > budget.unpacked)
    problems.push(
      `app.asar.unpacked is ${sizes.unpacked} bytes, over its budget of ${budget.unpacked}`,
    );
  return { problems, sizes, files: files.length, nativeModules };
}

/**
 * Compares a binary's fuse wire (as @electron/fuses' getCurrentFuseWire reads it) with
 * the wanted fuses by FuseV1Options name; lists each one that differs.
 * @param {Record<number, number>} wire fuse index → FuseState (48 '0' off, 49 '1' on)
 * @param {Readonly<Record<string, boolean>>} wanted
 * @param {Readonly<Record<string, number>>} indexOf FuseV1Options
 * @returns {string[]}
 */
export function fuseProblems(wire, wanted, indexOf) {
  const problems = [];
  for (const [name, on] of Object.entries(wanted)) {
    const state = wire[indexOf[name] ?? -1];
    const want = on ? 49 : 48;
    if (state !== want)
      problems.push(`fuse ${name} is not ${on ? 'on' : 'off'} in the packaged binary`);
  }
  return problems;
}

/**
 * Bytes in words a person reads: "3.2 MiB (3,355,443 bytes)".
 * @param {number} bytes
 * @returns {string}
 */
export function formatBytes(bytes) {
  return `${(bytes / (1024 * 1024)).toFixed(2)} MiB (${bytes.toLocaleString('en-US')} bytes)`;
}
