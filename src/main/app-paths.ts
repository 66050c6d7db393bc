/**
 * Where the main process finds its files, in a development build (`out/` beside the
 * sources) and packaged (`<resources>/app.asar/out/…`, the icon beside the asar, native
 * modules in `app.asar.unpacked`). Pure path work, no imports of ours, so
 * `npm run package:check` runs it against the real packaged app too.
 */
import path from 'node:path';

/** The files the shell loads. */
export interface AppPaths {
  /** The built renderer's folder (`out/renderer`). */
  rendererRoot: string;
  /** The bundled preload (`out/preload/index.cjs`). */
  preload: string;
  /** The app's icon (PNG, 256 px): notifications and the window icon on Linux. */
  icon: string;
  /**
   * The update feed the build fixed (`out/main/app-update.yml`, written into the asar by
   * scripts/update-feed.mjs), read by the updater instead of electron-builder's copy
   * beside the asar, which no integrity check covers.
   */
  updateConfig: string;
}

/** The update feed's file name in `out/main` (scripts/update-feed.mjs writes it). */
export const UPDATE_CONFIG_FILE = 'app-update.yml';

/** The icon's file name beside the asar (electron-builder.yml extraResources). */
export const PACKAGED_ICON = 'icon.png';

/**
 * The shell's files for the main bundle in `mainDir` (`out/main`). `resourcesPath` is
 * Electron's `process.resourcesPath`, used when packaged.
 */
export function appPaths(
  mainDir: string,
  where: { packaged: boolean; resourcesPath: string },
): AppPaths {
  return {
    rendererRoot: path.join(mainDir, '..', 'renderer'),
    preload: path.join(mainDir, '..', 'preload', 'index.cjs'),
    icon: where.packaged
      ? path.join(where.resourcesPath, PACKAGED_ICON)
      : path.join(mainDir, '..', '..', 'resources', 'icons', 'png', '256x256.png'),
    updateConfig: path.join(mainDir, UPDATE_CONFIG_FILE),
  };
}

/**
 * Where Electron reads a file of the asar that was packed unpacked (native modules):
 * the same path under `app.asar.unpacked`. Other paths come back as they are.
 */
export function unpackedPath(file: string): string {
  const marker = `${path.sep}app.asar${path.sep}`;
  const at = file.indexOf(marker);
  if (at < 0) return file;
  return `${file.slice(0, at)}${path.sep}app.asar.unpacked${path.sep}${file.slice(at + marker.length)}`;
}
