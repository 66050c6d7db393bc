/**
 * The two ways an operation runs: a single request read into one record, or a batch
 * split into chunks of the plan's maximum, run with bounded concurrency and merged
 * per code. Both resolve to a Result and never reject.
 */
import type { OperationName, OperationSpec } from '../../shared/api/operations';
import { chunk, collectBatch, mapBounded, normaliseCodes, toSchemaError } from './batch';
import type { ApiError } from './errors';
import { schemaError } from './errors';
import { isRecord } from './read';
import type { SymbolSubject } from './http-errors';
import { buildQuery, describe, invalid, type AnyParams } from './request';
import type { BatchResult, Result } from './result';
import { err, ok } from './result';
import type { Transport } from './transport';

/** Reads one wire record for `code` or throws a RecordIssue. */
export type RecordReader<T> = (value: unknown, code: string) => T;

export interface BatchLimits {
  /** Codes per request: the plan's maximum. */
  maxCodes: number;
  /** Requests of one call in flight at once. */
  concurrency: number;
  /** Accept a bare array as the data of a one-code chunk (klines). */
  bareArray: boolean;
}

/** The instrument(s) a request asks about; undefined for news (no class, no codes). */
function subjectOf(
  spec: OperationSpec,
  params: AnyParams,
  codes: readonly string[],
): SymbolSubject | undefined {
  if (spec.class === null || codes.length === 0) return undefined;
  return {
    class: spec.class,
    region: typeof params.region === 'string' ? params.region : '',
    exchange: typeof params.exchange === 'string' ? params.exchange : '',
    codes,
  };
}

/** A single-record operation (depth, info, news). */
export async function callSingle<T>(
  transport: Transport,
  op: OperationName,
  spec: OperationSpec,
  params: AnyParams,
  read: RecordReader<T>,
  signal: AbortSignal | undefined,
): Promise<Result<T>> {
  const query = buildQuery(op, spec, params, undefined);
  if (typeof query !== 'string') return err(query);
  const code = typeof params.code === 'string' ? params.code : '';
  const what = describe(spec, params, code);
  const subject = subjectOf(spec, params, code === '' ? [] : [code]);
  const res = await transport.get({ operation: op, path: spec.path, query, what, subject }, signal);
  if (!res.ok) return res;
  try {
    return ok(read(res.value, code));
  } catch (e) {
    return err(toSchemaError(op, code || undefined, e));
  }
}

/**
 * A batch operation. A failed chunk fails its codes only; the call as a whole fails
 * (with the first chunk's error) only when no chunk could be read at all, so a wrong
 * token or an outage is one error, not one per code. A one-code chunk the service
 * answers "no such product" (E001) is an answer, not a failure: the code is `missing`.
 * A larger chunk answered E001 cannot say which code is unknown: each gets the error.
 */
export async function callBatch<T>(
  transport: Transport,
  op: OperationName,
  spec: OperationSpec,
  params: AnyParams,
  read: RecordReader<T>,
  limits: BatchLimits,
  signal: AbortSignal | undefined,
): Promise<Result<BatchResult<T>>> {
  if (params.codes === undefined) return err(invalid(op, 'parameter "codes" is required'));
  const codes = normaliseCodes(params.codes);
  const out: BatchResult<T> = { data: {}, missing: [], failed: {} };
  if (codes.length === 0) return ok(out);
  const chunks = chunk(codes, limits.maxCodes);
  const queries: string[] = [];
  for (const c of chunks) {
    const q = buildQuery(op, spec, params, c);
    if (typeof q !== 'string') return err(q);
    queries.push(q);
  }
  const answers = await mapBounded(chunks, limits.concurrency, (c, i) =>
    transport.get(
      {
        operation: op,
        path: spec.path,
        query: queries[i]!,
        what: describe(spec, params, c.join(', ')),
        subject: subjectOf(spec, params, c),
      },
      signal,
    ),
  );
  let firstError: ApiError | undefined;
  let anyRead = false;
  for (let i = 0; i < chunks.length; i++) {
    const c = chunks[i]!;
    const answer = answers[i]!;
    let data: unknown;
    let error: ApiError | undefined;
    if (answer.ok) {
      data = answer.value;
      if (Array.isArray(data) && limits.bareArray && c.length === 1) data = { [c[0]!]: data };
      if (!isRecord(data))
        error = schemaError(op, undefined, 'data', 'must be an object keyed by code');
    } else if (answer.error.kind === 'unknown-symbol' && c.length === 1) {
      out.missing.push(c[0]!);
      anyRead = true;
      continue;
    } else {
      error = answer.error;
    }
    if (error !== undefined || !isRecord(data)) {
      firstError ??= error;
      for (const code of c) if (error) out.failed[code] = error;
      continue;
    }
    anyRead = true;
    collectBatch(op, data, c, read, out);
  }
  if (!anyRead && firstError !== undefined) return err(firstError);
  return ok(out);
}
