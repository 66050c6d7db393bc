/**
 * The keychain store against the real OS keychain (libsecret through D-Bus on
 * Linux). Runs only where a D-Bus session with an unlocked keyring answers; CI runs
 * it under
 *   dbus-run-session -- sh -c 'echo -n pw | gnome-keyring-daemon --unlock --components=secrets; npx vitest run src/core/secrets'
 * Elsewhere it is skipped, and says why.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { chooseSecretStore } from './choose-secret-store';
import { loadKeytar, probeKeychain } from './keychain-store';
import type { KeytarLike } from './keychain-store';

// Distinct from the app's own entry, so a developer's real token is never touched.
const SERVICE = 'Marketdesk-test';
const ACCOUNT = `api-token-test-${process.pid}`;

async function detectKeychain(): Promise<{ keytar: KeytarLike | null; reason: string }> {
  if (process.platform === 'linux' && !process.env.DBUS_SESSION_BUS_ADDRESS)
    return { keytar: null, reason: 'DBUS_SESSION_BUS_ADDRESS is not set (no D-Bus session)' };
  const loaded = await loadKeytar();
  if (!loaded.ok) return { keytar: null, reason: loaded.error };
  const probe = await probeKeychain(loaded.value, SERVICE, ACCOUNT);
  if (!probe.ok) return { keytar: null, reason: probe.error };
  return { keytar: loaded.value, reason: '' };
}

const detected = await detectKeychain();
if (!detected.keytar) {
  console.info(`keychain-os.test: skipping the real OS keychain round trip: ${detected.reason}`);
}

describe('KeychainStore on the real OS keychain', () => {
  afterAll(async () => {
    await detected.keytar?.deletePassword(SERVICE, ACCOUNT);
  });

  it.skipIf(!detected.keytar)('sets, reads, overwrites and deletes the token', async () => {
    const { store, skipped } = await chooseSecretStore({
      env: {},
      folder: '/nonexistent-folder-not-used-by-the-keychain',
      service: SERVICE,
      account: ACCOUNT,
    });
    expect(skipped).toEqual([]);
    expect(store.kind).toBe('keychain');
    expect(store.persistent).toBe(true);

    const origin = 'https://api.example';
    expect((await store.set('tok_first_value', origin)).ok).toBe(true);
    expect(await store.get()).toEqual({ ok: true, value: { token: 'tok_first_value', origin } });
    // Written to the keychain itself, not only held by the store.
    expect(await detected.keytar?.getPassword(SERVICE, ACCOUNT)).toContain('tok_first_value');

    expect((await store.set('tok_second_value', origin)).ok).toBe(true);
    expect(await store.get()).toEqual({ ok: true, value: { token: 'tok_second_value', origin } });

    expect((await store.delete()).ok).toBe(true);
    expect(await store.get()).toEqual({ ok: true, value: null });
    expect(await detected.keytar?.getPassword(SERVICE, ACCOUNT)).toBeNull();
  });
});
