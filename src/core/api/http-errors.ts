/**
 * Builders of the user-facing ApiErrors of the transport: each message says what
 * happened and what the user can do about it. None mentions the token's value.
 */
import type { AssetClass } from '../../shared/model';
import { ApiError } from './errors';

/**
 * How a message names the place where the user changes a setting, in the words of the
 * client's owner (`MarketClientOptions.settingWords`): the app's Settings dialog, or the
 * command line's options. The advice itself is written once, here.
 */
export interface SettingWords {
  /** The service's address. */
  baseUrl: string;
  /** The API token. */
  token: string;
  /** The plan (codes per request, requests per minute). */
  plan: string;
  /** The per-request timeout. */
  timeout: string;
  /** What to do about a rate limit that keeps coming back (a whole clause). */
  fewerRequests: string;
}

/** The app's words: everything is changed in its Settings dialog. */
export const IN_SETTINGS: SettingWords = {
  baseUrl: 'the base URL in Settings',
  token: 'the token in Settings',
  plan: 'the plan chosen in Settings',
  timeout: 'the request timeout in Settings',
  fewerRequests: 'lower the requests per minute in Settings',
};

/**
 * What a request asked about: the instrument(s) a "no such product" answer refers
 * to. Built by the caller from the operation and its parameters.
 */
export interface SymbolSubject {
  class: AssetClass;
  region: string;
  /** Stock only; '' = the region's primary exchange. */
  exchange: string;
  /** The codes of the request (one for single-symbol operations, a chunk for batches). */
  codes: readonly string[];
}

/** How a person names a symbol of each class in a sentence. */
const SYMBOL_NOUN: Record<AssetClass, string> = {
  stock: 'stock',
  crypto: 'crypto',
  fund: 'fund',
  indices: 'index',
  forex: 'forex',
  future: 'futures',
};

/**
 * The one wording of an unknown code: "TENCENT is not a known stock symbol in US".
 * The symbol checker and the command line say it the same way.
 */
export function unknownSymbolMessage(subject: SymbolSubject): string {
  const where = subject.exchange ? `${subject.region} (${subject.exchange})` : subject.region;
  const what = `a known ${SYMBOL_NOUN[subject.class]} symbol in ${where}`;
  return subject.codes.length === 1
    ? `${subject.codes[0]} is not ${what}`
    : `One or more of ${subject.codes.join(', ')} is not ${what}`;
}

/** The service's "no such product" text (E001; "produce" is theirs). */
const NO_SUCH_PRODUCT = /^E001\b|not found this produce/i;

/** True for the service's "no such product" message. */
export function isNoSuchProduct(msg: string): boolean {
  return NO_SUCH_PRODUCT.test(msg);
}

/** The service has no product for the code(s) of `subject`. */
export function unknownSymbolError(
  operation: string,
  subject: SymbolSubject,
  answer: { apiCode?: number | string; apiMessage?: string; status?: number },
): ApiError {
  return new ApiError({
    kind: 'unknown-symbol',
    operation,
    ...answer,
    ...(subject.codes.length === 1 ? { symbol: subject.codes[0] } : {}),
    message: `${unknownSymbolMessage(subject)}: the market data service has no such product. Check the code and its market.`,
  });
}

const NETWORK_CAUSES: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ENOTFOUND: 'host not found',
  EAI_AGAIN: 'host name lookup failed',
  ECONNRESET: 'connection reset',
  ETIMEDOUT: 'connection timed out',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  UND_ERR_SOCKET: 'connection closed unexpectedly',
};

function causeCode(e: unknown): string | undefined {
  for (let c: unknown = e, depth = 0; c !== undefined && c !== null && depth < 4; depth++) {
    const code = (c as { code?: unknown }).code;
    if (typeof code === 'string') return code;
    c = (c as { cause?: unknown }).cause;
  }
  return undefined;
}

export function networkError(
  operation: string,
  origin: string,
  e: unknown,
  words = IN_SETTINGS,
): ApiError {
  const code = causeCode(e);
  const reason =
    (code && NETWORK_CAUSES[code]) ??
    (code?.startsWith('ERR_TLS') || code?.includes('CERT')
      ? 'TLS certificate problem'
      : undefined) ??
    (e instanceof Error ? ((e.cause as Error | undefined)?.message ?? e.message) : String(e));
  return new ApiError({
    kind: 'network',
    operation,
    cause: e,
    message: `Could not reach ${origin}: ${reason}. Check your network or ${words.baseUrl}.`,
  });
}

/**
 * A 3xx answer. Redirects are never followed (the token header would go along), so
 * the base URL must name the service's final address.
 */
export function redirectError(operation: string, status: number, host: string): ApiError {
  return new ApiError({
    kind: 'http',
    operation,
    status,
    message: `The market data service redirected to ${host}; Marketdesk does not follow redirects with your token. Check the base URL.`,
  });
}

/**
 * fetch refused to build the request (a TypeError before anything was sent: a header
 * value with characters HTTP cannot carry, a bad URL). Not a network problem.
 * `why` is fetch's message with the token already blanked out; the original error
 * is not kept as the cause, since it may quote the header's value.
 */
export function requestBuildError(operation: string, why: string, words = IN_SETTINGS): ApiError {
  return new ApiError({
    kind: 'invalid-request',
    operation,
    message: `The request could not be built (${why}). Check the token and ${words.baseUrl}: they may contain only printable ASCII characters.`,
  });
}

export function timeoutError(
  operation: string,
  origin: string,
  timeoutMs: number,
  words = IN_SETTINGS,
): ApiError {
  return new ApiError({
    kind: 'timeout',
    operation,
    message: `${origin} did not answer within ${timeoutMs / 1000} s. Check your network; if the service is slow, raise ${words.timeout}.`,
  });
}

export function abortedError(operation: string): ApiError {
  return new ApiError({ kind: 'aborted', operation, message: 'The request was cancelled.' });
}

/** The envelope `msg` of an error body, if the body is one. */
function bodyMessage(body: string): string | undefined {
  try {
    const v: unknown = JSON.parse(body);
    const msg = (v as { msg?: unknown } | null)?.msg;
    return typeof msg === 'string' && msg !== '' ? msg : undefined;
  } catch {
    return undefined;
  }
}

/**
 * A non-2xx answer. `subject` (what the request asked about) turns the service's
 * "no such product" (E001) on a 4xx into `unknown-symbol`.
 */
export function httpError(
  operation: string,
  path: string,
  status: number,
  body: string,
  retryAfterMs: number | null,
  subject?: SymbolSubject,
  words = IN_SETTINGS,
): ApiError {
  const apiMessage = bodyMessage(body);
  const detail = apiMessage === undefined ? `HTTP ${status}` : `HTTP ${status}: ${apiMessage}`;
  const base = { operation, status, ...(apiMessage === undefined ? {} : { apiMessage }) };
  if (status === 429) {
    const when =
      retryAfterMs === null ? 'shortly' : `in ${Math.max(1, Math.ceil(retryAfterMs / 1000))} s`;
    return new ApiError({
      ...base,
      kind: 'rate-limited',
      ...(retryAfterMs === null ? {} : { retryAfterMs }),
      message: `The market data service is limiting the request rate (${detail}). Try again ${when}; if it keeps happening, ${words.fewerRequests}.`,
    });
  }
  if (status === 401 || status === 403) {
    return new ApiError({
      ...base,
      kind: 'auth',
      message: `The market data service rejected the token (${detail}). Check ${words.token}.`,
    });
  }
  if (status >= 500) {
    return new ApiError({
      ...base,
      kind: 'http',
      message: `The market data service failed (${detail}). This is on the service's side; try again later.`,
    });
  }
  if (apiMessage !== undefined && subject !== undefined && isNoSuchProduct(apiMessage)) {
    return unknownSymbolError(operation, subject, { status, apiMessage });
  }
  if (apiMessage !== undefined && /^E00[13]\b/i.test(apiMessage)) {
    // The service's own E001/E003 texts say more than the status does.
    return new ApiError({
      ...base,
      kind: 'http',
      message: `The market data service refused the request for ${path} (${detail}). ${adviceFor(apiMessage, words)}`,
    });
  }
  if (status === 404) {
    return new ApiError({
      ...base,
      kind: 'http',
      message: `The market data service has no ${path} (${detail}). Check ${words.baseUrl}.`,
    });
  }
  return new ApiError({
    ...base,
    kind: 'http',
    message: `The market data service refused the request for ${path} (${detail}). Check the symbols and market settings.`,
  });
}

/** What to do about the service's documented error texts. */
function adviceFor(msg: string, words: SettingWords): string {
  if (/^E001\b/i.test(msg)) return 'Check the symbol code and its market.';
  if (/^E003\b/i.test(msg)) {
    return `The request asks for more than your plan allows: check ${words.plan}.`;
  }
  return 'Try again later; if it persists, check the symbols and settings.';
}

/**
 * A non-zero envelope `code`. E002 becomes `auth`; E001 becomes `unknown-symbol` when
 * the request named codes (`subject`); E001 otherwise and E003 get specific advice.
 */
export function envelopeError(
  operation: string,
  apiCode: number | string,
  msg: string,
  subject?: SymbolSubject,
  words = IN_SETTINGS,
): ApiError {
  const label = msg === '' ? `code ${apiCode}` : msg;
  const base = { operation, apiCode, apiMessage: msg };
  if (subject !== undefined && isNoSuchProduct(msg)) {
    return unknownSymbolError(operation, subject, { apiCode, apiMessage: msg });
  }
  if (/^E002\b/i.test(msg) || /auth/i.test(msg)) {
    return new ApiError({
      ...base,
      kind: 'auth',
      message: `The market data service rejected the token (${label}). Check ${words.token}.`,
    });
  }
  return new ApiError({
    ...base,
    kind: 'envelope',
    message: `The market data service reported an error (${label}). ${adviceFor(msg, words)}`,
  });
}

export function notEntitledError(operation: string, what: string): ApiError {
  return new ApiError({
    kind: 'not-entitled',
    operation,
    message: `Not in your plan: the market data service returned no data for ${what}. Check your subscription covers this market, or remove these symbols.`,
  });
}

export function bodySchemaError(operation: string, problem: string, words = IN_SETTINGS): ApiError {
  return new ApiError({
    kind: 'schema',
    operation,
    message: `${operation}: ${problem}. Check ${words.baseUrl} points at the market data service.`,
  });
}
