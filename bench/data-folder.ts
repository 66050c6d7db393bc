/**
 * The data folder (MARKETDESK_HOME) a benchmark starts the app on: `settings.json` in
 * the app's own file version, and the `workspace.json` to open when one is given
 * (../e2e/support/saved-workspace builds it). The settings are a change over the
 * defaults, as the Settings dialog would send it: a key the app does not have is a
 * compile error here rather than a setting the benchmark silently runs without.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { SETTINGS_FILE_VERSION } from '../src/core/settings/settings-migrations';
import type { SettingsChange, WorkspaceDocument } from '../src/shared/bridge';

/** Makes `folder` (and its parents) and writes the app's files into it. */
export function writeDataFolder(
  folder: string,
  files: { settings: SettingsChange; workspace?: WorkspaceDocument },
): void {
  mkdirSync(folder, { recursive: true });
  writeFileSync(
    path.join(folder, 'settings.json'),
    JSON.stringify({ version: SETTINGS_FILE_VERSION, ...files.settings }),
  );
  if (files.workspace) {
    writeFileSync(path.join(folder, 'workspace.json'), JSON.stringify(files.workspace));
  }
}
