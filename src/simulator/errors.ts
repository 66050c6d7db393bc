/**
 * The simulator's error convention (the spec leaves errors open; see README.md):
 * a non-zero envelope `code` equal to the HTTP status, a `msg` a person can read
 * that starts with an `E…` tag (the real service's E001–E003 texts where they fit),
 * and `data` null.
 */

/** An error answer: HTTP status, readable message, extra response headers. */
export class SimulatorError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.name = 'SimulatorError';
  }
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

/** 404 with the real service's E001 text ("produce" is theirs). */
export function notFound(path: string): SimulatorError {
  return new SimulatorError(404, `E001 not found this produce: no operation at ${path}`);
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
  return JSON.stringify({ code: error.status, msg: error.message, data: null });
}
