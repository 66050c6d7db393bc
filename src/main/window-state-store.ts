/**
 * Persists window geometry in `window-state.json` in the data folder. Reads are
 * lenient (a missing, unreadable or malformed file means "no saved state"); writes
 * are atomic so a crash mid-save cannot leave a truncated file behind.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { writeFileAtomic } from '../core/settings/atomic-write';
import type { WindowKind, WindowState, WindowStateFile } from './window-state';
import { parseWindowStateFile } from './window-state';

/** The file's name inside the data folder. */
export const WINDOW_STATE_FILE = 'window-state.json';

/** File access, injectable so tests can fail reads and writes on purpose. */
export interface WindowStateIo {
  read(file: string): string;
  write(file: string, content: string): void;
}

const nodeIo: WindowStateIo = {
  read: (file) => readFileSync(file, 'utf8'),
  write: (file, content) => writeFileAtomic(file, content),
};

/** Loads once, keeps the current states in memory, writes the whole file on each save. */
export class WindowStateStore {
  readonly file: string;
  #state: WindowStateFile;

  constructor(
    folder: string,
    private readonly io: WindowStateIo = nodeIo,
    private readonly log: (message: string) => void = console.warn,
  ) {
    this.file = path.join(folder, WINDOW_STATE_FILE);
    this.#state = this.#load();
  }

  /** The states read at start-up, updated by every {@link save}. */
  get current(): WindowStateFile {
    return this.#state;
  }

  /** Remembers one kind's state and writes the file; a failed write is logged, not thrown. */
  save(kind: WindowKind, state: WindowState): void {
    this.#state = { version: 1, windows: { ...this.#state.windows, [kind]: state } };
    try {
      this.io.write(this.file, `${JSON.stringify(this.#state, null, 2)}\n`);
    } catch (error) {
      this.log(`marketdesk: could not save window positions: ${(error as Error).message}`);
    }
  }

  #load(): WindowStateFile {
    let text: string;
    try {
      text = this.io.read(this.file);
    } catch {
      return { version: 1, windows: {} };
    }
    try {
      return parseWindowStateFile(JSON.parse(text));
    } catch {
      this.log(`marketdesk: ignoring malformed ${this.file}`);
      return { version: 1, windows: {} };
    }
  }
}
