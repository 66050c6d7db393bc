/**
 * The one error type the settings and workspace stores throw. Its `code` uses the
 * bridge's names (`BridgeErrorCode`), so the bridge maps it to `{ ok: false, error }`
 * without a translation table; the message is written for the user.
 */
import type { BridgeErrorCode } from '../../shared/bridge';

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
