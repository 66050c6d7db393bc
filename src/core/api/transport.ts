/**
 * One GET to the service, start to finish: rate limit, timeout, cancellation, retries,
 * body size, HTTP status and envelope checks. Resolves to the envelope's `data` or an
 * ApiError; never rejects.
 */
import { redactSecrets } from '../redact';
import type { Clock } from './clock';
import { ApiError } from './errors';
import type { SlotLimiter } from './rate-limiter';
import type { RetryPolicy } from './retry';
import type { Result } from './result';
import { err, ok } from './result';
import { backoffDelay, parseRetryAfter } from './retry';
import { isRecord } from './read';
import {
  abortedError,
  bodySchemaError,
  envelopeError,
  httpError,
  type SymbolSubject,
  networkError,
  notEntitledError,
  redirectError,
  requestBuildError,
  IN_SETTINGS,
  type SettingWords,
  timeoutError,
} from './http-errors';

export interface TransportConfig {
  baseUrl: string;
  token: string;
  fetch: typeof fetch;
  timeoutMs: number;
  limiter: SlotLimiter;
  retry: RetryPolicy;
  clock: Clock;
  random: () => number;
  /** Largest body read, in bytes; default MAX_BODY_BYTES. */
  maxBodyBytes?: number;
  /** How error messages name the settings to check; default the app's Settings dialog. */
  settingWords?: SettingWords;
  /** Told of every 429 the service answers. */
  onRateLimited?: () => void;
}

/**
 * The largest answer the client reads: 32 MiB. The largest legitimate one — 50 codes ×
 * 1,000 candles — is about 4.4 MB; a body past the limit (a wrong address serving a
 * file, a broken proxy, an endless stream) is cut off as it arrives, so one answer
 * costs the process at most this much, not all its memory.
 */
export const MAX_BODY_BYTES = 32 * 1024 * 1024;

/** The body was cut off at the limit (internal to the transport). */
class BodyTooLarge extends Error {
  constructor(readonly declared: number | null) {
    super('body too large');
  }
}

/** One request: the operation's name and path, the encoded query, and words for messages. */
export interface RequestSpec {
  operation: string;
  path: string;
  query: string;
  /** What was asked, for the not-entitled message, e.g. "stock quotes in US". */
  what: string;
  /** The instrument(s) asked about, so "no such product" names them; absent for news. */
  subject?: SymbolSubject;
}

export class Transport {
  // ES private fields: util.inspect and console.log of a client never show the token.
  readonly #headers: Record<string, string>;
  readonly #config: TransportConfig;
  readonly #origin: string;
  readonly #maxBodyBytes: number;
  readonly #words: SettingWords;

  constructor(config: TransportConfig) {
    this.#config = config;
    this.#headers = { token: config.token, accept: 'application/json' };
    this.#origin = config.baseUrl;
    this.#maxBodyBytes = config.maxBodyBytes ?? MAX_BODY_BYTES;
    this.#words = config.settingWords ?? IN_SETTINGS;
  }

  /** GET with retries; the envelope's data, or the last attempt's error. */
  async get(req: RequestSpec, signal?: AbortSignal): Promise<Result<unknown>> {
    const { retry, limiter, clock } = this.#config;
    for (let attempt = 1; ; attempt++) {
      try {
        await limiter.acquire(signal);
      } catch {
        return err(abortedError(req.operation));
      }
      const result = this.#redacted(await this.#once(req, signal));
      if (!result.ok && result.error.kind === 'rate-limited') this.#config.onRateLimited?.();
      if (result.ok || !result.error.retryable || attempt >= retry.attempts) return result;
      const e: ApiError = result.error;
      if (e.kind === 'rate-limited' && e.retryAfterMs !== undefined) {
        if (e.retryAfterMs > retry.maxRetryAfterMs) return result;
        // The limiter holds every caller of this client, this one included, until then.
        limiter.holdOff(e.retryAfterMs);
        continue;
      }
      const delay = backoffDelay(retry, attempt, this.#config.random);
      try {
        await clock.sleep(delay, signal);
      } catch {
        return err(abortedError(req.operation));
      }
    }
  }

  /**
   * A failure with this client's token blanked out of its texts, in every form a service
   * may echo it (see `redactSecrets`), before the error reaches anyone; the client's
   * owner may blank more (tokens replaced this session).
   */
  #redacted(result: Result<unknown>): Result<unknown> {
    if (result.ok) return result;
    return err(result.error.redacted((text) => redactSecrets(text, [this.#config.token])));
  }

  async #once(req: RequestSpec, signal: AbortSignal | undefined): Promise<Result<unknown>> {
    const { operation } = req;
    const words = this.#words;
    if (signal?.aborted) return err(abortedError(operation));
    // One controller for both the timeout and the caller's signal: cheaper than
    // AbortSignal.timeout + AbortSignal.any, and nothing outlives the request.
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort(new DOMException('The request timed out', 'TimeoutError'));
    }, this.#config.timeoutMs);
    timer.unref?.();
    const onAbort = () => controller.abort(signal?.reason);
    signal?.addEventListener('abort', onAbort, { once: true });
    const url = `${this.#config.baseUrl}${req.path}?${req.query}`;
    let status: number;
    let body: string;
    let retryAfter: string | null = null;
    let location: string | null = null;
    try {
      const res = await this.#config.fetch(url, {
        headers: this.#headers,
        signal: controller.signal,
        // Never follow: undici drops only the standard auth headers on a cross-origin
        // redirect, so our `token` header would go to whatever host the answer names.
        redirect: 'manual',
      });
      status = res.status;
      if (status === 429) retryAfter = res.headers.get('retry-after');
      if (status >= 300 && status <= 399) location = res.headers.get('location');
      body = await readBody(res, this.#maxBodyBytes);
    } catch (e) {
      if (signal?.aborted) return err(abortedError(operation));
      if (e instanceof BodyTooLarge) {
        // Whatever is still in flight of it is dropped with the connection.
        controller.abort();
        const declared = e.declared;
        return err(tooLargeError(operation, this.#origin, this.#maxBodyBytes, declared, words));
      }
      if (timedOut) {
        return err(timeoutError(operation, this.#origin, this.#config.timeoutMs, words));
      }
      // A TypeError before any byte is sent: the URL or a header value (the token) is
      // unusable. Retrying will not help, and "offline" would send the user the wrong way.
      if (isRequestBuildError(e)) {
        // undici quotes an invalid header value in its message: blank the token out.
        const why = redactSecrets(e.message, [this.#config.token]);
        return err(requestBuildError(operation, why, words));
      }
      return err(networkError(operation, this.#origin, e, words));
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    }
    if (status >= 300 && status <= 399) {
      return err(redirectError(operation, status, redirectHost(location, url)));
    }
    if (status < 200 || status > 299) {
      const retryAfterMs = parseRetryAfter(retryAfter);
      return err(httpError(operation, req.path, status, body, retryAfterMs, req.subject, words));
    }
    return readEnvelope(req, body, words, (text) => redactSecrets(text, [this.#config.token]));
  }
}

/**
 * The body as text, counted as it arrives: a Content-Length over `max` fails before a
 * byte is read, and a body that grows past `max` fails as soon as it does (undici's
 * `text()` would hold all of it first, however large).
 */
async function readBody(res: Response, max: number): Promise<string> {
  const length = Number(res.headers.get('content-length') ?? Number.NaN);
  if (Number.isFinite(length) && length > max) {
    await res.body?.cancel().catch(() => undefined);
    throw new BodyTooLarge(length);
  }
  if (res.body === null) return '';
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let bytes = 0;
  let text = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    bytes += value.byteLength;
    if (bytes > max) {
      await reader.cancel().catch(() => undefined);
      throw new BodyTooLarge(null);
    }
    text += decoder.decode(value, { stream: true });
  }
}

/** An answer past the size limit: never retried (the same request brings the same answer). */
export function tooLargeError(
  operation: string,
  origin: string,
  maxBytes: number,
  declaredBytes: number | null,
  words = IN_SETTINGS,
): ApiError {
  const limit = `${Math.round(maxBytes / (1024 * 1024))} MiB`;
  const size =
    declaredBytes === null
      ? `more than ${limit}`
      : `${Math.round(declaredBytes / (1024 * 1024)).toLocaleString('en-US')} MiB (the limit is ${limit})`;
  return new ApiError({
    kind: 'too-large',
    operation,
    message: `Response too large: ${origin} sent ${size} for one request, far more than any market data answer, and Marketdesk stopped reading it. Ask for fewer symbols or candles at once; if it goes on, check ${words.baseUrl}.`,
  });
}

/** The host a redirect points at, for the message; the Location itself may carry anything. */
function redirectHost(location: string | null, from: string): string {
  if (location === null) return 'an unknown address';
  try {
    return new URL(location, from).host || 'an unknown address';
  } catch {
    return 'an unknown address';
  }
}

/**
 * True for fetch's own TypeErrors about the request (a header value that is not a
 * ByteString, an unparsable URL), raised before anything is sent. Network failures
 * are TypeErrors too ("fetch failed") but carry a cause.
 */
function isRequestBuildError(e: unknown): e is TypeError {
  return e instanceof TypeError && e.cause === undefined && e.message !== 'fetch failed';
}

/** How much of a non-JSON body is searched for the token before 30 characters are quoted. */
const QUOTE_SCAN_CHARS = 4096;

/** Checks the envelope (spec 2.1) and returns its data; `redact` blanks the token out of what it quotes. */
export function readEnvelope(
  req: RequestSpec,
  body: string,
  words = IN_SETTINGS,
  redact: (text: string) => string = (text) => text,
): Result<unknown> {
  const { operation } = req;
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    // The service's text is quoted only after the token is blanked out of it: cut first,
    // and a token the body starts with would leave as its first 30 characters.
    const start = redact(body.trim().slice(0, QUOTE_SCAN_CHARS)).slice(0, 30);
    return err(
      bodySchemaError(
        operation,
        `the answer is not JSON (it starts ${start === '' ? 'empty' : JSON.stringify(start)})`,
        words,
      ),
    );
  }
  if (!isRecord(parsed) || !('code' in parsed)) {
    return err(bodySchemaError(operation, 'the answer is not a {code, msg, data} envelope', words));
  }
  const code = parsed.code;
  const msg = typeof parsed.msg === 'string' ? parsed.msg : '';
  if (code !== 0 && code !== '0') {
    if (typeof code !== 'number' && typeof code !== 'string') {
      return err(
        bodySchemaError(operation, 'the envelope "code" is neither a number nor a string', words),
      );
    }
    return err(envelopeError(operation, code, msg, req.subject, words));
  }
  const data = parsed.data;
  if (data === null || data === undefined || (isRecord(data) && isEmpty(data))) {
    return err(notEntitledError(operation, req.what));
  }
  return ok(data);
}

function isEmpty(o: object): boolean {
  for (const _ in o) return false;
  return true;
}
