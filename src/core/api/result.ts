/**
 * Errors as values at the API boundary (docs/architecture.md, rule 9): every client call resolves to
 * a `Result` and never rejects, so callers handle failure where the type forces them.
 */
import type { ApiError } from './errors';

/** Success or failure of one call. */
export type Result<T, E = ApiError> = { ok: true; value: T } | { ok: false; error: E };

export function ok<T>(value: T): { ok: true; value: T } {
  return { ok: true, value };
}

export function err<E = ApiError>(error: E): { ok: false; error: E } {
  return { ok: false, error };
}

/**
 * The outcome of a batch operation, per code. A code the source has no such product
 * for is `missing`; a code whose chunk failed or whose record could not be read is in
 * `failed` with its error. Neither fails the rest of the batch.
 */
export interface BatchResult<T> {
  /** Normalised records keyed by the requested code. */
  data: Record<string, T>;
  /**
   * Codes the source has no such product for, as requested: a null or absent entry
   * (spec rule 4.3.1 keeps one entry per code; the simulator answers an unknown code
   * with null), or the service's E001 to a one-code request.
   */
  missing: string[];
  /**
   * Codes the source knows and has no record of yet: an entry that is an empty object
   * (`{}`). The replay's loopback service answers so for a recorded instrument before a
   * channel's first frame (src/core/replay/replay-server.ts). Absent: none.
   */
  pending?: string[];
  /** Requested codes that failed: their chunk's error, or a schema error for their record. */
  failed: Record<string, ApiError>;
}

/** A single-symbol Result in batch form, so single and batch calls share one path. */
export function asBatch<T>(code: string, r: Result<T>): Result<BatchResult<T>> {
  return r.ok ? ok({ data: { [code]: r.value }, missing: [], failed: {} }) : r;
}
