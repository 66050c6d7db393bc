/**
 * The one error type of the API client. Each kind carries the facts a caller needs
 * (status, envelope code, when to retry) and a message a user can act on. The token
 * never appears in any of it: the client sends it as a header, never in the URL.
 */

/**
 * - `network`: the service could not be reached (refused, DNS, reset).
 * - `timeout`: no complete answer within the per-request timeout.
 * - `aborted`: the caller cancelled (its AbortSignal fired); never retried.
 * - `http`: a non-2xx status other than those below (`status` set).
 * - `rate-limited`: HTTP 429; `retryAfterMs` says when to try again.
 * - `auth`: HTTP 401/403 or envelope E002: the token was refused.
 * - `envelope`: HTTP 200 with a non-zero envelope `code` (`apiCode`, `apiMessage` set).
 * - `not-entitled`: `code` 0 but `data` null or `{}`: the plan does not cover that market.
 * - `unknown-symbol`: the service has no such product (its `E001 not found this
 *   produce`) for the code(s) asked; `symbol` set when one code was asked. The request
 *   worked and the answer is final: never retried, and no sign of a service problem.
 * - `schema`: the body or a record cannot be read (`symbol`, `field` set where known).
 * - `too-large`: the answer's body passed the client's size limit (its Content-Length,
 *   or the bytes as they arrived); reading stopped there. Never retried: the same
 *   request would bring the same answer.
 * - `invalid-request`: the caller's parameters are unusable (missing region, no codes…).
 */
export type ApiErrorKind =
  | 'network'
  | 'timeout'
  | 'aborted'
  | 'http'
  | 'rate-limited'
  | 'auth'
  | 'envelope'
  | 'not-entitled'
  | 'unknown-symbol'
  | 'schema'
  | 'too-large'
  | 'invalid-request';

export interface ApiErrorInit {
  kind: ApiErrorKind;
  message: string;
  /** The operation name from the OPERATIONS table, e.g. `stockQuotes`. */
  operation: string;
  /** HTTP status, for `http`, `rate-limited` and `auth` from HTTP. */
  status?: number;
  /** Envelope `code` for `envelope` and `auth` from the envelope. */
  apiCode?: number | string;
  /** Envelope `msg` as the service sent it. */
  apiMessage?: string;
  /** Milliseconds to wait before retrying (`rate-limited`). */
  retryAfterMs?: number;
  /** The code (symbol) a record error is about. */
  symbol?: string;
  /** The wire field a schema error is about, e.g. `ld` or `a[2].v`. */
  field?: string;
  cause?: unknown;
}

/** Plain-data form of an ApiError, safe to pass across the bridge. */
export interface ApiErrorData {
  kind: ApiErrorKind;
  message: string;
  operation: string;
  status?: number;
  apiCode?: number | string;
  retryAfterMs?: number;
  symbol?: string;
  field?: string;
}

/** An API failure. Resolved as a value (see `Result`), not thrown, by the client. */
export class ApiError extends Error {
  readonly kind: ApiErrorKind;
  readonly operation: string;
  readonly status: number | undefined;
  readonly apiCode: number | string | undefined;
  readonly apiMessage: string | undefined;
  readonly retryAfterMs: number | undefined;
  readonly symbol: string | undefined;
  readonly field: string | undefined;

  constructor(init: ApiErrorInit) {
    super(init.message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'ApiError';
    this.kind = init.kind;
    this.operation = init.operation;
    this.status = init.status;
    this.apiCode = init.apiCode;
    this.apiMessage = init.apiMessage;
    this.retryAfterMs = init.retryAfterMs;
    this.symbol = init.symbol;
    this.field = init.field;
  }

  /** True for kinds worth another attempt: the same request may succeed later. */
  get retryable(): boolean {
    return (
      this.kind === 'network' ||
      this.kind === 'timeout' ||
      this.kind === 'rate-limited' ||
      (this.kind === 'http' && this.status !== undefined && this.status >= 500)
    );
  }

  /**
   * This error with its texts (`message`, `apiMessage`) passed through `redact`, every
   * other fact kept. The service's own text can echo the token ("quota exceeded for token
   * …"); the client's owner, who knows the token, blanks it here once, before the error
   * becomes any message. Written beside the fields so a new text field is not missed.
   */
  redacted(redact: (text: string) => string): ApiError {
    return new ApiError({
      kind: this.kind,
      operation: this.operation,
      message: redact(this.message),
      ...(this.status === undefined ? {} : { status: this.status }),
      ...(this.apiCode === undefined ? {} : { apiCode: this.apiCode }),
      ...(this.apiMessage === undefined ? {} : { apiMessage: redact(this.apiMessage) }),
      ...(this.retryAfterMs === undefined ? {} : { retryAfterMs: this.retryAfterMs }),
      ...(this.symbol === undefined ? {} : { symbol: this.symbol }),
      ...(this.field === undefined ? {} : { field: this.field }),
      ...(this.cause === undefined ? {} : { cause: this.cause }),
    });
  }

  /** Plain data (no stack, no cause) for the bridge and logs. */
  toJSON(): ApiErrorData {
    const out: ApiErrorData = { kind: this.kind, message: this.message, operation: this.operation };
    if (this.status !== undefined) out.status = this.status;
    if (this.apiCode !== undefined) out.apiCode = this.apiCode;
    if (this.retryAfterMs !== undefined) out.retryAfterMs = this.retryAfterMs;
    if (this.symbol !== undefined) out.symbol = this.symbol;
    if (this.field !== undefined) out.field = this.field;
    return out;
  }
}

/** Type guard for ApiError. */
export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

/** Describes a wire value briefly for messages: `"abc"`, `null`, `an object`. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (typeof value === 'string') {
    const s = value.length > 40 ? `${value.slice(0, 40)}…` : value;
    return JSON.stringify(s);
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return Array.isArray(value) ? 'an array' : 'an object';
}

/** A record the client cannot read: `stockQuotes: AAPL: field "ld" must be a number, got "abc"`. */
export function schemaError(
  operation: string,
  symbol: string | undefined,
  field: string | undefined,
  problem: string,
): ApiError {
  const where = [operation, symbol].filter((s) => s !== undefined && s !== '').join(': ');
  const what = field === undefined ? problem : `field "${field}" ${problem}`;
  const detail = `${where}: ${what}`;
  return new ApiError({
    kind: 'schema',
    operation,
    ...(symbol === undefined ? {} : { symbol }),
    ...(field === undefined ? {} : { field }),
    message: `${detail}. The market data service sent data Marketdesk cannot read; other symbols are unaffected. If this persists, the service may have changed its format.`,
  });
}
