/**
 * The user's settings: loaded from `settings.json` in the data folder, validated,
 * migrated, salvaged when damaged, changed only through a validated patch and saved
 * atomically. The token is never among them (see settings-schema.ts).
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { Emitter, type Event } from '../../shared/emitter';
import type { Settings, UnixMs } from '../../shared/model';
import { removeStaleTempFiles, writeFileAtomic } from './atomic-write';
import { defaultSettings } from './settings-defaults';
import {
  SETTINGS_FILE_VERSION,
  SETTINGS_MIGRATIONS,
  migrateSettingsFile,
} from './settings-migrations';
import type { RawSettingsFile, SettingsMigration } from './settings-migrations';
import { salvageSettings } from './settings-salvage';
import { SETTINGS_KEYS, applySettingsPatch, parseSettingsPatch } from './settings-schema';
import { StoreError, describeFsError } from './store-error';

/** The settings file's name in the data folder. */
export const SETTINGS_FILE_NAME = 'settings.json';

/** Dependencies of a {@link SettingsStore}. */
export interface SettingsStoreOptions {
  /** The data folder (created on the first save if missing). */
  folder: string;
  /** Wall-clock time, for the name of a kept bad file; default Date.now. */
  now?: () => UnixMs;
  /** Migrations to run on load; default SETTINGS_MIGRATIONS (tests pass their own). */
  migrations?: readonly SettingsMigration[];
  /** Where a throwing change listener is reported; default the emitter's (console.error). */
  reportError?: (error: unknown) => void;
}

/** What {@link SettingsStore.load} found. */
export interface SettingsLoadResult {
  settings: Settings;
  /** Messages for the user (damaged file repaired, newer version…); empty when all was well. */
  notices: string[];
  /** False when changes stay in memory because the file must not be overwritten. */
  persistent: boolean;
}

/** A change of settings: the new and the previous ones (copies: changing them changes nothing). */
export interface SettingsChanged {
  settings: Settings;
  previous: Settings;
}

function copySettings(settings: Settings): Settings {
  return { ...settings, intervals: { ...settings.intervals } };
}

function sameSettings(a: Settings, b: Settings): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The settings service. Construct, `load()` once, then `get`/`update`/`onChange`. */
export class SettingsStore {
  readonly file: string;
  #settings = defaultSettings();
  #persistent = true;
  readonly #changed: Emitter<SettingsChanged>;
  readonly #now: () => UnixMs;
  readonly #migrations: readonly SettingsMigration[];
  /** Told after every change (not of a patch that changes nothing). */
  readonly onChange: Event<SettingsChanged>;

  constructor(private readonly options: SettingsStoreOptions) {
    this.file = path.join(options.folder, SETTINGS_FILE_NAME);
    this.#now = options.now ?? Date.now;
    this.#migrations = options.migrations ?? SETTINGS_MIGRATIONS;
    this.#changed = new Emitter({ onListenerError: options.reportError });
    this.onChange = this.#changed.event;
  }

  /**
   * Reads settings.json. Missing: defaults. Unreadable JSON or invalid values: the
   * valid values are kept, the rest are defaults, the original is kept as
   * `settings.json.bad-<time>` and the repaired file is written. Written by a newer
   * build: defaults in memory and the file is left alone (changes are not saved).
   * Temp files that interrupted saves left beside it are removed first. Never throws.
   */
  load(): SettingsLoadResult {
    // A save killed between write and rename leaves its temp file; nothing else ever would.
    removeStaleTempFiles(this.file, { now: this.#now });
    const notices: string[] = [];
    this.#persistent = true;
    this.#settings = this.#read(notices);
    return { settings: this.get(), notices, persistent: this.#persistent };
  }

  /** The current settings (a copy: changing it changes nothing). */
  get(): Settings {
    return copySettings(this.#settings);
  }

  /** False when the file is kept as found (newer version or unreadable) and changes live in memory only. */
  get persistent(): boolean {
    return this.#persistent;
  }

  /**
   * Validates and applies a patch (`intervals` merges), saves, then tells the
   * listeners. Nothing changes when validation or saving fails.
   *
   * @throws StoreError `bad-argument` with a message naming the bad fields (a `token`
   *   key included), or `storage` when the file cannot be written.
   */
  update(patch: unknown): Settings {
    const parsed = parseSettingsPatch(patch);
    if (!parsed.ok) throw new StoreError('bad-argument', `Invalid settings: ${parsed.error}`);
    const previous = this.#settings;
    const next = applySettingsPatch(previous, parsed.value);
    if (sameSettings(previous, next)) return this.get();
    if (this.#persistent) {
      try {
        this.#write(next);
      } catch (error) {
        throw new StoreError('storage', `Could not save settings: ${describeFsError(error)}`);
      }
    }
    this.#settings = next;
    this.#changed.fire({ settings: this.get(), previous: copySettings(previous) });
    return this.get();
  }

  #read(notices: string[]): Settings {
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return defaultSettings();
      this.#persistent = false;
      notices.push(
        `Could not read ${SETTINGS_FILE_NAME} (${describeFsError(error)}); using default settings for this session, and changes will not be saved.`,
      );
      return defaultSettings();
    }
    let raw: unknown;
    try {
      raw = JSON.parse(text.replace(/^\uFEFF/, ''));
    } catch {
      raw = undefined;
    }
    if (!isRecord(raw)) {
      const kept = this.#keepBadCopy(text, null);
      notices.push(
        `${SETTINGS_FILE_NAME} was not readable settings and was reset to the defaults${kept}.`,
      );
      this.#repair(defaultSettings(), notices);
      return defaultSettings();
    }
    const outcome = migrateSettingsFile(raw, this.#migrations);
    if (outcome.kind === 'newer') {
      this.#persistent = false;
      notices.push(
        `${SETTINGS_FILE_NAME} was written by a newer Marketdesk (settings version ${outcome.version}; this one reads up to ${SETTINGS_FILE_VERSION}). Using default settings for this session; the file is left unchanged and changes will not be saved.`,
      );
      return defaultSettings();
    }
    const salvaged = salvageSettings(outcome.file);
    const problems = [...salvaged.invalid, ...salvaged.unknown];
    if (outcome.kind === 'bad-version') problems.unshift('version');
    if (problems.length > 0) {
      const kept = this.#keepBadCopy(text, raw);
      const details: string[] = [];
      if (outcome.kind === 'bad-version') details.push('its version was not a number');
      if (salvaged.invalid.length > 0)
        details.push(`invalid values were reset to defaults: ${salvaged.invalid.join(', ')}`);
      if (salvaged.unknown.length > 0)
        details.push(`unknown keys were dropped: ${salvaged.unknown.join(', ')}`);
      if (salvaged.unknown.includes('token'))
        details.push('the token is never read from settings: set it in the app');
      notices.push(`${SETTINGS_FILE_NAME} was repaired (${details.join('; ')})${kept}.`);
      this.#repair(salvaged.settings, notices);
    } else if (outcome.kind === 'current' && outcome.from < SETTINGS_FILE_VERSION) {
      this.#repair(salvaged.settings, notices);
    }
    return salvaged.settings;
  }

  /** Saves repaired or migrated settings; a failure is a notice, not a crash. */
  #repair(settings: Settings, notices: string[]): void {
    try {
      this.#write(settings);
    } catch (error) {
      notices.push(`Could not save the repaired ${SETTINGS_FILE_NAME}: ${describeFsError(error)}.`);
    }
  }

  /**
   * Keeps the damaged file beside the new one for the user to recover by hand. A
   * `token` in it is blanked first (in the parsed object, or by pattern when the
   * JSON is broken), since the copy would otherwise hold it in clear. Answers the
   * sentence fragment for the notice.
   */
  #keepBadCopy(text: string, parsed: Record<string, unknown> | null): string {
    const stamp = new Date(this.#now()).toISOString().replace(/[:.]/g, '-');
    let target = `${this.file}.bad-${stamp}`;
    for (let n = 1; existsSync(target); n++) target = `${this.file}.bad-${stamp}-${n}`;
    const blanked = '[removed by Marketdesk]';
    let content = text;
    if (parsed && Object.hasOwn(parsed, 'token'))
      content = `${JSON.stringify({ ...parsed, token: blanked }, null, 2)}\n`;
    else if (!parsed)
      content = text.replace(/("token"\s*:\s*)"(?:[^"\\]|\\.)*"?/g, `$1"${blanked}"`);
    try {
      writeFileAtomic(target, content, { mode: 0o600 });
      return ` (the original is kept as ${path.basename(target)})`;
    } catch (error) {
      return ` (the original could not be kept: ${describeFsError(error)})`;
    }
  }

  #write(settings: Settings): void {
    mkdirSync(this.options.folder, { recursive: true });
    const file: RawSettingsFile = { version: SETTINGS_FILE_VERSION };
    for (const key of SETTINGS_KEYS) file[key] = settings[key];
    writeFileAtomic(this.file, `${JSON.stringify(file, null, 2)}\n`, { mode: 0o600 });
  }
}
