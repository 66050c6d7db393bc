/**
 * The token encrypted with Electron's `safeStorage` in a file of the data folder.
 * Core cannot import electron, so the cipher is an interface the Electron shell
 * (src/main) implements over `safeStorage` and passes in.
 */
import { mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { ok } from '../api/result';
import { removeStaleTempFiles, writeFileAtomic } from '../settings/atomic-write';
import type { SecretResult, SecretStore, StoredToken } from './secret-store';
import { boundRecord, decodeStoredToken, scrubbedMessage, secretError } from './secret-store';

/** What the Electron shell provides over `safeStorage`. */
export interface SafeStorageCipher {
  /** `safeStorage.isEncryptionAvailable()`. */
  isEncryptionAvailable(): boolean;
  /**
   * The backend's name: `safeStorage.getSelectedStorageBackend()` on Linux
   * (`gnome_libsecret`, `kwallet5`, `basic_text`…), a platform name elsewhere
   * (e.g. `keychain` on macOS, `dpapi` on Windows).
   */
  backend(): string;
  encrypt(text: string): Buffer;
  decrypt(data: Buffer): string;
}

/**
 * Backends that are not encryption worth the name: `basic_text` is a key hard-coded
 * in Chromium, `unknown` is what Electron answers before the app is ready.
 */
export const REFUSED_SAFE_STORAGE_BACKENDS: readonly string[] = ['basic_text', 'unknown'];

/** The encrypted token's file name in the data folder. */
export const TOKEN_FILE_NAME = 'token.enc';

/** Why `cipher` must not be used, or null when it is fit to keep the token. */
export function safeStorageProblem(cipher: SafeStorageCipher): string | null {
  try {
    if (!cipher.isEncryptionAvailable()) return 'safeStorage encryption is not available';
    const backend = cipher.backend();
    if (REFUSED_SAFE_STORAGE_BACKENDS.includes(backend))
      return `safeStorage would use the "${backend}" backend, which does not protect the token`;
    return null;
  } catch (error) {
    return `safeStorage failed (${scrubbedMessage(error, [])})`;
  }
}

/**
 * The file's content: the ciphertext, and the backend that made it (to explain a failed
 * decrypt). Version 2 encrypts the bound record (token and origin, `encodeStoredToken`),
 * so the origin cannot be edited without the key; version 1 (before tokens were bound)
 * encrypts the bare token, read with origin null. An older Marketdesk refuses version 2
 * as damaged rather than sending the record as its token.
 */
interface TokenFile {
  version: 1 | 2;
  backend: string;
  ciphertext: string;
}

/** The version this store writes. */
const TOKEN_FILE_VERSION = 2;

function readTokenFile(text: string): TokenFile | null {
  try {
    const value = JSON.parse(text) as Partial<TokenFile> | null;
    if (
      (value?.version === 1 || value?.version === 2) &&
      typeof value.ciphertext === 'string' &&
      typeof value.backend === 'string'
    )
      return value as TokenFile;
  } catch {
    // Damaged: reported by the caller.
  }
  return null;
}

/** Options of a {@link SafeStorageStore}. */
export interface SafeStorageStoreOptions {
  cipher: SafeStorageCipher;
  /** The data folder; the file is `token.enc` in it (mode 0600). */
  folder: string;
}

/** The token, encrypted by safeStorage, in `token.enc`. */
export class SafeStorageStore implements SecretStore {
  readonly kind = 'safe-storage';
  readonly persistent = true;
  readonly file: string;
  readonly #cipher: SafeStorageCipher;

  constructor(private readonly options: SafeStorageStoreOptions) {
    this.#cipher = options.cipher;
    this.file = path.join(options.folder, TOKEN_FILE_NAME);
    // An interrupted write leaves the encrypted token in a temp file beside it.
    removeStaleTempFiles(this.file);
  }

  async get(): Promise<SecretResult<StoredToken | null>> {
    let text: string;
    try {
      text = readFileSync(this.file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return ok(null);
      return secretError(
        'failed',
        `Could not read the stored token: ${scrubbedMessage(error, [])}`,
      );
    }
    const stored = readTokenFile(text);
    if (!stored)
      return secretError('failed', 'The stored token file is damaged; set the token again.');
    let plain: string;
    try {
      plain = this.#cipher.decrypt(Buffer.from(stored.ciphertext, 'base64'));
    } catch {
      // The decrypt error is not passed on: it could quote what it was given.
      return secretError(
        'failed',
        `The stored token could not be decrypted (it was encrypted with "${stored.backend}"; the system key store may have changed). Set the token again.`,
      );
    }
    if (stored.version === 1) return ok({ token: plain, origin: null });
    const record = decodeStoredToken(plain);
    if (record.origin === null) {
      return secretError('failed', 'The stored token file is damaged; set the token again.');
    }
    return ok(record);
  }

  async set(token: string, origin: string): Promise<SecretResult<void>> {
    const bound = boundRecord(token, origin);
    if (!bound.ok) return bound;
    const { record } = bound.value;
    try {
      const file: TokenFile = {
        version: TOKEN_FILE_VERSION,
        backend: this.#cipher.backend(),
        ciphertext: this.#cipher.encrypt(record).toString('base64'),
      };
      mkdirSync(this.options.folder, { recursive: true });
      writeFileAtomic(this.file, JSON.stringify(file), { mode: 0o600 });
      return ok(undefined);
    } catch (error) {
      return secretError(
        'failed',
        `Could not store the encrypted token: ${scrubbedMessage(error, [record, token, bound.value.token])}`,
      );
    }
  }

  async delete(): Promise<SecretResult<void>> {
    try {
      rmSync(this.file, { force: true });
      removeStaleTempFiles(this.file);
      return ok(undefined);
    } catch (error) {
      return secretError(
        'failed',
        `Could not remove the stored token: ${scrubbedMessage(error, [])}`,
      );
    }
  }
}
