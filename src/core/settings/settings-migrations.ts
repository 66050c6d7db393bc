/**
 * Versions of settings.json. `SETTINGS_MIGRATIONS[n]` turns a version-n file into a
 * version-(n+1) file; they run in order on load. A migration works on the raw JSON
 * object and must not throw on odd values: what it cannot read it leaves alone, and
 * the field-by-field validation that follows replaces it with the default.
 */
import { parsePlan } from '../../shared/model';

/** The version this build writes. */
export const SETTINGS_FILE_VERSION = 1;

/** The settings file as parsed JSON, before validation. */
export type RawSettingsFile = Record<string, unknown>;

/** Turns a version-n file into a version-(n+1) file (without setting `version`). */
export type SettingsMigration = (file: RawSettingsFile) => RawSettingsFile;

/**
 * 0 → 1. A file without `version` was written by hand (the README shows one) before
 * the app ever saved it. Its keys are version 1's, except that `plan` may use the
 * command line's notation (`enterprise:200`, `premium`): split it into `plan` and
 * `enterpriseMaxCodes`.
 */
export const migrateUnversionedToV1: SettingsMigration = (file) => {
  const next = { ...file };
  if (typeof file.plan === 'string') {
    const plan = parsePlan(file.plan);
    if (plan) {
      next.plan = plan.name;
      if (plan.name === 'enterprise' && /:/.test(file.plan))
        next.enterpriseMaxCodes = plan.maxCodes;
    }
  }
  return next;
};

/** Every migration, by the version it starts from. Its length must equal SETTINGS_FILE_VERSION. */
export const SETTINGS_MIGRATIONS: readonly SettingsMigration[] = [migrateUnversionedToV1];

/** What {@link migrateSettingsFile} made of a file's version. */
export type MigrationOutcome =
  /** Already current (possibly after migrations `from` → current). */
  | { kind: 'current'; file: RawSettingsFile; from: number }
  /** Written by a newer build: not readable here. */
  | { kind: 'newer'; version: number }
  /** `version` is not a whole number ≥ 0: read the file as current, field by field. */
  | { kind: 'bad-version'; file: RawSettingsFile; version: unknown };

/**
 * Brings a parsed file up to `target` (default: this build's version). A missing
 * `version` means 0. The result has no `version` key.
 */
export function migrateSettingsFile(
  raw: RawSettingsFile,
  migrations: readonly SettingsMigration[] = SETTINGS_MIGRATIONS,
  target: number = SETTINGS_FILE_VERSION,
): MigrationOutcome {
  const { version = 0, ...rest } = raw;
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 0) {
    return { kind: 'bad-version', file: rest, version };
  }
  if (version > target) return { kind: 'newer', version };
  let file = rest;
  for (let v = version; v < target; v++) {
    const migration = migrations[v];
    if (!migration) throw new Error(`settings: no migration from version ${v}`);
    file = migration(file);
  }
  return { kind: 'current', file, from: version };
}
