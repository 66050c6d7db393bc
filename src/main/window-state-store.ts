/**
 * Persists window geometry in `window-state.json` in the data folder, through the one
 * JSON store (`core/store`): a missing file means "no saved state"; a damaged one is
 * kept aside once and a newer build's left untouched (both said in the log, since
 * window positions are not worth a notice); writes are atomic, so a crash mid-save
 * cannot leave a truncated file behind.
 */
import { JsonFileStore } from '../core/store/json-file-store';
import type { WindowKind, WindowState, WindowStateFile } from './window-state';
import { parseWindowStateFile } from './window-state';

/** The file's name inside the data folder. */
export const WINDOW_STATE_FILE = 'window-state.json';

/** The file's format version. */
export const WINDOW_STATE_VERSION = 1;

/** The most bytes the file may hold: two windows' rectangles take about 200. */
export const WINDOW_STATE_MAX_BYTES = 64 * 1024;

/** Loads once, keeps the current states in memory, writes the whole file on each save. */
export class WindowStateStore {
  readonly #file: JsonFileStore<WindowStateFile>;
  #state: WindowStateFile;
  /** A refused or failed write is logged once, not at every move of a window. */
  #logged = false;

  constructor(
    folder: string,
    private readonly log: (message: string) => void = console.warn,
  ) {
    this.#file = new JsonFileStore<WindowStateFile>({
      folder,
      name: WINDOW_STATE_FILE,
      what: 'window positions',
      version: WINDOW_STATE_VERSION,
      maxBytes: WINDOW_STATE_MAX_BYTES,
      empty: () => ({ version: 1, windows: {} }),
      read: (raw) =>
        typeof raw.windows === 'object' && raw.windows !== null && !Array.isArray(raw.windows)
          ? { ok: true, value: parseWindowStateFile({ ...raw, version: WINDOW_STATE_VERSION }) }
          : { ok: false, problem: 'its "windows" is not an object' },
      body: (state) => ({ windows: state.windows }),
      indent: 2,
    });
    const { value, notice } = this.#file.load();
    if (notice) this.log(`marketdesk: ${notice}`);
    this.#state = value;
  }

  /** The file's path. */
  get file(): string {
    return this.#file.file;
  }

  /** The states read at start-up, updated by every {@link save}. */
  get current(): WindowStateFile {
    return this.#state;
  }

  /** Remembers one kind's state and writes the file; a failed write is logged, not thrown. */
  save(kind: WindowKind, state: WindowState): void {
    this.#state = { version: 1, windows: { ...this.#state.windows, [kind]: state } };
    try {
      this.#file.save(this.#state);
      this.#logged = false;
    } catch (error) {
      if (this.#logged) return;
      this.#logged = true;
      this.log(`marketdesk: could not save window positions: ${(error as Error).message}`);
    }
  }
}
