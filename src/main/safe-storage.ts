/**
 * Electron's `safeStorage` as the SecretStore's injectable cipher. On Linux the
 * backend name tells the store whether encryption is real (a keyring) or
 * `basic_text` (a hard-coded key: no better than plain text, so refused there);
 * macOS and Windows always use the keychain and DPAPI.
 */
import type { SafeStorage } from 'electron';
import type { SafeStorageCipher } from '../core/secrets';

/** The part of Electron's `safeStorage` the cipher uses. */
export type ElectronSafeStorage = Pick<
  SafeStorage,
  'isEncryptionAvailable' | 'getSelectedStorageBackend' | 'encryptString' | 'decryptString'
>;

/**
 * Adapts Electron's `safeStorage` (usable only after the app is ready).
 * `getSelectedStorageBackend` is meaningful on Linux only; elsewhere the platform fixes it.
 */
export function electronSafeStorageCipher(
  safeStorage: ElectronSafeStorage,
  platform: NodeJS.Platform,
): SafeStorageCipher {
  return {
    isEncryptionAvailable: () => safeStorage.isEncryptionAvailable(),
    backend: () => {
      if (platform === 'darwin') return 'keychain';
      if (platform === 'win32') return 'dpapi';
      return safeStorage.getSelectedStorageBackend();
    },
    encrypt: (text) => safeStorage.encryptString(text),
    decrypt: (data) => safeStorage.decryptString(data),
  };
}
