/**
 * The simulator's error convention (the spec leaves errors open; see README.md):
 * a non-zero envelope `code` equal to the HTTP status, a `msg` a person can read
 * that starts with an `E…` tag (the real service's E001–E003 texts where they fit),
 * and `data` null. One exception: an unknown product is HTTP 200 with envelope
 * `code` 1 and the real service's E001 text, because the request itself was fine.
 */

/** An error answer: HTTP status, readable message, extra response headers, envelope code. */
export class SimulatorError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
    /** The envelope's `code`; the HTTP status unless said otherwise. */
    readonly apiCode: number = status,
  ) {
    super(message);
    this.name = 'SimulatorError';
  }
}

/** Envelope `code` of "no such product": the number of the real service's E001 tag. */
export const UNKNOWN_PRODUCT_CODE = 1;

/**
 * The real service's E001 ("produce" is theirs) for a code the catalog does not list
 * in that class and region. HTTP 200: the request was well formed and the service
 * answered it; the envelope says the product does not exist. That keeps it apart
 * from a 404 (no such operation: a wrong base URL) at the HTTP level too.
 */
export function unknownProduct(cls: string, region: string, code: string): SimulatorError {
  return new SimulatorError(
    200,
    `E001 not found this produce: no ${cls} ${code} in ${region}`,
    {},
    UNKNOWN_PRODUCT_CODE,
  );
}

/** 400 for a missing or malformed query parameter. */
export function badParam(name: string, why: string): SimulatorError {
  return new SimulatorError(400, `E400 bad parameter ${name}: ${why}`);
}

/** 400 with the real service's E003 text: more codes than the plan allows. */
export function overPlan(count: number, planName: string, max: number): SimulatorError {
  return new SimulatorError(
    400,
    `E003 exceeding the maximum subscription limit: ${count} codes requested, plan ${planName} allows ${max}`,
  );
}

/** 401 with the real service's E002 text. */
export function authFailed(why: string): SimulatorError {
  return new SimulatorError(401, `E002 auth failed: ${why}`);
}

/**
 * 404 for a path that is no operation. Not tagged E001: clients read E001 as "no such
 * product" and would blame the symbol for what is a wrong base URL.
 */
export function notFound(path: string): SimulatorError {
  return new SimulatorError(404, `E404 no operation at ${path}`);
}

/** 405 for anything but GET; `Allow` tells the client what would work. */
export function methodNotAllowed(method: string): SimulatorError {
  return new SimulatorError(405, `E405 method ${method} not allowed: use GET`, { Allow: 'GET' });
}

/** 429 with `Retry-After` in whole seconds (at least 1). */
export function tooManyRequests(limitText: string, retryAfterS: number): SimulatorError {
  return new SimulatorError(
    429,
    `E429 too many requests: limit ${limitText}, retry after ${retryAfterS} s`,
    { 'Retry-After': String(retryAfterS) },
  );
}

/** The JSON body of an error answer. */
export function errorBody(error: SimulatorError): string {
  return JSON.stringify({ code: error.apiCode, msg: error.message, data: null });
}
