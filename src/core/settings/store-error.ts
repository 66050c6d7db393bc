/**
 * The one error type the settings and workspace stores throw. Its `code` uses the
 * bridge's names (`BridgeErrorCode`), so the bridge maps it to `{ ok: false, error }`
 * without a translation table; the message is written for the user.
 */
import { copyFileSync } from 'node:fs';
import path from 'node:path';
import type { BridgeErrorCode } from '../../shared/bridge';
import type { UnixMs } from '../../shared/model';

/** Why a store refused or failed an operation. */
export type StoreErrorCode = Extract<BridgeErrorCode, 'bad-argument' | 'storage'>;

/** A refused argument (`bad-argument`) or a failed read/write (`storage`). */
export class StoreError extends Error {
  override readonly name = 'StoreError';
  constructor(
    readonly code: StoreErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export function isStoreError(value: unknown): value is StoreError {
  return value instanceof StoreError;
}

/** A short reason from a file system error (its code, e.g. `EACCES`, or its message). */
export function describeFsError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}

/**
 * Keeps an unreadable file as `<file>.bad-<ISO time>` before it is replaced, and says
 * so in words for a notice: " (the file is kept as x.bad-…)".
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
