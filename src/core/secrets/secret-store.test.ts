import { inspect } from 'node:util';
import { describe, expect, it } from 'vitest';
import { EnvironmentStore } from './environment-store';
import {
  MAX_TOKEN_LENGTH,
  TOKEN_CHARACTERS_MESSAGE,
  scrubbedMessage,
  validateToken,
} from './secret-store';
import { SessionStore } from './session-store';

const TOKEN = 'tok_3f9a8c7e6d5b4a39';

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
});

describe('SessionStore', () => {
  it('holds the token in memory only and forgets it on delete', async () => {
    const store = new SessionStore();
    expect(store.persistent).toBe(false);
    expect(store.kind).toBe('session');
    expect(await store.get()).toEqual({ ok: true, value: null });
    expect((await store.set(TOKEN)).ok).toBe(true);
    expect(await store.get()).toEqual({ ok: true, value: TOKEN });
    expect((await store.delete()).ok).toBe(true);
    expect(await store.get()).toEqual({ ok: true, value: null });
  });

  it('does not show the token when serialised or inspected', async () => {
    const store = new SessionStore();
    await store.set(TOKEN);
    expect(JSON.stringify(store)).not.toContain(TOKEN);
    expect(inspect(store, { showHidden: true, depth: 5 })).not.toContain(TOKEN);
  });

  it('refuses an invalid token and keeps the old one', async () => {
    const store = new SessionStore();
    await store.set(TOKEN);
    expect((await store.set(' ')).ok).toBe(false);
    expect(await store.get()).toEqual({ ok: true, value: TOKEN });
  });
});

describe('EnvironmentStore', () => {
  it('answers the token and refuses to set or delete, saying why', async () => {
    const store = new EnvironmentStore(TOKEN);
    expect(await store.get()).toEqual({ ok: true, value: TOKEN });
    const set = await store.set('another-token');
    const del = await store.delete();
    for (const result of [set, del]) {
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.error.kind).toBe('environment-override');
        expect(result.error.message).toContain('MARKETDESK_TOKEN');
        expect(result.error.message).not.toContain(TOKEN);
      }
    }
    expect(await store.get()).toEqual({ ok: true, value: TOKEN });
    expect(inspect(store, { showHidden: true })).not.toContain(TOKEN);
  });
});
