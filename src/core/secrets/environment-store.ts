/**
 * The token from `MARKETDESK_TOKEN`, for headless use (command line, CI, servers).
 *
 * While the variable is set it wins over every store, and this store refuses to set
 * or clear: a token stored elsewhere would be silently ignored, and the variable
 * cannot be unset from inside the process's children. The refusal says so, so the
 * user learns why their token "did not take".
 */
import { ok } from '../api/result';
import type { SecretResult, SecretStore } from './secret-store';
import { TOKEN_ENV_VAR, secretError } from './secret-store';

/** The message of a refused set or delete while the environment token is in force. */
export const ENVIRONMENT_OVERRIDE_MESSAGE = `${TOKEN_ENV_VAR} is set in the environment and overrides any stored token. Unset it (and restart) to store or clear a token here.`;

export class EnvironmentStore implements SecretStore {
  readonly kind = 'environment';
  readonly persistent = false;
  readonly #token: string;

  /** `token` must already be validated (see chooseSecretStore). */
  constructor(token: string) {
    this.#token = token;
  }

  async get(): Promise<SecretResult<string | null>> {
    return ok(this.#token);
  }

  async set(_token: string): Promise<SecretResult<void>> {
    return secretError('environment-override', ENVIRONMENT_OVERRIDE_MESSAGE);
  }

  async delete(): Promise<SecretResult<void>> {
    return secretError('environment-override', ENVIRONMENT_OVERRIDE_MESSAGE);
  }
}
