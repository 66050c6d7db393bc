// `npm run package:check`: builds the Linux unpacked app folder with electron-builder
// from electron-builder.yml, against a stand-in Electron distribution (Electron's own
// cannot be downloaded where this project is built: scripts/electron-stand-in.mjs),
// then inspects what went in (scripts/package-inspect.mjs) and exits 1 on any problem.
// Prints the sizes and their budgets. `--no-build` skips `electron-vite build` (the
// test script has just built out/).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { extractFile, listPackage } from '@electron/asar';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { Arch, Platform, build } from 'electron-builder';
import { prepareStandInDist } from './electron-stand-in.mjs';
import { APP_FUSES } from './fuses.mjs';
import { SIZE_BUDGET, formatBytes, fuseProblems, inspectPackagedApp } from './package-inspect.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const say = (line) => console.log(`package:check: ${line}`);
const readJson = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));

/**
 * The files the main process will look for, by its own path code (src/main/app-paths.ts,
 * run here by Node's type stripping) from where it runs packaged: each must be in the
 * asar, the icon beside it.
 * @param {string} resourcesDir
 * @returns {Promise<string[]>}
 */
async function mainProcessPaths(resourcesDir) {
  const { appPaths } = await import('../src/main/app-paths.ts');
  const asar = path.join(resourcesDir, 'app.asar');
  if (!existsSync(asar)) return [];
  const paths = appPaths(path.join(asar, 'out', 'main'), {
    packaged: true,
    resourcesPath: resourcesDir,
  });
  const entries = new Set(
    listPackage(asar, { isPack: false }).map((file) => file.split(path.sep).join('/')),
  );
  const inAsar = (file) => `/${path.relative(asar, file).split(path.sep).join('/')}`;
  const missing = [];
  for (const [what, file] of [
    ['renderer', path.join(paths.rendererRoot, 'index.html')],
    ['preload', paths.preload],
  ])
    if (!entries.has(inAsar(file)))
      missing.push(`the main process looks for its ${what} at ${inAsar(file)}: not in the asar`);
  if (!existsSync(paths.icon))
    missing.push(`the main process looks for its icon at ${paths.icon}: missing`);
  return missing;
}

// The Linux app folder is what this checks (its native module, its ELF, its fuses);
// the release builds each platform's installers on that platform (release.yml).
if (process.platform !== 'linux') {
  say(
    `skipped: it builds and inspects the Linux app folder, on Linux only (this is ${process.platform})`,
  );
  process.exit(0);
}

const arch = process.arch === 'arm64' ? 'arm64' : 'x64';
const skipBuild = process.argv.includes('--no-build');
const work = mkdtempSync(path.join(tmpdir(), 'md-package-check-'));
let problems = [];
try {
  if (!skipBuild || !existsSync(path.join(root, 'out', 'main', 'index.js'))) {
    say('building out/ (electron-vite build)');
    execFileSync(
      process.execPath,
      [path.join(root, 'node_modules/electron-vite/bin/electron-vite.js'), 'build'],
      {
        cwd: root,
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
  }
  const electronVersion = readJson('node_modules/electron/package.json').version;
  const dist = prepareStandInDist(path.join(work, 'electron-dist'), electronVersion);
  const output = path.join(work, 'dist');
  const started = process.hrtime.bigint();
  // electron-builder.yml is read as always; only where Electron comes from and where
  // the output goes differ. No publishing, whatever the environment says.
  await build({
    projectDir: root,
    targets: Platform.LINUX.createTarget('dir', Arch[arch]),
    publish: 'never',
    config: { electronDist: dist, electronVersion, directories: { output } },
  });
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const appDir = path.join(output, arch === 'x64' ? 'linux-unpacked' : `linux-${arch}-unpacked`);
  const result = inspectPackagedApp({
    resourcesDir: path.join(appDir, 'resources'),
    appDir,
    arch,
    lock: readJson('package-lock.json'),
    listAsar: (file) => listPackage(file, { isPack: false }),
    readAsarFile: (asar, file) => extractFile(asar, file).toString('utf8'),
  });
  problems = result.problems;
  problems.push(...(await mainProcessPaths(path.join(appDir, 'resources'))));
  const binary = path.join(appDir, 'marketdesk');
  if (existsSync(binary)) {
    problems.push(...fuseProblems(await getCurrentFuseWire(binary), APP_FUSES, FuseV1Options));
  } else {
    problems.push(`no packaged executable at ${binary}`);
  }
  say(`electron-builder --linux dir --${arch}: ${seconds.toFixed(1)} s`);
  say(
    `app.asar: ${formatBytes(result.sizes.asar)}, budget ${formatBytes(SIZE_BUDGET.asar)}; ${result.files} entries`,
  );
  say(
    `app.asar.unpacked: ${formatBytes(result.sizes.unpacked)}, budget ${formatBytes(SIZE_BUDGET.unpacked)}`,
  );
  say(`native modules: ${result.nativeModules.join(', ') || 'none'}`);
  say(`app folder with the stand-in Electron: ${formatBytes(result.sizes.appDir)}`);
  say(`fuses checked on the stand-in executable: ${Object.keys(APP_FUSES).length}`);
  say(
    'main process paths (src/main/app-paths.ts) checked against the asar: renderer, preload, icon',
  );
} catch (error) {
  problems.push(`packaging failed: ${error instanceof Error ? error.message : String(error)}`);
} finally {
  if (!process.env.MD_KEEP_PACKAGE) rmSync(work, { recursive: true, force: true });
  else say(`kept ${work}`);
}
if (problems.length > 0) {
  for (const problem of problems) console.error(`package:check: FAIL ${problem}`);
  process.exit(1);
}
say('ok');
