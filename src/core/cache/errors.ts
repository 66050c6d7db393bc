/**
 * Errors and notices the cache hands to the UI and CLI, carrying messages a user can act on.
 */

/** The cache file was written by a newer Marketdesk; this app refuses to touch it. */
export class CacheTooNewError extends Error {
  readonly code = 'cache-too-new';
  override readonly name = 'CacheTooNewError';
  constructor(
    /** The file's `user_version`. */
    readonly found: number,
    /** The newest schema this app knows. */
    readonly known: number,
    readonly path: string,
  ) {
    super(
      `This cache was written by a newer Marketdesk (schema ${found}, this app knows ${known}). ` +
        `Update Marketdesk or remove ${path}.`,
    );
  }
}

/** What happened when a corrupt cache file was moved aside and recreated. */
export interface CacheRecovery {
  /** Where the damaged file now is (`cache.db.corrupt-<timestamp>`). */
  movedTo: string;
  /** The SQLite error or integrity-check failure that triggered the recovery. */
  reason: string;
  /** A sentence for the user. */
  message: string;
}

/** True for the SQLite errors that mean the file itself is damaged or not a database. */
export function isCorruptionError(err: unknown): boolean {
  const code = (err as { code?: unknown } | null)?.code;
  return (
    typeof code === 'string' &&
    (code.startsWith('SQLITE_CORRUPT') || code.startsWith('SQLITE_NOTADB'))
  );
}
