/**
 * The token from `MARKETDESK_TOKEN`, for headless use (command line, CI, servers). It is
 * bound to the origin of `MARKETDESK_BASE_URL`, or without it to the default service:
 * a base URL changed in Settings never receives it (see chooseSecretStore).
 *
 * While the variable is set it wins over every store, and this store refuses to set
 * or clear: a token stored elsewhere would be silently ignored, and the variable
 * cannot be unset from inside the process's children. The refusal says so, so the
 * user learns why their token "did not take".
 */
import { ok } from '../api/result';
import type { SecretResult, SecretStore, StoredToken } from './secret-store';
import { TOKEN_ENV_VAR, secretError, tokenOrigin } from './secret-store';

/** The message of a refused set or delete while the environment token is in force. */
export const ENVIRONMENT_OVERRIDE_MESSAGE = `${TOKEN_ENV_VAR} is set in the environment and overrides any stored token. Unset it (and restart) to store or clear a token here.`;

export class EnvironmentStore implements SecretStore {
  readonly kind = 'environment';
  readonly persistent = false;
  readonly #token: string;
  /** The origin the variable's token is for (not a secret). */
  readonly origin: string;

  /** `token` must already be validated (see chooseSecretStore); `baseUrl` names its service. */
  constructor(token: string, baseUrl: string) {
    this.#token = token;
    this.origin = tokenOrigin(baseUrl);
  }

  async get(): Promise<SecretResult<StoredToken | null>> {
    return ok({ token: this.#token, origin: this.origin });
  }

  async set(_token: string, _origin: string): Promise<SecretResult<void>> {
    return secretError('environment-override', ENVIRONMENT_OVERRIDE_MESSAGE);
  }

  async delete(): Promise<SecretResult<void>> {
    return secretError('environment-override', ENVIRONMENT_OVERRIDE_MESSAGE);
  }
}
