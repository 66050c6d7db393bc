import { describe, expect, it } from 'vitest';
import type { ElectronSafeStorage } from './safe-storage';
import { electronSafeStorageCipher } from './safe-storage';

/** A stand-in for Electron's safeStorage: reversible, and says which backend it is. */
function fakeSafeStorage(backend: ReturnType<ElectronSafeStorage['getSelectedStorageBackend']>) {
  const calls: string[] = [];
  const storage: ElectronSafeStorage = {
    isEncryptionAvailable: () => true,
    getSelectedStorageBackend: () => {
      calls.push('backend');
      return backend;
    },
    encryptString: (text) => Buffer.from(`enc:${text}`),
    decryptString: (data) => data.toString().replace(/^enc:/, ''),
  };
  return { storage, calls };
}

describe('electronSafeStorageCipher', () => {
  it('reports the selected backend on Linux', () => {
    const { storage } = fakeSafeStorage('basic_text');
    expect(electronSafeStorageCipher(storage, 'linux').backend()).toBe('basic_text');
    const keyring = fakeSafeStorage('gnome_libsecret');
    expect(electronSafeStorageCipher(keyring.storage, 'linux').backend()).toBe('gnome_libsecret');
  });

  it('names the platform store on macOS and Windows without asking Electron', () => {
    const { storage, calls } = fakeSafeStorage('unknown');
    expect(electronSafeStorageCipher(storage, 'darwin').backend()).toBe('keychain');
    expect(electronSafeStorageCipher(storage, 'win32').backend()).toBe('dpapi');
    expect(calls).toEqual([]);
  });

  it('encrypts and decrypts through safeStorage', () => {
    const cipher = electronSafeStorageCipher(fakeSafeStorage('kwallet5').storage, 'linux');
    expect(cipher.isEncryptionAvailable()).toBe(true);
    const data = cipher.encrypt('t0ken');
    expect(data.toString()).toBe('enc:t0ken');
    expect(cipher.decrypt(data)).toBe('t0ken');
  });
});
