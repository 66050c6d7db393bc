// Electron fuses for packaged builds (Electron's security checklist): flips the
// feature bits baked into the packaged Electron binary so a shipped Marketdesk
// cannot be run as plain Node, take NODE_OPTIONS or --inspect, or load code from
// outside its (integrity-checked) app.asar.
//
// Two ways in:
//   - electron-builder: `"afterPack": "./scripts/fuses.mjs"` (the default export);
//   - by hand: `node scripts/fuses.mjs <path to the packaged Electron binary or .app>`.
//
// Needs the `@electron/fuses` dev dependency; loaded lazily so this file can be
// imported (and its errors read) without it.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** @returns {Promise<typeof import('@electron/fuses')>} */
async function loadFuses() {
  try {
    return await import('@electron/fuses');
  } catch (error) {
    throw new Error(
      `@electron/fuses is not installed (add it as a devDependency): ${/** @type {Error} */ (error).message}`,
      { cause: error },
    );
  }
}

/**
 * Marketdesk's fuse choices by FuseV1Options name: what `flipAppFuses` writes and what
 * `npm run package:check` reads back from the packaged binary.
 * @type {Readonly<Record<string, boolean>>}
 */
export const APP_FUSES = Object.freeze({
  RunAsNode: false,
  EnableCookieEncryption: true,
  EnableNodeOptionsEnvironmentVariable: false,
  EnableNodeCliInspectArguments: false,
  EnableEmbeddedAsarIntegrityValidation: true,
  OnlyLoadAppFromAsar: true,
  GrantFileProtocolExtraPrivileges: false,
});

/**
 * Flips Marketdesk's fuses on one packaged Electron binary (the `.app` bundle on
 * macOS). Resolves the number of fuse wires written (one per binary; a universal macOS
 * binary has one per architecture).
 * @param {string} electronBinaryPath
 * @param {NodeJS.Platform} [platform]
 * @returns {Promise<number>}
 */
export async function flipAppFuses(electronBinaryPath, platform = process.platform) {
  const { flipFuses, FuseVersion, FuseV1Options } = await loadFuses();
  /** @type {Record<number, boolean>} */
  const wire = {};
  for (const [name, on] of Object.entries(APP_FUSES)) {
    const index = /** @type {Record<string, number>} */ (/** @type {unknown} */ (FuseV1Options))[
      name
    ];
    if (index === undefined) throw new Error(`@electron/fuses has no fuse named ${name}`);
    wire[index] = on;
  }
  return flipFuses(electronBinaryPath, {
    version: FuseVersion.V1,
    // Re-sign ad hoc after patching, or an arm64 macOS binary will not start.
    resetAdHocDarwinSignature: platform === 'darwin',
    ...wire,
  });
}

/**
 * The packaged binary inside electron-builder's output folder.
 * @param {{ appOutDir: string, electronPlatformName: string,
 *   packager: { appInfo: { productFilename: string }, executableName?: string } }} context
 * @returns {string}
 */
export function packagedBinaryPath(context) {
  const { appOutDir, electronPlatformName, packager } = context;
  const name = packager.appInfo.productFilename;
  switch (electronPlatformName) {
    case 'darwin':
    case 'mas':
      return path.join(appOutDir, `${name}.app`);
    case 'win32':
      return path.join(appOutDir, `${name}.exe`);
    default:
      return path.join(appOutDir, packager.executableName ?? name);
  }
}

/**
 * electron-builder's `afterPack` hook.
 * @param {Parameters<typeof packagedBinaryPath>[0]} context
 */
export default async function afterPack(context) {
  const binary = packagedBinaryPath(context);
  const platform = context.electronPlatformName === 'mas' ? 'darwin' : context.electronPlatformName;
  const count = await flipAppFuses(binary, /** @type {NodeJS.Platform} */ (platform));
  console.log(
    `marketdesk: set ${Object.keys(APP_FUSES).length} Electron fuses (fuse wires: ${count}) in ${binary}`,
  );
}

// `node scripts/fuses.mjs <binary>`
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const binary = process.argv[2];
  if (!binary) {
    console.error('usage: node scripts/fuses.mjs <path to the packaged Electron binary or .app>');
    process.exit(2);
  }
  try {
    const count = await flipAppFuses(path.resolve(binary));
    console.log(
      `marketdesk: set ${Object.keys(APP_FUSES).length} Electron fuses (fuse wires: ${count}) in ${binary}`,
    );
  } catch (error) {
    console.error(`marketdesk: ${/** @type {Error} */ (error).message}`);
    process.exit(1);
  }
}
