import { beforeEach, describe, expect, it } from 'vitest';
import { tempFolder } from '../testing/temp-folder';
import type { SecretStoreOptions } from './choose-secret-store';
import { chooseSecretStore, createSecretStore, tokenStatus } from './choose-secret-store';
import { FakeCipher, FakeKeytar } from './test-fakes';

const TOKEN = 'tok_env_5e4d3c2b1a';

let folder = '';
beforeEach(() => {
  folder = tempFolder('md-choose-');
});

/** Options with a working fake keychain unless overridden. */
function options(overrides: Partial<SecretStoreOptions> = {}): SecretStoreOptions {
  const keytar = new FakeKeytar();
  return { env: {}, folder, loadKeytar: async () => ({ default: keytar }), ...overrides };
}

/**
 * The choice with every store on offer (a working keychain, safeStorage) and `env`;
 * `keytarLoaded` says whether the keychain's module was even loaded.
 */
async function chooseWithEveryStore(env: Record<string, string>) {
  let keytarLoaded = false;
  const choice = await chooseSecretStore(
    options({
      env,
      loadKeytar: async () => {
        keytarLoaded = true;
        return { default: new FakeKeytar() };
      },
      safeStorage: new FakeCipher(),
    }),
  );
  return { ...choice, keytarLoaded };
}

const noDbus = async () => {
  const keytar = new FakeKeytar();
  keytar.failWith = 'Cannot autolaunch D-Bus without X11 $DISPLAY';
  return { default: keytar };
};
const missingKeytar = async () => {
  throw new Error("Cannot find package 'keytar'");
};

describe('chooseSecretStore', () => {
  it('prefers the keychain when keytar loads and answers, even with safeStorage', async () => {
    const choice = await chooseSecretStore(options({ safeStorage: new FakeCipher() }));
    expect(choice.store.kind).toBe('keychain');
    expect(choice.store.persistent).toBe(true);
    expect(choice.skipped).toEqual([]);
  });

  it('falls to safeStorage with a real backend when keytar is missing', async () => {
    const choice = await chooseSecretStore(
      options({ loadKeytar: missingKeytar, safeStorage: new FakeCipher('kwallet5') }),
    );
    expect(choice.store.kind).toBe('safe-storage');
    expect(choice.skipped).toEqual([expect.stringContaining("Cannot find package 'keytar'")]);
  });

  it('treats a keychain without D-Bus as absent, not as a crash', async () => {
    const choice = await chooseSecretStore(
      options({ loadKeytar: noDbus, safeStorage: new FakeCipher() }),
    );
    expect(choice.store.kind).toBe('safe-storage');
    expect(choice.skipped[0]).toContain('Cannot autolaunch D-Bus');
  });

  it('refuses safeStorage on basic_text and holds the token for the session only', async () => {
    const choice = await chooseSecretStore(
      options({ loadKeytar: noDbus, safeStorage: new FakeCipher('basic_text') }),
    );
    expect(choice.store.kind).toBe('session');
    expect(choice.store.persistent).toBe(false);
    expect(choice.skipped).toEqual([
      expect.stringMatching(/^keychain: /),
      expect.stringContaining('basic_text'),
    ]);
  });

  it('falls back to the session store when nothing else works (CLI, browser host)', async () => {
    const store = await createSecretStore(options({ loadKeytar: missingKeytar }));
    expect(store.kind).toBe('session');
    expect(await tokenStatus(store)).toEqual({
      hasToken: false,
      tokenStorage: null,
      tokenSessionOnly: true,
    });
    expect((await store.set(TOKEN, 'https://api.example')).ok).toBe(true);
    expect(await tokenStatus(store)).toEqual({
      hasToken: true,
      tokenStorage: 'session',
      tokenSessionOnly: true,
    });
  });

  it('lets MARKETDESK_TOKEN override every store without touching the keychain', async () => {
    const choice = await chooseWithEveryStore({ MARKETDESK_TOKEN: ` ${TOKEN} ` });
    expect(choice.keytarLoaded).toBe(false);
    expect(choice.store.kind).toBe('environment');
    // Bound to the default service: a base URL changed in Settings never receives it.
    expect(await choice.store.get()).toEqual({
      ok: true,
      value: { token: TOKEN, origin: 'https://api.itick.org' },
    });
    const set = await choice.store.set('tok_other', 'https://api.itick.org');
    expect(set.ok === false && set.error.kind).toBe('environment-override');
    expect(await tokenStatus(choice.store)).toEqual({
      hasToken: true,
      tokenStorage: 'environment',
      tokenSessionOnly: false,
    });
  });

  it('binds MARKETDESK_TOKEN to the origin of MARKETDESK_BASE_URL when it is set', async () => {
    const { store } = await chooseSecretStore(
      options({
        env: { MARKETDESK_TOKEN: TOKEN, MARKETDESK_BASE_URL: ' https://Proxy.example:8443/api ' },
      }),
    );
    expect(await store.get()).toEqual({
      ok: true,
      value: { token: TOKEN, origin: 'https://proxy.example:8443' },
    });
    const unset = await chooseSecretStore(
      options({ env: { MARKETDESK_TOKEN: TOKEN, MARKETDESK_BASE_URL: '' } }),
    );
    expect(await unset.store.get()).toMatchObject({ value: { origin: 'https://api.itick.org' } });
  });

  it('ignores an empty or invalid MARKETDESK_TOKEN, saying so without quoting it', async () => {
    const empty = await chooseSecretStore(options({ env: { MARKETDESK_TOKEN: '  ' } }));
    expect(empty.store.kind).toBe('keychain');
    const invalid = await chooseSecretStore(
      options({ env: { MARKETDESK_TOKEN: 'tok with space' } }),
    );
    expect(invalid.store.kind).toBe('keychain');
    expect(invalid.skipped[0]).toContain('MARKETDESK_TOKEN is ignored');
    expect(invalid.skipped.join('\n')).not.toContain('tok with space');
  });

  it('keeps away from the keychain and safeStorage with MARKETDESK_KEYCHAIN=off', async () => {
    const choice = await chooseWithEveryStore({ MARKETDESK_KEYCHAIN: 'OFF ' });
    expect(choice.keytarLoaded).toBe(false);
    expect(choice.store.kind).toBe('session');
    expect(choice.skipped).toEqual([
      'keychain: turned off by MARKETDESK_KEYCHAIN=off',
      'safe-storage: turned off by MARKETDESK_KEYCHAIN=off',
    ]);
    // Any other value leaves the order as it is; the token variable still wins.
    expect(
      (await chooseSecretStore(options({ env: { MARKETDESK_KEYCHAIN: 'on' } }))).store.kind,
    ).toBe('keychain');
    const both = await chooseSecretStore(
      options({ env: { MARKETDESK_KEYCHAIN: 'off', MARKETDESK_TOKEN: TOKEN } }),
    );
    expect(both.store.kind).toBe('environment');
  });

  it('skips the keychain when told to (loadKeytar null)', async () => {
    const choice = await chooseSecretStore(options({ loadKeytar: null }));
    expect(choice.store.kind).toBe('session');
  });
});
