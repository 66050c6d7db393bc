/**
 * The market link's own failures. The link knows tokens and secret stores, not the
 * bridge: the bridge maps these to its error codes (core/bridge/errors.ts).
 */
import type { SecretError, SecretErrorKind } from '../secrets';

/** A token operation the secret store refused: why (its kind) and the words for the user. */
export class TokenError extends Error {
  override readonly name = 'TokenError';
  constructor(
    readonly kind: SecretErrorKind,
    message: string,
  ) {
    super(message);
  }

  static of(error: SecretError): TokenError {
    return new TokenError(error.kind, error.message);
  }
}
