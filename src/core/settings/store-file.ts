/**
 * Reading a store's JSON file and keeping a damaged one: what the workspace and the
 * chart drawings stores share (a file in the data folder, read once, never thrown over).
 */
import { copyFileSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { UnixMs } from '../../shared/model';
import { describeFsError } from './store-error';

/** A store file's content: its text, none at all, or why it could not be read. */
export type StoreFileRead = { text: string } | { missing: true } | { problem: string };

export function readStoreFile(file: string): StoreFileRead {
  try {
    return { text: readFileSync(file, 'utf8') };
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { missing: true };
    return { problem: describeFsError(error) };
  }
}

/** The JSON in `text` (a byte-order mark allowed), or undefined when it is not JSON. */
export function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text.replace(/^\uFEFF/, '')) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Copies a damaged `file` aside as `<file>.bad-<ISO time>` and answers the notice's
 * words for it: " (the file is kept as …)", or why it could not be kept.
 */
export function keepBadCopy(file: string, now: UnixMs): string {
  const stamp = new Date(now).toISOString().replace(/[:.]/g, '-');
  const target = `${file}.bad-${stamp}`;
  try {
    copyFileSync(file, target);
    return ` (the file is kept as ${path.basename(target)})`;
  } catch (error) {
    return ` (the file could not be kept: ${describeFsError(error)})`;
  }
}
