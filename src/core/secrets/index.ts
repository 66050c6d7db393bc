/**
 * Token storage (src/core/secrets): the SecretStore backends and the choice among
 * them. The token never leaves through logs, settings, the cache, errors or the
 * bridge; the renderer may only set it and learn {@link tokenStatus}.
 */
export {
  KEYCHAIN_SERVICE,
  KEYCHAIN_ACCOUNT,
  TOKEN_ENV_VAR,
  BASE_URL_ENV_VAR,
  MAX_TOKEN_LENGTH,
  validateToken,
  scrubbedMessage,
  tokenOrigin,
  isTokenFor,
} from './secret-store';
export type {
  SecretStore,
  SecretError,
  SecretErrorKind,
  SecretResult,
  StoredToken,
} from './secret-store';
export { chooseSecretStore, createSecretStore, tokenStatus } from './choose-secret-store';
export type { SecretStoreOptions, SecretStoreChoice, TokenStatus } from './choose-secret-store';
export {
  KeychainStore,
  loadKeytar,
  importKeytar,
  probeKeychain,
  DEFAULT_PROBE_TIMEOUT_MS,
} from './keychain-store';
export type { KeytarLike, KeytarLoader, KeychainLocation } from './keychain-store';
export {
  SafeStorageStore,
  safeStorageProblem,
  REFUSED_SAFE_STORAGE_BACKENDS,
  TOKEN_FILE_NAME,
} from './safe-storage-store';
export type { SafeStorageCipher, SafeStorageStoreOptions } from './safe-storage-store';
export { SessionStore } from './session-store';
export { EnvironmentStore, ENVIRONMENT_OVERRIDE_MESSAGE } from './environment-store';
