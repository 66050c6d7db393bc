/**
 * The one way a file the user's work lives in (alerts, chart drawings, settings, the
 * workspace, window positions) is read and written. Every such file gets the same
 * guarantees, so none can be lost to a bug that only one store had:
 *
 * - **Versioned.** A file carries its format's `version`; one written by a newer build
 *   is opened read-only: this session shows the defaults, says so once, and never
 *   writes the file (a save is refused with a message that says why).
 * - **Atomic.** Writes go to a temp file, flushed, renamed over the old one.
 * - **Bounded.** A read never takes more than the file's `maxBytes` (documented beside
 *   each file); a bigger file is not parsed. Writes are held to the same bound, so the
 *   app never writes a file it would refuse to read.
 * - **Damage is kept, once.** A file that is not JSON, is wrong-shaped or too large is
 *   moved aside byte-for-byte as `<name>.bad-<time>` and the app goes on with the
 *   defaults; one that is partly damaged is copied aside and rewritten with what could
 *   be read. Either way the next start finds a sound file (or none), so nothing is kept
 *   aside twice and no launch copies the same 100 MB again.
 * - **Read-only readers leave it alone.** A reader that only looks (the command line
 *   reading the app's settings while the app may be running) opens the store
 *   `readOnly`: the same reading and the same notices, but nothing is moved, copied,
 *   repaired or saved.
 */
import {
  closeSync,
  existsSync,
  fstatSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  rmSync,
} from 'node:fs';
import path from 'node:path';
import type { UnixMs } from '../../shared/model';
import { removeStaleTempFiles, writeFileAtomic } from '../settings/atomic-write';
import { StoreError, describeFsError } from '../settings/store-error';

/** How a store's reader judged a parsed file of this or an older version. */
export type JsonFileVerdict<T> =
  | {
      ok: true;
      value: T;
      /**
       * What had to be left out or reset, as a clause for the notice ("2 saved alerts
       * were unreadable and left out"); the file is then copied aside and rewritten.
       */
      damaged?: string;
      /** Rewrite the file with `value` (an older format migrated); no copy, no notice. */
      rewrite?: boolean;
    }
  | {
      ok: false;
      /** Why the file cannot be used at all, e.g. "its `sets` is not a list". */
      problem: string;
    };

/** What one file is and how its content is read and written. */
export interface JsonFileOptions<T> {
  /** The data folder (created on the first write). */
  folder: string;
  /** The file's name in it, e.g. `alerts.json`. */
  name: string;
  /** The file's content named for a person, e.g. "the alerts", "chart drawings". */
  what: string;
  /** The format version this build writes and reads up to; `null`: none (the content carries its own). */
  version: number | null;
  /** The most bytes a read takes and a write may produce. */
  maxBytes: number;
  /** The content of a missing, unreadable or newer file. */
  empty: () => T;
  /** Reads a parsed top-level object (a `version` not newer than this build's). */
  read: (raw: Record<string, unknown>) => JsonFileVerdict<T>;
  /** The file's body for `value` (the `version` is added here). */
  body: (value: T) => Record<string, unknown>;
  /** What the app does without the file, for notices; default "starting without it". */
  fallback?: string;
  /** Indentation of the written JSON; default none. */
  indent?: number;
  /** File mode of written files; default 0o600 (only the user reads their files). */
  mode?: number;
  /**
   * What a kept-aside copy holds, from the file's exact bytes; default the bytes
   * themselves. Settings blanks a token a person pasted into the file.
   */
  keepAsideBytes?: (bytes: Buffer) => Buffer;
  /** Wall-clock time, for the names of kept copies and stale temp files; default Date.now. */
  now?: () => UnixMs;
  /**
   * Only read: a damaged file is not kept aside nor repaired, no stale temp file is
   * removed, and a save is refused. Default false.
   */
  readOnly?: boolean;
}

/** What {@link JsonFileStore.load} found. */
export interface JsonFileLoad<T> {
  value: T;
  /** One sentence for the user when something was not as it should be; else null. */
  notice: string | null;
  /** False when the file must not be written this session (newer, or unreadable). */
  writable: boolean;
}

/** A size for a person: "1.5 MiB", "12 KiB". */
export function formatBytes(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MiB`
    : `${Math.ceil(bytes / 1024)} KiB`;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

type Bytes = { bytes: Buffer } | { missing: true } | { tooLarge: number } | { problem: string };

/** Reads at most `max` bytes of `file`: a bigger file is measured, not read. */
function readBounded(file: string, max: number): Bytes {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { missing: true };
    return { problem: describeFsError(error) };
  }
  try {
    const size = fstatSync(fd).size;
    if (size > max) return { tooLarge: size };
    // One byte more than allowed: a file that grew since the stat is caught too.
    const buffer = Buffer.allocUnsafe(max + 1);
    let length = 0;
    for (let n; length <= max && (n = readSync(fd, buffer, length, max + 1 - length, null)) > 0;)
      length += n;
    if (length > max) return { tooLarge: length };
    return { bytes: buffer.subarray(0, length) };
  } catch (error) {
    return { problem: describeFsError(error) };
  } finally {
    closeSync(fd);
  }
}

/** One JSON file of the data folder, read with the guarantees above. */
export class JsonFileStore<T> {
  readonly file: string;
  readonly #options: JsonFileOptions<T>;
  readonly #now: () => UnixMs;
  #writable = true;
  #why = '';

  constructor(options: JsonFileOptions<T>) {
    this.#options = options;
    this.file = path.join(options.folder, options.name);
    this.#now = options.now ?? Date.now;
    // Read-only from the start: a save before any load is refused too.
    if (options.readOnly) this.#readOnlyStore();
  }

  /** False when the file is kept as found this session (see {@link load}). */
  get writable(): boolean {
    return this.#writable;
  }

  /** Reads the file. Never throws: trouble is the defaults and one notice. */
  load(): JsonFileLoad<T> {
    const o = this.#options;
    // A write killed between its temp file and the rename leaves the temp file behind.
    if (!o.readOnly) removeStaleTempFiles(this.file, { now: this.#now });
    this.#writable = true;
    if (o.readOnly) this.#readOnlyStore();
    const read = readBounded(this.file, o.maxBytes);
    if ('missing' in read) return this.#result(o.empty(), null);
    if ('problem' in read) {
      return this.#readOnly(
        o.readOnly
          ? `Could not read ${o.name} (${read.problem}); ${o.fallback ?? 'starting without it'}.`
          : `Could not read ${o.name} (${read.problem}); using defaults this session, and changes to ${o.what} are not saved.`,
      );
    }
    if ('tooLarge' in read) {
      const kept = this.#keepAside(null, 'move');
      return this.#result(
        o.empty(),
        `${capitalise(o.what)} file ${o.name} is ${formatBytes(read.tooLarge)}, more than the ${formatBytes(o.maxBytes)} it may hold, so it was not read${kept}; ${o.fallback ?? 'starting without it'}.`,
      );
    }
    let raw: unknown;
    try {
      raw = JSON.parse(read.bytes.toString('utf8').replace(/^\uFEFF/, ''));
    } catch {
      return this.#unusable(read.bytes, 'it is not valid JSON');
    }
    if (!isRecord(raw)) return this.#unusable(read.bytes, 'it does not hold an object');
    const version = raw.version;
    if (o.version !== null && typeof version === 'number' && version > o.version) {
      const newer = `${o.name} was written by a newer Marketdesk (format ${version}; this one reads up to ${o.version})`;
      // A store that only reads says what it uses instead; it saves nothing in any case.
      return this.#readOnly(
        o.readOnly
          ? `${newer}, so it is not used here (the file is left as it is); ${o.fallback ?? 'starting without it'}.`
          : `${newer}, so it is left untouched and not shown, and changes to ${o.what} are not saved this session.`,
      );
    }
    const verdict = o.read(raw);
    if (!verdict.ok) return this.#unusable(read.bytes, verdict.problem);
    if (verdict.damaged !== undefined && o.readOnly) {
      return this.#result(
        verdict.value,
        `${capitalise(o.what)} file ${o.name} is partly damaged: what could be read is used, and the file is left as it is.`,
      );
    }
    if (verdict.damaged !== undefined) {
      const kept = this.#keepAside(read.bytes, 'copy');
      const notice = `${capitalise(verdict.damaged)}${kept}.`;
      return this.#result(verdict.value, this.#rewrite(verdict.value, notice));
    }
    if (verdict.rewrite) return this.#result(verdict.value, this.#rewrite(verdict.value, null));
    return this.#result(verdict.value, null);
  }

  /**
   * Writes `value` atomically.
   *
   * @throws StoreError `storage` when the file is kept as found this session or the
   *   write fails; `bad-argument` when the file would pass its size bound.
   */
  save(value: T): void {
    const o = this.#options;
    if (!this.#writable) throw new StoreError('storage', this.#why);
    const body = o.body(value);
    const json = JSON.stringify(
      o.version === null ? body : { version: o.version, ...body },
      null,
      o.indent,
    );
    const text = o.indent === undefined ? json : `${json}\n`;
    const bytes = Buffer.byteLength(text, 'utf8');
    if (bytes > o.maxBytes) {
      throw new StoreError(
        'bad-argument',
        `${capitalise(o.what)} would take ${formatBytes(bytes)}, more than the ${formatBytes(o.maxBytes)} ${o.name} may hold; remove some first.`,
      );
    }
    try {
      mkdirSync(o.folder, { recursive: true });
      writeFileAtomic(this.file, text, { mode: o.mode ?? 0o600 });
    } catch (error) {
      throw new StoreError('storage', `Could not save ${o.what}: ${describeFsError(error)}`);
    }
  }

  #readOnlyStore(): void {
    this.#writable = false;
    this.#why = `${capitalise(this.#options.what)} are only read here, never saved.`;
  }

  #result(value: T, notice: string | null): JsonFileLoad<T> {
    return { value, notice, writable: this.#writable };
  }

  #readOnly(notice: string): JsonFileLoad<T> {
    this.#writable = false;
    if (!this.#options.readOnly) {
      this.#why = `Changes to ${this.#options.what} are not saved this session: ${notice}`;
    }
    return this.#result(this.#options.empty(), notice);
  }

  #unusable(bytes: Buffer, problem: string): JsonFileLoad<T> {
    const o = this.#options;
    const kept = this.#keepAside(bytes, 'move');
    return this.#result(
      o.empty(),
      `${capitalise(o.what)} file ${o.name} could not be used (${problem})${kept}; ${o.fallback ?? 'starting without it'}.`,
    );
  }

  /** Saves what was read back after a repair; a failure joins the notice, never throws. */
  #rewrite(value: T, notice: string | null): string | null {
    if (this.#options.readOnly) return notice;
    try {
      this.save(value);
      return notice;
    } catch (error) {
      const why = `Could not save the repaired ${this.#options.name}: ${(error as Error).message}`;
      // The file stays as it was, so its copy would be made again: stop writing it.
      this.#writable = false;
      this.#why = why;
      return notice === null ? why : `${notice} ${why}`;
    }
  }

  /**
   * Keeps the file's bytes beside it as `<name>.bad-<time>`: moved (the file is unusable
   * and a rename costs nothing however large it is) or copied (its readable part is
   * written back next). Answers the notice's clause.
   */
  #keepAside(bytes: Buffer | null, how: 'move' | 'copy'): string {
    const o = this.#options;
    if (o.readOnly) return ' (the file is left as it is)';
    const stamp = new Date(this.#now()).toISOString().replace(/[:.]/g, '-');
    let target = `${this.file}.bad-${stamp}`;
    for (let n = 1; existsSync(target); n++) target = `${this.file}.bad-${stamp}-${n}`;
    try {
      if (bytes !== null && (how === 'copy' || o.keepAsideBytes)) {
        const kept = o.keepAsideBytes ? o.keepAsideBytes(bytes) : bytes;
        writeFileAtomic(target, kept, { mode: o.mode ?? 0o600 });
        if (how === 'move') rmSync(this.file, { force: true });
      } else {
        renameSync(this.file, target);
      }
      return ` (the file is kept as ${path.basename(target)})`;
    } catch (error) {
      // Not kept: then it must not be overwritten either.
      this.#writable = false;
      this.#why = `Changes to ${o.what} are not saved this session: the damaged ${o.name} could not be kept aside (${describeFsError(error)}).`;
      return ` (the file could not be kept aside: ${describeFsError(error)}; it is left as it is and changes are not saved this session)`;
    }
  }
}
