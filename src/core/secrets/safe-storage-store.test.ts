import { readFileSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { tempFolder } from '../testing/temp-folder';
import { SafeStorageStore, TOKEN_FILE_NAME, safeStorageProblem } from './safe-storage-store';
import { FakeCipher } from './test-fakes';

const TOKEN = 'tok_safe_storage_77aa';

let folder = '';
beforeEach(() => {
  folder = tempFolder('md-secrets-');
});

/** A token file as version 1 wrote it (before tokens were bound): `ciphertext` made by `backend`. */
function writeVersion1File(backend: string, ciphertext: Buffer): void {
  const file = { version: 1, backend, ciphertext: ciphertext.toString('base64') };
  writeFileSync(path.join(folder, TOKEN_FILE_NAME), JSON.stringify(file));
}

describe('safeStorageProblem', () => {
  it('accepts a real backend and refuses basic_text, unknown and unavailable encryption', () => {
    expect(safeStorageProblem(new FakeCipher('gnome_libsecret'))).toBeNull();
    expect(safeStorageProblem(new FakeCipher('basic_text'))).toContain('basic_text');
    expect(safeStorageProblem(new FakeCipher('unknown'))).toContain('unknown');
    expect(safeStorageProblem(new FakeCipher('kwallet5', false))).toContain('not available');
  });
});

describe('SafeStorageStore', () => {
  it('removes an interrupted write’s leftover (an encrypted token in a temp file)', async () => {
    // A process that died mid-write (no such pid), an hour and a half ago.
    const leftover = path.join(folder, `${TOKEN_FILE_NAME}.999999999.0a1b2c3d.tmp`);
    writeFileSync(leftover, 'ciphertext');
    const old = (Date.now() - 90 * 60_000) / 1000;
    utimesSync(leftover, old, old);
    new SafeStorageStore({ cipher: new FakeCipher(), folder });
    expect(readdirSync(folder)).toEqual([]);
  });

  it('round-trips the token through an encrypted file of mode 0600', async () => {
    const nested = path.join(folder, 'not-yet-created');
    const store = new SafeStorageStore({ cipher: new FakeCipher(), folder: nested });
    expect(store.kind).toBe('safe-storage');
    expect(await store.get()).toEqual({ ok: true, value: null });
    expect((await store.set(TOKEN, 'https://api.example/v2')).ok).toBe(true);

    const file = path.join(nested, TOKEN_FILE_NAME);
    const text = readFileSync(file, 'utf8');
    expect(text).not.toContain(TOKEN);
    // The origin is inside the ciphertext: it cannot be edited without the key.
    expect(text).not.toContain('api.example');
    if (process.platform !== 'win32') expect(statSync(file).mode & 0o777).toBe(0o600);
    const bound = { token: TOKEN, origin: 'https://api.example' };
    expect(await store.get()).toEqual({ ok: true, value: bound });

    // A new store over the same folder (next launch) reads it back.
    const again = new SafeStorageStore({ cipher: new FakeCipher(), folder: nested });
    expect(await again.get()).toEqual({ ok: true, value: bound });

    expect((await again.set('tok_replaced', 'https://other.example')).ok).toBe(true);
    expect(await store.get()).toEqual({
      ok: true,
      value: { token: 'tok_replaced', origin: 'https://other.example' },
    });
    expect(readdirSync(nested)).toEqual([TOKEN_FILE_NAME]); // no temp files left behind

    expect((await store.delete()).ok).toBe(true);
    expect(await store.get()).toEqual({ ok: true, value: null });
    expect((await store.delete()).ok).toBe(true);
  });

  it('reports a token it cannot decrypt, without quoting the ciphertext', async () => {
    const store = new SafeStorageStore({ cipher: new FakeCipher(), folder });
    writeVersion1File('kwallet5', Buffer.from(TOKEN));
    const result = await store.get();
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.message).toContain('kwallet5');
      expect(result.error.message).not.toContain(TOKEN);
    }
  });

  it('reads a version 1 file (before tokens were bound) as a token without an origin', async () => {
    const cipher = new FakeCipher();
    writeVersion1File('gnome_libsecret', cipher.encrypt(TOKEN));
    expect(await new SafeStorageStore({ cipher, folder }).get()).toEqual({
      ok: true,
      value: { token: TOKEN, origin: null },
    });
  });

  it('reports a damaged file', async () => {
    writeFileSync(path.join(folder, TOKEN_FILE_NAME), 'not json');
    const result = await new SafeStorageStore({ cipher: new FakeCipher(), folder }).get();
    expect(result).toEqual({
      ok: false,
      error: { kind: 'failed', message: expect.stringContaining('damaged') },
    });
  });

  it('scrubs the token from an encryption failure', async () => {
    const cipher = new FakeCipher();
    cipher.encrypt = (text) => {
      throw new Error(`could not encrypt ${text}`);
    };
    const result = await new SafeStorageStore({ cipher, folder }).set(TOKEN, 'https://a.example');
    expect(result.ok).toBe(false);
    if (!result.ok)
      expect(result.error.message).toBe(
        'Could not store the encrypted token: could not encrypt [redacted]',
      );
  });
});
