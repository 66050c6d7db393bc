/**
 * Request building from the OPERATIONS table: the query string of an operation's
 * required and optional parameters, and the words messages use for a request.
 */
import type { OperationSpec, ParamName } from '../../shared/api/operations';
import { ApiError } from './errors';

/** The parameters of any operation, as the generic call sees them. */
export type AnyParams = Partial<Record<ParamName, unknown>> & {
  codes?: readonly string[] | string;
};

/** A caller mistake: the request is not sent. */
export function invalid(op: string, problem: string): ApiError {
  return new ApiError({
    kind: 'invalid-request',
    operation: op,
    message: `${op}: ${problem}. This is a bug in the caller: the request was not sent.`,
  });
}

/**
 * Query string from the table's parameter lists; `codes` is the chunk. An ApiError
 * when a required parameter is missing or a value is not a string or finite number.
 */
export function buildQuery(
  op: string,
  spec: OperationSpec,
  params: AnyParams,
  codes: readonly string[] | undefined,
): string | ApiError {
  const parts: string[] = [];
  const add = (name: ParamName, required: boolean): ApiError | undefined => {
    let value: string;
    if (name === 'codes') {
      value = (codes ?? []).map(encodeURIComponent).join(',');
    } else {
      const v = params[name];
      if (v === undefined || v === null || v === '') {
        return required ? invalid(op, `parameter "${name}" is required`) : undefined;
      }
      if (typeof v !== 'string' && !(typeof v === 'number' && Number.isFinite(v))) {
        return invalid(op, `parameter "${name}" must be a string or a number`);
      }
      value = encodeURIComponent(String(v));
    }
    parts.push(`${name}=${value}`);
    return undefined;
  };
  for (const name of spec.required) {
    const e = add(name, true);
    if (e) return e;
  }
  for (const name of spec.optional) add(name, false);
  return parts.join('&');
}

/** "stock quotes in US (AAPL, MSFT)" for messages. */
export function describe(spec: OperationSpec, params: AnyParams, codes: string): string {
  if (spec.kind === 'news') return `${String(params.market)} news`;
  const where = typeof params.region === 'string' ? ` in ${params.region}` : '';
  return `${spec.class ?? ''} ${spec.kind}${where}${codes ? ` (${codes})` : ''}`;
}
