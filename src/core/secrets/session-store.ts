/**
 * The last resort: the token in this process's memory only. Used when no keychain
 * and no real safeStorage backend works; the UI says "held for this session only".
 */
import { ok } from '../api/result';
import type { SecretResult, SecretStore, StoredToken } from './secret-store';
import { validateOrigin, validateToken } from './secret-store';

export class SessionStore implements SecretStore {
  readonly kind = 'session';
  readonly persistent = false;
  // A private field: not enumerable, so JSON.stringify and util.inspect never show it.
  #stored: StoredToken | null = null;

  async get(): Promise<SecretResult<StoredToken | null>> {
    return ok(this.#stored === null ? null : { ...this.#stored });
  }

  async set(token: string, origin: string): Promise<SecretResult<void>> {
    const valid = validateToken(token);
    if (!valid.ok) return valid;
    const bound = validateOrigin(origin);
    if (!bound.ok) return bound;
    this.#stored = { token: valid.value, origin: bound.value };
    return ok(undefined);
  }

  async delete(): Promise<SecretResult<void>> {
    this.#stored = null;
    return ok(undefined);
  }
}
