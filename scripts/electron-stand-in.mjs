// A stand-in for Electron's Linux distribution, for packaging where Electron's binary
// cannot be downloaded (`npm run package:check`, the fuse tests). electron-builder's
// `electronDist` accepts an unpacked distribution folder: for Linux it copies the
// folder, renames the `electron` executable to the app's, puts the app into
// `resources/`, and moves `LICENSE` to `LICENSE.electron.txt`. The executable here is a
// shell script that says what it is and carries the fuse wire real Electron binaries
// carry (sentinel, version, one byte per fuse in Electron's shipped defaults), so the
// afterPack hook (scripts/fuses.mjs) patches it as it would the real one.
import { chmodSync, mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** The fuse sentinel of Electron binaries (@electron/fuses' constant). */
export const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';

/**
 * Electron's shipped fuse defaults, in FuseV1Options order (RunAsNode … WasmTrapHandlers):
 * '1' on, '0' off, as the wire stores them.
 */
export const SHIPPED_FUSES = '111100011';

/**
 * The stand-in executable's bytes: a script that refuses to pretend to be Electron, with
 * the fuse wire on a comment line.
 * @returns {Buffer}
 */
export function standInExecutable() {
  return Buffer.concat([
    Buffer.from(
      '#!/bin/sh\necho "stand-in for Electron (npm run package:check): not a runtime" >&2\nexit 3\n# ',
    ),
    Buffer.from(FUSE_SENTINEL),
    Buffer.from([1, SHIPPED_FUSES.length]),
    Buffer.from(SHIPPED_FUSES),
    Buffer.from('\n'),
  ]);
}

/**
 * Writes the stand-in executable to `file` (mode 0755).
 * @param {string} file
 */
export function writeStandInExecutable(file) {
  writeFileSync(file, standInExecutable());
  chmodSync(file, 0o755);
}

/**
 * Prepares a stand-in Linux distribution in `dir` (created): the `electron` executable,
 * `resources/`, one locale, `LICENSE` and `version`, as in Electron's own zip.
 * @param {string} dir
 * @param {string} electronVersion
 * @returns {string} dir
 */
export function prepareStandInDist(dir, electronVersion) {
  mkdirSync(path.join(dir, 'resources'), { recursive: true });
  mkdirSync(path.join(dir, 'locales'), { recursive: true });
  writeStandInExecutable(path.join(dir, 'electron'));
  writeFileSync(path.join(dir, 'locales', 'en-US.pak'), 'stand-in locale\n');
  writeFileSync(path.join(dir, 'LICENSE'), 'Stand-in for Electron’s LICENSE (MIT).\n');
  writeFileSync(path.join(dir, 'version'), `${electronVersion}\n`);
  return dir;
}
