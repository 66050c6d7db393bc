/**
 * User settings and the saved workspace (src/core/settings): validated, versioned,
 * written atomically to the data folder. The token is never a setting.
 */
export { SettingsStore, SETTINGS_FILE_NAME } from './settings-store';
export type { SettingsStoreOptions, SettingsLoadResult, SettingsChanged } from './settings-store';
export {
  settingsSchema,
  settingsPatchSchema,
  intervalsSchema,
  settingFieldSchemas,
  parseSettingsPatch,
  applySettingsPatch,
  formatSettingsIssues,
  SETTINGS_LIMITS,
  SETTINGS_KEYS,
  baseUrlProblem,
  isLoopbackHost,
  INTERVAL_KEYS,
  TOKEN_NOT_A_SETTING,
} from './settings-schema';
export type { SettingsPatch } from './settings-schema';
export { DEFAULT_SETTINGS, defaultSettings } from './settings-defaults';
export {
  SETTINGS_FILE_VERSION,
  SETTINGS_MIGRATIONS,
  migrateSettingsFile,
} from './settings-migrations';
export type { SettingsMigration, RawSettingsFile, MigrationOutcome } from './settings-migrations';
export {
  WorkspaceStore,
  WORKSPACE_FILE_NAME,
  DEFAULT_WORKSPACE_MAX_BYTES,
  serialiseWorkspace,
} from './workspace-store';
export type { WorkspaceStoreOptions, WorkspaceLoadResult } from './workspace-store';
export { StoreError, isStoreError } from './store-error';
export type { StoreErrorCode } from './store-error';
export {
  writeFileAtomic,
  removeStaleTempFiles,
  TEMP_FILE_MIN_AGE_MS,
  TEMP_FILE_MAX_AGE_MS,
} from './atomic-write';
export type { AtomicWriteOptions, StaleTempOptions } from './atomic-write';
