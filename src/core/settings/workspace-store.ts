/**
 * The renderer's saved workspace (named layouts and watchlists) as `workspace.json`
 * in the data folder. Opaque to the main side beyond its envelope: a whole-number
 * `version` and JSON `data`, capped in size so a runaway renderer cannot fill the disk
 * or stall every window's startup.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { WorkspaceDocument } from '../../shared/bridge';
import type { UnixMs } from '../../shared/model';
import { removeStaleTempFiles, writeFileAtomic } from './atomic-write';
import { findNonJson } from './json-check';
import { StoreError, describeFsError } from './store-error';
import { keepBadCopy, parseJsonText, readStoreFile } from './store-file';

/** The workspace file's name in the data folder. */
export const WORKSPACE_FILE_NAME = 'workspace.json';

/** Default size cap of the serialised workspace: 1 MiB. */
export const DEFAULT_WORKSPACE_MAX_BYTES = 1024 * 1024;

/** Dependencies of a {@link WorkspaceStore}. */
export interface WorkspaceStoreOptions {
  folder: string;
  /** Size cap in bytes of the saved JSON; default DEFAULT_WORKSPACE_MAX_BYTES. */
  maxBytes?: number;
  /** Wall-clock time, for the name of a kept bad file; default Date.now. */
  now?: () => UnixMs;
}

/** What {@link WorkspaceStore.load} found. */
export interface WorkspaceLoadResult {
  /** The saved workspace; null when none is saved or it was unreadable. */
  document: WorkspaceDocument | null;
  /** Set when the file was unreadable (it is kept as `workspace.json.bad-<time>`). */
  notice: string | null;
}

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MiB`
    : `${Math.ceil(bytes / 1024)} KiB`;
}

/**
 * Checks a document: exactly `{ version, data }`, version a whole number ≥ 0, data
 * JSON-serialisable. Answers the JSON text, or the problem.
 */
export function serialiseWorkspace(
  document: unknown,
  maxBytes = DEFAULT_WORKSPACE_MAX_BYTES,
): { ok: true; json: string } | { ok: false; error: string } {
  if (typeof document !== 'object' || document === null || Array.isArray(document))
    return { ok: false, error: 'The workspace must be an object { version, data }.' };
  const extra = Object.keys(document).filter((key) => key !== 'version' && key !== 'data');
  if (extra.length > 0)
    return { ok: false, error: `The workspace has unknown keys: ${extra.join(', ')}.` };
  const { version, data } = document as Partial<WorkspaceDocument>;
  if (typeof version !== 'number' || !Number.isSafeInteger(version) || version < 0)
    return { ok: false, error: 'The workspace version must be a whole number ≥ 0.' };
  if (!Object.hasOwn(document, 'data')) return { ok: false, error: 'The workspace has no data.' };
  const problem = findNonJson(data, 'data');
  if (problem) return { ok: false, error: `The workspace cannot be saved: ${problem}.` };
  const json = JSON.stringify({ version, data });
  const bytes = Buffer.byteLength(json, 'utf8');
  if (bytes > maxBytes)
    return {
      ok: false,
      error: `The workspace is too large to save (${formatSize(bytes)}; the limit is ${formatSize(maxBytes)}). Remove some layouts or watchlists.`,
    };
  return { ok: true, json };
}

/** Loads and saves the workspace document. */
export class WorkspaceStore {
  readonly file: string;
  readonly maxBytes: number;
  readonly #now: () => UnixMs;

  constructor(private readonly options: WorkspaceStoreOptions) {
    this.file = path.join(options.folder, WORKSPACE_FILE_NAME);
    this.maxBytes = options.maxBytes ?? DEFAULT_WORKSPACE_MAX_BYTES;
    this.#now = options.now ?? Date.now;
  }

  /** Reads the saved workspace. Never throws: trouble is a notice and a null document. */
  load(): WorkspaceLoadResult {
    // A save killed between write and rename leaves its temp file; nothing else ever would.
    removeStaleTempFiles(this.file, { now: this.#now });
    const read = readStoreFile(this.file);
    if ('missing' in read) return { document: null, notice: null };
    if ('problem' in read) {
      return {
        document: null,
        notice: `Could not read the saved workspace (${read.problem}); starting with the default layout.`,
      };
    }
    const { text } = read;
    const parsed = parseJsonText(text);
    // The cap guards saves; a file saved under a larger cap (or by hand) is still read.
    const checked = serialiseWorkspace(parsed, Math.max(this.maxBytes, Buffer.byteLength(text)));
    if (checked.ok)
      return { document: JSON.parse(checked.json) as WorkspaceDocument, notice: null };
    return {
      document: null,
      notice: `The saved workspace was unreadable and the default layout is shown${keepBadCopy(this.file, this.#now())}.`,
    };
  }

  /**
   * Validates and saves a document atomically.
   *
   * @throws StoreError `bad-argument` (not `{version, data}`, not JSON, over the cap)
   *   or `storage` (the file could not be written).
   */
  save(document: unknown): void {
    const checked = serialiseWorkspace(document, this.maxBytes);
    if (!checked.ok) throw new StoreError('bad-argument', checked.error);
    try {
      mkdirSync(this.options.folder, { recursive: true });
      writeFileAtomic(this.file, checked.json, { mode: 0o600 });
    } catch (error) {
      throw new StoreError('storage', `Could not save the workspace: ${describeFsError(error)}`);
    }
  }
}
