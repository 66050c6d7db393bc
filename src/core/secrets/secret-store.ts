/**
 * The secret store: where the one API token lives, bound to the origin it was given
 * for. Every backend (OS keychain, Electron safeStorage file, session memory,
 * environment) has this shape, and every failure comes back as a value whose message
 * never contains the token.
 */
import type { TokenStorage } from '../../shared/model';
import { liveSourceId } from '../../shared/model';
import type { Result } from '../api/result';
import { err, ok } from '../api/result';
import { redactSecrets } from '../redact';
import { errorMessage } from '../../shared/errors';

/** The keychain service name the token is stored under. */
export const KEYCHAIN_SERVICE = 'Marketdesk';
/** The keychain account the token is stored under. */
export const KEYCHAIN_ACCOUNT = 'api-token';
/** The environment variable whose token overrides every store (headless use). */
export const TOKEN_ENV_VAR = 'MARKETDESK_TOKEN';
/**
 * The environment variable naming the service's base URL. It overrides Settings (in the
 * app as on the command line), and it names the one origin `MARKETDESK_TOKEN` is for.
 */
export const BASE_URL_ENV_VAR = 'MARKETDESK_BASE_URL';
/**
 * The environment variable that keeps the token away from the OS key stores when set
 * to `off` (keychain and safeStorage alike): test runs on a developer's machine, a
 * shared or broken keychain. The token is then held for the session only.
 */
export const KEYCHAIN_ENV_VAR = 'MARKETDESK_KEYCHAIN';

/** Longer than any real API token; a bound so a pasted document is not stored. */
export const MAX_TOKEN_LENGTH = 4096;

export type SecretErrorKind =
  /** The token given is not a usable token (empty, too long, not printable ASCII). */
  | 'invalid'
  /** The backend failed (keychain locked or gone, file unreadable, decryption failed). */
  | 'failed'
  /** MARKETDESK_TOKEN is set: it wins, and the stores cannot be changed from here. */
  | 'environment-override';

/** A failure of a secret store. `message` is for the user and never contains the token. */
export interface SecretError {
  kind: SecretErrorKind;
  message: string;
}

export type SecretResult<T> = Result<T, SecretError>;

/**
 * A stored token and the origin (scheme, host, port) it was given for. It is sent to
 * that origin only. `origin` is null for a token stored before tokens were bound: its
 * owner binds it at first read (MarketLink binds it to the base URL in Settings).
 */
export interface StoredToken {
  token: string;
  origin: string | null;
}

/** One place that holds the API token. */
export interface SecretStore {
  /** Which kind of storage this is (shown to the user; never the token). */
  readonly kind: TokenStorage;
  /** False when the token is gone when the process ends (session memory, environment). */
  readonly persistent: boolean;
  /** The token and its origin, or null when none is stored. */
  get(): Promise<SecretResult<StoredToken | null>>;
  /**
   * Stores a token (validated with {@link validateToken}) for the origin of `origin` (a
   * base URL or an origin; see {@link tokenOrigin}), replacing any other.
   */
  set(token: string, origin: string): Promise<SecretResult<void>>;
  /** Forgets the token; succeeds when none was stored. */
  delete(): Promise<SecretResult<void>>;
}

/**
 * The origin a token is bound to: the scheme, host and port of a base URL, as the data
 * source id names the service (`liveSourceId`), so "the same service" means one thing.
 */
export function tokenOrigin(baseUrl: string): string {
  return liveSourceId(baseUrl).slice('live:'.length);
}

/** True when a token bound to `origin` may be sent to the service at `baseUrl`. */
export function isTokenFor(origin: string, baseUrl: string): boolean {
  return liveSourceId(origin) === liveSourceId(baseUrl);
}

/** Marks the stored form of a bound token (keychain value, safeStorage plaintext). */
const RECORD_VERSION = 1;

/**
 * The stored form of a bound token: one JSON record, so the origin is kept in the same
 * secret as the token (in the keychain entry, inside safeStorage's ciphertext) and
 * cannot be changed without rewriting the secret.
 */
export function encodeStoredToken(token: string, origin: string): string {
  return JSON.stringify({ marketdesk: RECORD_VERSION, origin: tokenOrigin(origin), token });
}

/**
 * Reads what a store holds: a bound record, or a bare token written before tokens were
 * bound (origin null). A bare token cannot look like a record: it is printable ASCII
 * with no reason to be JSON naming `marketdesk`, `origin` and `token`.
 */
export function decodeStoredToken(text: string): StoredToken {
  try {
    const value = JSON.parse(text) as Record<string, unknown> | null;
    if (
      value?.['marketdesk'] === RECORD_VERSION &&
      typeof value['origin'] === 'string' &&
      value['origin'] !== '' &&
      typeof value['token'] === 'string'
    ) {
      return { token: value['token'], origin: value['origin'] };
    }
  } catch {
    // Not JSON: a bare token.
  }
  return { token: text, origin: null };
}

/** Checks the origin a token is to be bound to; the message never names the token. */
export function validateOrigin(origin: unknown): SecretResult<string> {
  if (typeof origin !== 'string' || !URL.canParse(origin)) {
    return secretError('invalid', 'The token must be stored for the address of a service.');
  }
  return ok(tokenOrigin(origin));
}

/**
 * What a persistent store writes for `token` at `origin`: both checked, then bound in
 * one record (`encodeStoredToken`). `token` is the checked token, for blanking it out
 * of a failure's message along with the record.
 */
export function boundRecord(
  token: unknown,
  origin: unknown,
): SecretResult<{ token: string; record: string }> {
  const valid = validateToken(token);
  if (!valid.ok) return valid;
  const bound = validateOrigin(origin);
  if (!bound.ok) return bound;
  return ok({ token: valid.value, record: encodeStoredToken(valid.value, bound.value) });
}

export function secretError(kind: SecretErrorKind, message: string): SecretResult<never> {
  return err({ kind, message });
}

/** Said when a token has a character outside printable ASCII (a space, a curly quote…). */
export const TOKEN_CHARACTERS_MESSAGE =
  'The token may contain only printable ASCII characters — check for spaces or quotes pasted with it.';

/**
 * Checks a token before it is stored: trimmed, non-empty, at most
 * MAX_TOKEN_LENGTH, printable ASCII only (U+0021–U+007E). It travels in an HTTP
 * header: a line break would be header injection, and fetch refuses anything
 * outside Latin-1 (a zero-width space or a curly quote pasted with it) with an
 * error that would otherwise look like being offline. The error never echoes the
 * token.
 */
export function validateToken(token: unknown): SecretResult<string> {
  if (typeof token !== 'string') return secretError('invalid', 'The token must be text.');
  const trimmed = token.trim();
  if (trimmed === '') return secretError('invalid', 'The token is empty.');
  if (trimmed.length > MAX_TOKEN_LENGTH)
    return secretError('invalid', `The token is longer than ${MAX_TOKEN_LENGTH} characters.`);
  if (!/^[\x21-\x7E]+$/.test(trimmed)) return secretError('invalid', TOKEN_CHARACTERS_MESSAGE);
  return ok(trimmed);
}

/**
 * A backend's error as a message safe to show and log: the message text only (no
 * stack, no cause, which could carry arguments), with every secret blanked out (the
 * one mask, see core/redact.ts).
 */
export function scrubbedMessage(
  error: unknown,
  secrets: readonly (string | null | undefined)[],
): string {
  return redactSecrets(errorMessage(error), secrets);
}
