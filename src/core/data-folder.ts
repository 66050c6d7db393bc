/**
 * Where Marketdesk keeps its files (cache database, settings): `MARKETDESK_HOME` when
 * set, else the platform's application-data folder — the same one Electron's
 * `app.getPath('userData')` gives, so the CLI, the browser host and the Electron
 * shell all share one folder.
 */
import { mkdirSync } from 'node:fs';
import { homedir } from 'node:os';
import path from 'node:path';

/** The folder name under the platform's application-data location (Electron's app name). */
export const APP_FOLDER_NAME = 'Marketdesk';

/**
 * Resolves the data folder from the given environment, platform and home directory
 * without touching the file system (pure, so every platform is testable on any host).
 */
export function resolveDataFolder(
  env: Readonly<Record<string, string | undefined>>,
  platform: NodeJS.Platform,
  home: string,
): string {
  // Paths are built with the target platform's rules, not the host's.
  const p = platform === 'win32' ? path.win32 : path.posix;
  const override = env.MARKETDESK_HOME?.trim();
  if (override) return p.resolve(override);
  switch (platform) {
    case 'win32': {
      const appData = env.APPDATA?.trim();
      return p.join(appData || p.join(home, 'AppData', 'Roaming'), APP_FOLDER_NAME);
    }
    case 'darwin':
      return p.join(home, 'Library', 'Application Support', APP_FOLDER_NAME);
    default: {
      // XDG says a relative XDG_CONFIG_HOME is invalid and must be ignored.
      const xdg = env.XDG_CONFIG_HOME?.trim();
      const base = xdg && p.isAbsolute(xdg) ? xdg : p.join(home, '.config');
      return p.join(base, APP_FOLDER_NAME);
    }
  }
}

/** The data folder of this process (reads `process.env`, the platform and the home directory). */
export function dataFolder(): string {
  return resolveDataFolder(process.env, process.platform, homedir());
}

/** Like {@link dataFolder}, creating the folder when it does not exist yet. */
export function ensureDataFolder(folder: string = dataFolder()): string {
  mkdirSync(folder, { recursive: true });
  return folder;
}
