import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { EnvironmentStore } from './environment-store';
import {
  MAX_TOKEN_LENGTH,
  TOKEN_CHARACTERS_MESSAGE,
  decodeStoredToken,
  encodeStoredToken,
  isTokenFor,
  scrubbedMessage,
  tokenOrigin,
  validateToken,
} from './secret-store';
import { SessionStore } from './session-store';

const TOKEN = 'tok_3f9a8c7e6d5b4a39';
const ORIGIN = 'https://api.example';
const BOUND = { token: TOKEN, origin: ORIGIN };

describe('validateToken', () => {
  it('accepts a token and trims surrounding whitespace', () => {
    expect(validateToken(`  ${TOKEN}\n`)).toEqual({ ok: true, value: TOKEN });
  });

  it.each([
    ['empty', '   '],
    ['inner space', 'abc def'],
    ['line break', 'abc\ndef'],
    ['control character', 'abc\u0007def'],
    ['too long', 'x'.repeat(MAX_TOKEN_LENGTH + 1)],
  ])('refuses a token that is %s, without echoing it', (_label, token) => {
    const result = validateToken(token);
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.kind).toBe('invalid');
      if (token.trim()) expect(result.error.message).not.toContain(token.trim());
    }
  });

  it.each([
    ['a zero-width space', 'abc\u200bdef'],
    ['a trailing zero-width space', 'abcdef\u200b'],
    ['curly quotes', '\u201cabcdef\u201d'],
    ['a no-break space', 'abc\u00a0def'],
    ['a Latin-1 letter', 'abcdéf'],
    ['an emoji', 'abc\u{1F600}def'],
    ['a DEL', 'abc\u007fdef'],
  ])('refuses a token with %s, saying which characters are allowed', (_label, token) => {
    expect(validateToken(token)).toEqual({
      ok: false,
      error: { kind: 'invalid', message: TOKEN_CHARACTERS_MESSAGE },
    });
  });

  it('accepts every printable ASCII character', () => {
    let all = '';
    for (let c = 0x21; c <= 0x7e; c++) all += String.fromCharCode(c);
    expect(validateToken(all)).toEqual({ ok: true, value: all });
  });

  it('refuses what is not text', () => {
    expect(validateToken(42).ok).toBe(false);
  });
});

describe('scrubbedMessage', () => {
  it('blanks every occurrence of every secret and keeps only the message', () => {
    const error = new Error(`bad ${TOKEN} and again ${TOKEN}`, { cause: TOKEN });
    const text = scrubbedMessage(error, [TOKEN, null]);
    expect(text).toBe('bad [redacted] and again [redacted]');
  });

  it('blanks a short secret as a whole value only', () => {
    expect(scrubbedMessage(new Error('The keyring (T) is locked'), ['T'])).toBe(
      'The keyring ([redacted]) is locked',
    );
  });
});

describe('the binding of a token to its origin', () => {
  it('names the origin as the data source id does: scheme, host and port', () => {
    expect(tokenOrigin('https://API.example:443/v2/')).toBe('https://api.example');
    expect(tokenOrigin('http://127.0.0.1:8080/x')).toBe('http://127.0.0.1:8080');
    expect(isTokenFor(ORIGIN, 'https://api.example/v2')).toBe(true);
    expect(isTokenFor(ORIGIN, 'https://api.example:8443')).toBe(false);
    expect(isTokenFor(ORIGIN, 'http://api.example')).toBe(false);
    expect(isTokenFor(ORIGIN, 'https://api.example.evil.test')).toBe(false);
  });

  it('stores the origin with the token in one record, and reads a bare token as unbound', () => {
    const record = encodeStoredToken(TOKEN, 'https://api.example/v2');
    expect(decodeStoredToken(record)).toEqual(BOUND);
    expect(decodeStoredToken(TOKEN)).toEqual({ token: TOKEN, origin: null });
    expect(decodeStoredToken('{"token":"x"}')).toEqual({ token: '{"token":"x"}', origin: null });
  });
});

describe('SessionStore', () => {
  it('holds the token in memory only and forgets it on delete', async () => {
    const store = new SessionStore();
    expect(store.persistent).toBe(false);
    expect(store.kind).toBe('session');
    expect(await store.get()).toEqual({ ok: true, value: null });
    expect((await store.set(TOKEN, `${ORIGIN}/v2`)).ok).toBe(true);
    expect(await store.get()).toEqual({ ok: true, value: BOUND });
    expect((await store.delete()).ok).toBe(true);
    expect(await store.get()).toEqual({ ok: true, value: null });
  });

  it('does not show the token when serialised or inspected', async () => {
    const store = new SessionStore();
    await store.set(TOKEN, ORIGIN);
    expect(JSON.stringify(store)).not.toContain(TOKEN);
    expect(inspect(store, { showHidden: true, depth: 5 })).not.toContain(TOKEN);
  });

  it('refuses an invalid token and keeps the old one', async () => {
    const store = new SessionStore();
    await store.set(TOKEN, ORIGIN);
    expect((await store.set(' ', ORIGIN)).ok).toBe(false);
    expect((await store.set('tok_other', 'not a url')).ok).toBe(false);
    expect(await store.get()).toEqual({ ok: true, value: BOUND });
  });
});

describe('EnvironmentStore', () => {
  it('answers the token for its origin and refuses to set or delete, saying why', async () => {
    const store = new EnvironmentStore(TOKEN, `${ORIGIN}/v1/`);
    expect(await store.get()).toEqual({ ok: true, value: BOUND });
    const set = await store.set('another-token', ORIGIN);
    const del = await store.delete();
    for (const result of [set, del]) {
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.error.kind).toBe('environment-override');
        expect(result.error.message).toContain('MARKETDESK_TOKEN');
        expect(result.error.message).not.toContain(TOKEN);
      }
    }
    expect(await store.get()).toEqual({ ok: true, value: BOUND });
    expect(inspect(store, { showHidden: true })).not.toContain(TOKEN);
  });
});
