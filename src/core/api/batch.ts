/** Helpers for batch operations: code lists, chunks, bounded concurrency, per-code reading. */
import type { ApiError } from './errors';
import { schemaError } from './errors';
import { RecordIssue } from './read';
import type { BatchResult } from './result';
import { errorMessage } from '../../shared/errors';

/** Codes from an array or a comma-separated string: trimmed, empty ones dropped, deduplicated in order. */
export function normaliseCodes(codes: readonly string[] | string): string[] {
  const list = typeof codes === 'string' ? codes.split(',') : codes;
  const seen = new Set<string>();
  for (const c of list) {
    const t = c.trim();
    if (t !== '') seen.add(t);
  }
  return [...seen];
}

/** `items` in chunks of at most `size`. */
export function chunk<T>(items: readonly T[], size: number): T[][] {
  const n = Math.max(1, Math.floor(size));
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += n) out.push(items.slice(i, i + n));
  return out;
}

/** Maps with at most `limit` calls of `fn` in flight; results in input order. */
export async function mapBounded<T, R>(
  items: readonly T[],
  limit: number,
  fn: (item: T, index: number) => Promise<R>,
): Promise<R[]> {
  const out = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await fn(items[i]!, i);
    }
  };
  const workers = Array.from({ length: Math.min(Math.max(1, limit), items.length) }, worker);
  await Promise.all(workers);
  return out;
}

/**
 * Reads each requested code's record of a batch `data` object into `out`: absent or
 * null entries go to `missing`, empty objects (known, nothing yet) to `pending`,
 * unreadable ones to `failed`.
 */
export function collectBatch<T>(
  op: string,
  data: Record<string, unknown>,
  codes: readonly string[],
  read: (value: unknown, code: string) => T,
  out: BatchResult<T>,
): void {
  let folded: Map<string, unknown> | undefined;
  for (const code of codes) {
    let value = Object.hasOwn(data, code) ? data[code] : undefined;
    if (value === undefined) {
      // The service may echo a code in another case (aapl → AAPL); match case-insensitively as a fallback.
      folded ??= new Map(Object.entries(data).map(([k, v]) => [k.toUpperCase(), v]));
      value = folded.get(code.toUpperCase());
    }
    if (value === undefined || value === null) {
      out.missing.push(code);
      continue;
    }
    if (isEmptyObject(value)) {
      (out.pending ??= []).push(code);
      continue;
    }
    try {
      out.data[code] = read(value, code);
    } catch (e) {
      out.failed[code] = toSchemaError(op, code, e);
    }
  }
}

function isEmptyObject(value: unknown): boolean {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  for (const _ in value) return false;
  return true;
}

/** A reader failure as a schema ApiError naming op, code and field. */
export function toSchemaError(op: string, code: string | undefined, e: unknown): ApiError {
  if (e instanceof RecordIssue) return schemaError(op, code, e.field, e.problem);
  // Not expected: a reader bug must still come back as a value, not a crash.
  return schemaError(op, code, undefined, `could not be read (${errorMessage(e)})`);
}
