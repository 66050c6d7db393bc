/**
 * The user's settings: loaded from `settings.json` in the data folder, validated,
 * migrated, salvaged when damaged, changed only through a validated patch and saved
 * atomically. The token is never among them (see settings-schema.ts).
 */
import { Emitter, type Event } from '../../shared/emitter';
import type { Settings, UnixMs } from '../../shared/model';
import { JsonFileStore, type JsonFileVerdict } from '../store/json-file-store';
import { defaultSettings } from './settings-defaults';
import {
  SETTINGS_FILE_VERSION,
  SETTINGS_MIGRATIONS,
  migrateSettingsFile,
} from './settings-migrations';
import type { RawSettingsFile, SettingsMigration } from './settings-migrations';
import { salvageSettings } from './settings-salvage';
import {
  SETTINGS_KEYS,
  applySettingsPatch,
  copySettings,
  parseSettingsPatch,
} from './settings-schema';
import { StoreError } from './store-error';

/** The settings file's name in the data folder. */
export const SETTINGS_FILE_NAME = 'settings.json';

/**
 * The most bytes `settings.json` may hold: the settings are a few hundred bytes, so
 * 256 KiB is only ever passed by a file that is not settings at all.
 */
export const SETTINGS_MAX_BYTES = 256 * 1024;

/** What a token pasted into the file becomes in a kept-aside copy. */
const TOKEN_BLANKED = '[removed by Marketdesk]';

/**
 * The kept-aside copy of a damaged file: its exact bytes, but for the value of a
 * `"token"` key a person pasted in (the copy would otherwise hold it in clear). Worked on
 * the bytes as Latin-1, one character per byte, so bytes that are not UTF-8 survive.
 */
export function blankTokenBytes(bytes: Buffer): Buffer {
  const text = bytes.toString('latin1');
  const blanked = text.replace(/("token"\s*:\s*)"(?:[^"\\]|\\.)*"?/g, `$1"${TOKEN_BLANKED}"`);
  return blanked === text ? bytes : Buffer.from(blanked, 'latin1');
}

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
  /**
   * Only read the file (the command line, beside a running app): a damaged file is
   * neither kept aside nor repaired, and changes stay in memory. Default false.
   */
  readOnly?: boolean;
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

function sameSettings(a: Settings, b: Settings): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** The settings service. Construct, `load()` once, then `get`/`update`/`onChange`. */
export class SettingsStore {
  readonly file: string;
  #settings = defaultSettings();
  #persistent = true;
  readonly #changed: Emitter<SettingsChanged>;
  readonly #migrations: readonly SettingsMigration[];
  readonly #file: JsonFileStore<Settings>;
  /** Told after every change (not of a patch that changes nothing). */
  readonly onChange: Event<SettingsChanged>;

  constructor(options: SettingsStoreOptions) {
    this.#migrations = options.migrations ?? SETTINGS_MIGRATIONS;
    this.#file = new JsonFileStore<Settings>({
      folder: options.folder,
      name: SETTINGS_FILE_NAME,
      what: 'the settings',
      version: SETTINGS_FILE_VERSION,
      maxBytes: SETTINGS_MAX_BYTES,
      empty: defaultSettings,
      read: (raw) => this.#read(raw),
      body: (settings) => {
        const file: RawSettingsFile = {};
        for (const key of SETTINGS_KEYS) file[key] = settings[key];
        return file;
      },
      fallback: 'using the default settings',
      indent: 2,
      keepAsideBytes: blankTokenBytes,
      now: options.now,
      readOnly: options.readOnly,
    });
    this.file = this.#file.file;
    this.#changed = new Emitter({ onListenerError: options.reportError });
    this.onChange = this.#changed.event;
  }

  /**
   * Reads settings.json. Missing: defaults. Unreadable JSON or not an object: defaults,
   * the original kept aside as `settings.json.bad-<time>`. Invalid values: the valid
   * ones are kept, the rest are defaults, the original is copied aside and the repaired
   * file written. Written by a newer build, or unreadable: defaults in memory and the
   * file left alone (changes are not saved). Never throws.
   */
  load(): SettingsLoadResult {
    const { value, notice, writable } = this.#file.load();
    this.#persistent = writable;
    this.#settings = value;
    return { settings: this.get(), notices: notice ? [notice] : [], persistent: writable };
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
    if (this.#persistent) this.#file.save(next);
    this.#settings = next;
    this.#changed.fire({ settings: this.get(), previous: copySettings(previous) });
    return this.get();
  }

  /** Migrates and salvages a parsed file; what had to be reset is the notice's clause. */
  #read(raw: RawSettingsFile): JsonFileVerdict<Settings> {
    const outcome = migrateSettingsFile(raw, this.#migrations);
    if (outcome.kind === 'newer') {
      return { ok: false, problem: `its version ${outcome.version} is newer than this build's` };
    }
    const salvaged = salvageSettings(outcome.file);
    const problems = [...salvaged.invalid, ...salvaged.unknown];
    if (outcome.kind === 'bad-version') problems.unshift('version');
    if (problems.length > 0) {
      const details: string[] = [];
      if (outcome.kind === 'bad-version') details.push('its version was not a number');
      if (salvaged.invalid.length > 0)
        details.push(`invalid values were reset to defaults: ${salvaged.invalid.join(', ')}`);
      if (salvaged.unknown.length > 0)
        details.push(`unknown keys were dropped: ${salvaged.unknown.join(', ')}`);
      if (salvaged.unknown.includes('token'))
        details.push('the token is never read from settings: set it in the app');
      const damaged = `${SETTINGS_FILE_NAME} was repaired (${details.join('; ')})`;
      return { ok: true, value: salvaged.settings, damaged };
    }
    const migrated = outcome.kind === 'current' && outcome.from < SETTINGS_FILE_VERSION;
    return { ok: true, value: salvaged.settings, rewrite: migrated };
  }
}
