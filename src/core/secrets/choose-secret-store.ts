/**
 * Picks where the token lives, best first:
 *
 * 0. `MARKETDESK_TOKEN` in the environment — overrides everything (headless use), for
 *    the origin of `MARKETDESK_BASE_URL` only, or without it the default service;
 * 1. the OS keychain through keytar, if it loads and answers a probe;
 * 2. Electron's safeStorage (injected by the shell), if available and backed by a
 *    real key store (not `basic_text`), in `token.enc`;
 * 3. memory for this session only.
 *
 * `MARKETDESK_KEYCHAIN=off` skips 1 and 2 (both are OS key stores).
 *
 * Each backend passed over leaves a reason in `skipped` (for the log; no secrets).
 */
import type { AppStatus } from '../../shared/model';
import { DEFAULT_BASE_URL } from '../api/client';
import { EnvironmentStore } from './environment-store';
import type { KeytarLoader } from './keychain-store';
import {
  DEFAULT_PROBE_TIMEOUT_MS,
  KeychainStore,
  importKeytar,
  loadKeytar,
  probeKeychain,
} from './keychain-store';
import type { SafeStorageCipher } from './safe-storage-store';
import { SafeStorageStore, safeStorageProblem } from './safe-storage-store';
import type { SecretStore } from './secret-store';
import {
  BASE_URL_ENV_VAR,
  KEYCHAIN_ACCOUNT,
  KEYCHAIN_ENV_VAR,
  KEYCHAIN_SERVICE,
  TOKEN_ENV_VAR,
  validateToken,
} from './secret-store';
import { SessionStore } from './session-store';

/** What {@link chooseSecretStore} needs. */
export interface SecretStoreOptions {
  /** The environment to read MARKETDESK_TOKEN from (the composition root passes process.env). */
  env: Readonly<Record<string, string | undefined>>;
  /** The data folder, for safeStorage's `token.enc`. */
  folder: string;
  /** Electron's safeStorage, from the Electron shell; absent elsewhere (CLI, browser host). */
  safeStorage?: SafeStorageCipher | null;
  /** Loads keytar; default the real `import('keytar')`. Tests pass fakes; null skips the keychain. */
  loadKeytar?: KeytarLoader | null;
  /** Keychain service; default "Marketdesk". */
  service?: string;
  /** Keychain account; default "api-token". */
  account?: string;
  /** How long the keychain probe may take; default 5 s. */
  probeTimeoutMs?: number;
}

/** The chosen store and why the better ones were passed over. */
export interface SecretStoreChoice {
  store: SecretStore;
  /** One line per backend passed over, e.g. "keychain: the keychain does not answer (…)". */
  skipped: string[];
}

/** Chooses the token's store (see the module comment for the order). Never throws. */
export async function chooseSecretStore(options: SecretStoreOptions): Promise<SecretStoreChoice> {
  const skipped: string[] = [];

  const fromEnv = options.env[TOKEN_ENV_VAR];
  if (fromEnv !== undefined && fromEnv.trim() !== '') {
    const valid = validateToken(fromEnv);
    // Bound to the service the environment names, never to whatever Settings say later:
    // a base URL changed in the app (or by a hostile page) must not receive it.
    const baseUrl = options.env[BASE_URL_ENV_VAR]?.trim() || DEFAULT_BASE_URL;
    if (valid.ok) return { store: new EnvironmentStore(valid.value, baseUrl), skipped };
    skipped.push(`environment: ${TOKEN_ENV_VAR} is ignored: ${valid.error.message}`);
  }

  if (options.env[KEYCHAIN_ENV_VAR]?.trim().toLowerCase() === 'off') {
    const reason = `turned off by ${KEYCHAIN_ENV_VAR}=off`;
    skipped.push(`keychain: ${reason}`, `safe-storage: ${reason}`);
    return { store: new SessionStore(), skipped };
  }

  const loader = options.loadKeytar === undefined ? importKeytar : options.loadKeytar;
  if (loader) {
    const service = options.service ?? KEYCHAIN_SERVICE;
    const account = options.account ?? KEYCHAIN_ACCOUNT;
    const keytar = await loadKeytar(loader);
    const probe = keytar.ok
      ? await probeKeychain(
          keytar.value,
          service,
          account,
          options.probeTimeoutMs ?? DEFAULT_PROBE_TIMEOUT_MS,
        )
      : keytar;
    if (keytar.ok && probe.ok)
      return { store: new KeychainStore(keytar.value, { service, account }), skipped };
    if (!probe.ok) skipped.push(`keychain: ${probe.error}`);
  } else {
    skipped.push('keychain: not tried');
  }

  if (options.safeStorage) {
    const problem = safeStorageProblem(options.safeStorage);
    if (!problem)
      return {
        store: new SafeStorageStore({ cipher: options.safeStorage, folder: options.folder }),
        skipped,
      };
    skipped.push(`safe-storage: ${problem}`);
  } else {
    skipped.push('safe-storage: not available outside the Electron shell');
  }

  return { store: new SessionStore(), skipped };
}

/** Like {@link chooseSecretStore}, answering the store only. */
export async function createSecretStore(options: SecretStoreOptions): Promise<SecretStore> {
  return (await chooseSecretStore(options)).store;
}

/** The token fields of AppStatus. */
export type TokenStatus = Pick<AppStatus, 'hasToken' | 'tokenStorage' | 'tokenSessionOnly'>;

/**
 * What the UI may know about the token: whether one is set, where, and whether it
 * lasts only for this session — never the token. A store that cannot be read counts
 * as holding none.
 */
export async function tokenStatus(store: SecretStore): Promise<TokenStatus> {
  const token = await store.get();
  const hasToken = token.ok && token.value !== null;
  return {
    hasToken,
    tokenStorage: hasToken ? store.kind : null,
    // Said before a token is set too, so the settings page can warn ahead of input.
    tokenSessionOnly: store.kind === 'session',
  };
}
