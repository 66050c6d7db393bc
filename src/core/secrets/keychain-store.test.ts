import { describe, expect, it } from 'vitest';
import { KeychainStore, loadKeytar, probeKeychain } from './keychain-store';
import { FakeKeytar } from './test-fakes';

const TOKEN = 'tok_keychain_0a1b2c3d';

describe('loadKeytar', () => {
  it('takes the CommonJS default export when the module arrives wrapped', async () => {
    const fake = new FakeKeytar();
    const loaded = await loadKeytar(async () => ({ default: fake, getPassword: fake.getPassword }));
    expect(loaded).toEqual({ ok: true, value: fake });
  });

  it('takes a module that is keytar itself', async () => {
    const fake = new FakeKeytar();
    expect(await loadKeytar(async () => fake)).toEqual({ ok: true, value: fake });
  });

  it('reports a module that fails to load or is not keytar', async () => {
    const missing = await loadKeytar(async () => {
      throw new Error("Cannot find package 'keytar'");
    });
    expect(missing).toEqual({
      ok: false,
      error: expect.stringContaining("Cannot find package 'keytar'"),
    });
    expect((await loadKeytar(async () => ({ default: {} }))).ok).toBe(false);
  });
});

describe('probeKeychain', () => {
  it('succeeds when the stored token can be read', async () => {
    const fake = new FakeKeytar();
    fake.entries.set('Marketdesk/api-token', TOKEN);
    fake.setPassword = () => Promise.reject(new Error('no writes expected'));
    expect((await probeKeychain(fake)).ok).toBe(true);
  });

  it('with nothing stored, writes and removes a probe entry', async () => {
    const fake = new FakeKeytar();
    const written: string[] = [];
    const set = fake.setPassword.bind(fake);
    fake.setPassword = (service, account, password) => {
      written.push(`${service}/${account}`);
      return set(service, account, password);
    };
    expect((await probeKeychain(fake)).ok).toBe(true);
    expect(written).toEqual(['Marketdesk/api-token.probe']);
    expect(fake.entries.size).toBe(0);
  });

  it('fails when reads answer but writes fail (a D-Bus session without an unlocked keyring)', async () => {
    const fake = new FakeKeytar();
    fake.setPassword = () => Promise.reject(new Error("couldn't create system prompt"));
    const probe = await probeKeychain(fake);
    expect(probe).toEqual({ ok: false, error: expect.stringContaining('system prompt') });
  });

  it('fails, with the reason, when the keychain throws (no D-Bus session)', async () => {
    const fake = new FakeKeytar();
    fake.failWith = 'Cannot autolaunch D-Bus without X11 $DISPLAY';
    const probe = await probeKeychain(fake);
    expect(probe).toEqual({ ok: false, error: expect.stringContaining('Cannot autolaunch D-Bus') });
  });

  it('fails when the keychain never answers', async () => {
    const hanging = new FakeKeytar();
    hanging.getPassword = () => new Promise<string | null>(() => {});
    const probe = await probeKeychain(hanging, 'Marketdesk', 'api-token', 1);
    expect(probe).toEqual({ ok: false, error: expect.stringContaining('no answer') });
  });
});

describe('KeychainStore', () => {
  it('sets, reads, overwrites and deletes the token under its service and account', async () => {
    const fake = new FakeKeytar();
    const store = new KeychainStore(fake, { service: 'S', account: 'A' });
    expect(store.kind).toBe('keychain');
    expect(store.persistent).toBe(true);
    expect(await store.get()).toEqual({ ok: true, value: null });
    expect((await store.set(` ${TOKEN} `, 'https://api.example/v2')).ok).toBe(true);
    // One entry holds the token and its origin together.
    expect(JSON.parse(fake.entries.get('S/A')!)).toMatchObject({
      token: TOKEN,
      origin: 'https://api.example',
    });
    expect(await store.get()).toEqual({
      ok: true,
      value: { token: TOKEN, origin: 'https://api.example' },
    });
    expect((await store.set('tok_second', 'https://other.example')).ok).toBe(true);
    expect(await store.get()).toEqual({
      ok: true,
      value: { token: 'tok_second', origin: 'https://other.example' },
    });
    expect((await store.delete()).ok).toBe(true);
    expect((await store.delete()).ok).toBe(true);
    expect(await store.get()).toEqual({ ok: true, value: null });
  });

  it('reads an entry written before tokens were bound as a token without an origin', async () => {
    const fake = new FakeKeytar();
    fake.entries.set('Marketdesk/api-token', TOKEN);
    expect(await new KeychainStore(fake).get()).toEqual({
      ok: true,
      value: { token: TOKEN, origin: null },
    });
  });

  it('scrubs the token from a keychain error message', async () => {
    const fake = new FakeKeytar();
    fake.failWith = 'The keyring is locked';
    const result = await new KeychainStore(fake).set(TOKEN, 'https://api.example');
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.kind).toBe('failed');
      expect(result.error.message).toContain('The keyring is locked');
      expect(result.error.message).not.toContain(TOKEN);
    }
  });

  it('answers read and delete failures as values', async () => {
    const fake = new FakeKeytar();
    fake.failWith = 'gone';
    const store = new KeychainStore(fake);
    expect(await store.get()).toEqual({
      ok: false,
      error: { kind: 'failed', message: expect.stringContaining('gone') },
    });
    expect((await store.delete()).ok).toBe(false);
  });
});
