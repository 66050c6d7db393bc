/**
 * The token is never a setting: after every way of setting it, nothing the settings
 * store writes contains it.
 */
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { chooseSecretStore } from '../secrets/choose-secret-store';
import { FakeCipher } from '../secrets/test-fakes';
import { tempFolder } from '../testing/temp-folder';
import { SETTINGS_FILE_NAME, SettingsStore } from './settings-store';

const TOKEN = 'tok_must_never_be_in_settings_91f2';

let folder = '';
beforeEach(() => {
  folder = tempFolder('md-isolation-');
});

describe('token isolation', () => {
  it.each([
    ['session', { loadKeytar: null }],
    ['safe-storage', { loadKeytar: null, safeStorage: new FakeCipher() }],
  ] as const)('settings.json never holds the token (%s store)', async (kind, extra) => {
    const settings = new SettingsStore({ folder });
    settings.load();
    const { store } = await chooseSecretStore({ env: {}, folder, ...extra });
    expect(store.kind).toBe(kind);

    expect((await store.set(TOKEN, 'https://api.example')).ok).toBe(true);
    settings.update({ theme: 'light', plan: 'premium' });
    expect(() => settings.update({ token: TOKEN })).toThrow(/not a setting/);
    expect(() => settings.update({ baseUrl: `https://api.example/?token=${TOKEN}` })).toThrow();

    const text = readFileSync(path.join(folder, SETTINGS_FILE_NAME), 'utf8');
    expect(text).not.toContain(TOKEN);
    expect(JSON.stringify(settings.get())).not.toContain(TOKEN);
    // No file in the data folder holds it in clear (token.enc is ciphertext).
    for (const name of readdirSync(folder))
      expect(readFileSync(path.join(folder, name), 'utf8')).not.toContain(TOKEN);
  });
});
