/**
 * The last resort: the token in this process's memory only. Used when no keychain
 * and no real safeStorage backend works; the UI says "held for this session only".
 */
import { ok } from '../api/result';
import type { SecretResult, SecretStore } from './secret-store';
import { validateToken } from './secret-store';

export class SessionStore implements SecretStore {
  readonly kind = 'session';
  readonly persistent = false;
  // A private field: not enumerable, so JSON.stringify and util.inspect never show it.
  #token: string | null = null;

  async get(): Promise<SecretResult<string | null>> {
    return ok(this.#token);
  }

  async set(token: string): Promise<SecretResult<void>> {
    const valid = validateToken(token);
    if (!valid.ok) return valid;
    this.#token = valid.value;
    return ok(undefined);
  }

  async delete(): Promise<SecretResult<void>> {
    this.#token = null;
    return ok(undefined);
  }
}
