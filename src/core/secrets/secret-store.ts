/**
 * The secret store: where the one API token lives. Every backend (OS keychain,
 * Electron safeStorage file, session memory, environment) has this shape, and every
 * failure comes back as a value whose message never contains the token.
 */
import type { TokenStorage } from '../../shared/model';
import type { Result } from '../api/result';
import { err, ok } from '../api/result';

/** The keychain service name the token is stored under. */
export const KEYCHAIN_SERVICE = 'Marketdesk';
/** The keychain account the token is stored under. */
export const KEYCHAIN_ACCOUNT = 'api-token';
/** The environment variable whose token overrides every store (headless use). */
export const TOKEN_ENV_VAR = 'MARKETDESK_TOKEN';
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

/** One place that holds the API token. */
export interface SecretStore {
  /** Which kind of storage this is (shown to the user; never the token). */
  readonly kind: TokenStorage;
  /** False when the token is gone when the process ends (session memory, environment). */
  readonly persistent: boolean;
  /** The token, or null when none is stored. */
  get(): Promise<SecretResult<string | null>>;
  /** Stores a token (validated with {@link validateToken}), replacing any other. */
  set(token: string): Promise<SecretResult<void>>;
  /** Forgets the token; succeeds when none was stored. */
  delete(): Promise<SecretResult<void>>;
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
 * stack, no cause, which could carry arguments), with every secret blanked out.
 */
export function scrubbedMessage(
  error: unknown,
  secrets: readonly (string | null | undefined)[],
): string {
  let text = error instanceof Error ? error.message : String(error);
  for (const secret of secrets) {
    if (secret) text = text.split(secret).join('[redacted]');
  }
  return text;
}
