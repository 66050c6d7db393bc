/**
 * Reading a settings file field by field: every valid value is kept, every invalid
 * one is replaced by its default and named, unknown keys are dropped and named. One
 * bad value must not cost the user all their other settings.
 */
import type { Settings } from '../../shared/model';
import type { z } from 'zod';
import { defaultSettings } from './settings-defaults';
import type { RawSettingsFile } from './settings-migrations';
import { SETTINGS_KEYS, settingFieldSchemas } from './settings-schema';

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

/** The settings made of named parts (intervals, stream paths), salvaged part by part. */
const NESTED = {
  intervals: settingFieldSchemas.intervals,
  streamPaths: settingFieldSchemas.streamPaths,
};

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
    if (key === 'intervals' || key === 'streamPaths') {
      salvageParts(key, value, settings[key], NESTED[key].shape, invalid, unknown);
      continue;
    }
    const parsed = settingFieldSchemas[key].safeParse(value);
    if (parsed.success) target[key] = parsed.data;
    else invalid.push(key);
  }
  return { settings, invalid, unknown };
}

/** Keeps each valid part of `value` in `into` (the defaults); names the others `key.part`. */
function salvageParts(
  key: string,
  value: unknown,
  into: object,
  shape: Readonly<Record<string, z.ZodType>>,
  invalid: string[],
  unknown: string[],
): void {
  if (!isRecord(value)) {
    invalid.push(key);
    return;
  }
  const target = into as Record<string, unknown>;
  for (const part of Object.keys(value)) {
    if (!Object.hasOwn(shape, part)) unknown.push(`${key}.${part}`);
  }
  for (const [part, schema] of Object.entries(shape)) {
    if (!Object.hasOwn(value, part)) continue;
    const parsed = schema.safeParse(value[part]);
    if (parsed.success) target[part] = parsed.data;
    else invalid.push(`${key}.${part}`);
  }
}
