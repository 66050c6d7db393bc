/**
 * Reading a settings file field by field: every valid value is kept, every invalid
 * one is replaced by its default and named, unknown keys are dropped and named. One
 * bad value must not cost the user all their other settings.
 */
import type { RefreshIntervals, Settings } from '../../shared/model';
import { defaultSettings } from './settings-defaults';
import type { RawSettingsFile } from './settings-migrations';
import { INTERVAL_KEYS, SETTINGS_KEYS, settingFieldSchemas } from './settings-schema';

/** The settings read from a file and what had to be thrown away. */
export interface SalvagedSettings {
  settings: Settings;
  /** Keys (`plan`, `intervals.news`) whose values were invalid and are now defaults. */
  invalid: string[];
  /** Keys the schema does not know (dropped), including `token`. */
  unknown: string[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads every known key of `file`; a missing key silently takes its default. */
export function salvageSettings(file: RawSettingsFile): SalvagedSettings {
  const settings = defaultSettings();
  const target = settings as unknown as Record<string, unknown>;
  const invalid: string[] = [];
  const unknown = Object.keys(file).filter(
    (key) => !(SETTINGS_KEYS as readonly string[]).includes(key),
  );
  for (const key of SETTINGS_KEYS) {
    if (!Object.hasOwn(file, key)) continue;
    const value = file[key];
    if (key === 'intervals') {
      salvageIntervals(value, settings.intervals, invalid, unknown);
      continue;
    }
    const parsed = settingFieldSchemas[key].safeParse(value);
    if (parsed.success) target[key] = parsed.data;
    else invalid.push(key);
  }
  return { settings, invalid, unknown };
}

function salvageIntervals(
  value: unknown,
  intervals: RefreshIntervals,
  invalid: string[],
  unknown: string[],
): void {
  if (!isRecord(value)) {
    invalid.push('intervals');
    return;
  }
  for (const key of Object.keys(value)) {
    if (!(INTERVAL_KEYS as readonly string[]).includes(key)) unknown.push(`intervals.${key}`);
  }
  for (const key of INTERVAL_KEYS) {
    if (!Object.hasOwn(value, key)) continue;
    const parsed = settingFieldSchemas.intervals.shape[key].safeParse(value[key]);
    if (parsed.success) intervals[key] = parsed.data;
    else invalid.push(`intervals.${key}`);
  }
}
