/**
 * The renderer's saved workspace (named layouts and watchlists) as `workspace.json`
 * in the data folder. Opaque to the main side beyond its envelope: a whole-number
 * `version` and JSON `data`, capped in size so a runaway renderer cannot fill the disk
 * or stall every window's startup.
 */
import type { WorkspaceDocument } from '../../shared/bridge';
import type { UnixMs } from '../../shared/model';
import { JsonFileStore, formatBytes } from '../store/json-file-store';
import { findNonJson } from './json-check';
import { StoreError } from './store-error';

/** The workspace file's name in the data folder. */
export const WORKSPACE_FILE_NAME = 'workspace.json';

/** Default size cap of the serialised workspace: 1 MiB. */
export const DEFAULT_WORKSPACE_MAX_BYTES = 1024 * 1024;

/**
 * The most bytes a read of `workspace.json` takes: four times the save cap, so a file
 * saved under a larger cap (or edited by hand) is still read, while a runaway one is
 * kept aside unread instead of stalling every window's start.
 */
export const WORKSPACE_READ_FACTOR = 4;

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
      error: `The workspace is too large to save (${formatBytes(bytes)}; the limit is ${formatBytes(maxBytes)}). Remove some layouts or watchlists.`,
    };
  return { ok: true, json };
}

/** Loads and saves the workspace document. */
export class WorkspaceStore {
  readonly maxBytes: number;
  readonly #file: JsonFileStore<WorkspaceDocument | null>;

  constructor(options: WorkspaceStoreOptions) {
    this.maxBytes = options.maxBytes ?? DEFAULT_WORKSPACE_MAX_BYTES;
    const readMax = this.maxBytes * WORKSPACE_READ_FACTOR;
    this.#file = new JsonFileStore<WorkspaceDocument | null>({
      folder: options.folder,
      name: WORKSPACE_FILE_NAME,
      what: 'the saved workspace',
      // The document carries the renderer's own version, which the renderer checks.
      version: null,
      maxBytes: readMax,
      empty: () => null,
      read: (raw) => {
        const checked = serialiseWorkspace(raw, readMax);
        return checked.ok
          ? { ok: true, value: JSON.parse(checked.json) as WorkspaceDocument }
          : { ok: false, problem: checked.error.replace(/\.$/, '') };
      },
      body: (document) => ({ ...document }),
      now: options.now,
    });
  }

  /** The file's path. */
  get file(): string {
    return this.#file.file;
  }

  /** Reads the saved workspace. Never throws: trouble is a notice and a null document. */
  load(): WorkspaceLoadResult {
    const { value, notice } = this.#file.load();
    return { document: value, notice };
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
    this.#file.save(JSON.parse(checked.json) as WorkspaceDocument);
  }
}
