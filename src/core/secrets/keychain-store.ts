/**
 * The OS keychain through keytar (macOS Keychain, Windows Credential Manager,
 * libsecret on Linux). keytar is an optional native dependency: it may be absent or
 * fail to load, and on a Linux box without a D-Bus session every call throws
 * ("Cannot autolaunch D-Bus without X11 $DISPLAY"). Both mean "no keychain here",
 * decided once by {@link probeKeychain}, never a crash.
 */
import type { Result } from '../api/result';
import { err, ok } from '../api/result';
import type { SecretResult, SecretStore, StoredToken } from './secret-store';
import {
  KEYCHAIN_ACCOUNT,
  KEYCHAIN_SERVICE,
  boundRecord,
  decodeStoredToken,
  scrubbedMessage,
  secretError,
} from './secret-store';

/** The part of keytar's API this store uses. */
export interface KeytarLike {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

/** Loads the keytar module (or a fake of it in tests). */
export type KeytarLoader = () => Promise<unknown>;

/** The real loader. A literal `import('keytar')` so bundlers keep it external and lazy. */
export const importKeytar: KeytarLoader = () => import('keytar');

/** How long the probe may take before the keychain counts as unusable. */
export const DEFAULT_PROBE_TIMEOUT_MS = 5000;

function isKeytarLike(value: unknown): value is KeytarLike {
  if (typeof value !== 'object' || value === null) return false;
  const candidate = value as Record<string, unknown>;
  return ['getPassword', 'setPassword', 'deletePassword'].every(
    (name) => typeof candidate[name] === 'function',
  );
}

/**
 * Loads keytar through `loader`. A CommonJS module arrives as `{ default: … }` under
 * ESM (and with only some names detected as named exports), so the default is
 * preferred when it has the functions.
 */
export async function loadKeytar(
  loader: KeytarLoader = importKeytar,
): Promise<Result<KeytarLike, string>> {
  let module: unknown;
  try {
    module = await loader();
  } catch (error) {
    return err(`keytar could not be loaded (${scrubbedMessage(error, [])})`);
  }
  const candidates = [(module as { default?: unknown } | null)?.default, module];
  const keytar = candidates.find(isKeytarLike);
  return keytar ? ok(keytar) : err('keytar loaded but does not look like keytar');
}

/** Rejects after `ms` unless `promise` settles first; the timer never holds the process open. */
function withTimeout<T>(promise: Promise<T>, ms: number, message: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(message)), ms);
    timer.unref?.();
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * Whether the keychain works. First a read of the account: a stored token proves
 * it. A read of nothing proves little — in a D-Bus session whose keyring is not
 * unlocked (and no prompter can ask), lookups answer null but every write fails — so
 * then a probe entry (`<account>.probe`, not a secret) is written and removed. A
 * keychain that takes longer than `timeoutMs` (a locked keyring waiting on its
 * unlock prompt) counts as unusable for this session.
 */
export async function probeKeychain(
  keytar: KeytarLike,
  service = KEYCHAIN_SERVICE,
  account = KEYCHAIN_ACCOUNT,
  timeoutMs = DEFAULT_PROBE_TIMEOUT_MS,
): Promise<Result<void, string>> {
  const late = `no answer in ${timeoutMs} ms`;
  try {
    const existing = await withTimeout(keytar.getPassword(service, account), timeoutMs, late);
    if (existing !== null) return ok(undefined);
    const probeAccount = `${account}.probe`;
    // Chained, so the entry is removed even when the answer comes after the timeout.
    const writeAndRemove = keytar
      .setPassword(service, probeAccount, 'marketdesk keychain probe')
      .then(() => keytar.deletePassword(service, probeAccount));
    await withTimeout(writeAndRemove, timeoutMs, late);
    return ok(undefined);
  } catch (error) {
    return err(`the keychain does not work here (${scrubbedMessage(error, [])})`);
  }
}

/** Where in the keychain the token goes. */
export interface KeychainLocation {
  service?: string;
  account?: string;
}

/**
 * The token in the OS keychain, with its origin: the entry's value is the bound record
 * (`encodeStoredToken`). An entry written before tokens were bound holds the bare token
 * and reads with origin null.
 */
export class KeychainStore implements SecretStore {
  readonly kind = 'keychain';
  readonly persistent = true;
  readonly service: string;
  readonly account: string;

  constructor(
    private readonly keytar: KeytarLike,
    location: KeychainLocation = {},
  ) {
    this.service = location.service ?? KEYCHAIN_SERVICE;
    this.account = location.account ?? KEYCHAIN_ACCOUNT;
  }

  async get(): Promise<SecretResult<StoredToken | null>> {
    try {
      const value = await this.keytar.getPassword(this.service, this.account);
      return ok(value === null ? null : decodeStoredToken(value));
    } catch (error) {
      // The token is not known here; nothing to blank, but still only the message passes.
      return secretError(
        'failed',
        `Could not read the token from the keychain: ${scrubbedMessage(error, [])}`,
      );
    }
  }

  async set(token: string, origin: string): Promise<SecretResult<void>> {
    const bound = boundRecord(token, origin);
    if (!bound.ok) return bound;
    const { record } = bound.value;
    try {
      await this.keytar.setPassword(this.service, this.account, record);
      return ok(undefined);
    } catch (error) {
      return secretError(
        'failed',
        `Could not store the token in the keychain: ${scrubbedMessage(error, [record, token, bound.value.token])}`,
      );
    }
  }

  async delete(): Promise<SecretResult<void>> {
    try {
      // false means "there was none": the wanted state either way.
      await this.keytar.deletePassword(this.service, this.account);
      return ok(undefined);
    } catch (error) {
      return secretError(
        'failed',
        `Could not remove the token from the keychain: ${scrubbedMessage(error, [])}`,
      );
    }
  }
}
