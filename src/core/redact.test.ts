import { describe, expect, it } from 'vitest';
import {
  REDACTED,
  REDACT_PREFIX_LENGTH,
  encodedForms,
  redactSecrets,
  secretRedactor,
} from './redact';

describe('redactSecrets', () => {
  it('blanks a token with the one mask', () => {
    expect(redactSecrets('quota exceeded for token abc123.', ['abc123'])).toBe(
      `quota exceeded for token ${REDACTED}.`,
    );
    expect(REDACTED).toBe('[redacted]');
  });

  it('does not garble a message with a one-letter token', () => {
    const text = 'The market data service rejected the token (T). Try T-bills: Tokyo';
    expect(redactSecrets(text, ['T'])).toBe(
      `The market data service rejected the token (${REDACTED}). Try T-bills: Tokyo`,
    );
    expect(redactSecrets('T', ['T'])).toBe(REDACTED);
    expect(redactSecrets('token=T&x', ['T'])).toBe(`token=${REDACTED}&x`);
  });

  it('treats punctuation at a short token edge as its own boundary', () => {
    expect(redactSecrets('key ab== then ab==x', ['ab=='])).toBe(
      `key ${REDACTED} then ${REDACTED}x`,
    );
    expect(redactSecrets('(-x-)', ['-x-'])).toBe(`(${REDACTED})`);
  });

  it('blanks a long token wherever it appears, even glued to other text', () => {
    const token = 'a'.repeat(15) + 'Z';
    expect(redactSecrets(`token%3D${token}xyz`, [token])).toBe(`token%3D${REDACTED}xyz`);
  });

  it('blanks the longer of two overlapping secrets whole, and every occurrence', () => {
    expect(redactSecrets('abc abcdef abc', ['abc', 'abcdef'])).toBe(
      `${REDACTED} ${REDACTED} ${REDACTED}`,
    );
  });

  it('escapes regular-expression characters and skips empty secrets', () => {
    expect(redactSecrets('x a.*b y a.b', ['a.*b', '', null, undefined])).toBe(
      `x ${REDACTED} y a.b`,
    );
    expect(redactSecrets('nothing here', [])).toBe('nothing here');
  });

  it('reads the secrets at each call', () => {
    const secrets = ['one'];
    const redact = secretRedactor(() => secrets);
    expect(redact('one two')).toBe(`${REDACTED} two`);
    secrets.push('two');
    expect(redact('one two')).toBe(`${REDACTED} ${REDACTED}`);
  });

  // Finding 1 of the second audit: a token holding +, / or = echoed URL-encoded passed.
  describe('encoded and truncated echoes', () => {
    const TOKEN = 'k3y+Ab/Cd=Ef"G\\h_9Zq';
    const bytes = new TextEncoder().encode(TOKEN);
    const hex = Buffer.from(bytes).toString('hex');
    const shapes: [string, string][] = [
      ['URL-encoded', `bad request; token=${encodeURIComponent(TOKEN)}`],
      [
        'URL-encoded, lower-case hex',
        `token=${encodeURIComponent(TOKEN).replace(/%[0-9A-F]{2}/g, (e) => e.toLowerCase())}`,
      ],
      ['form-encoded', `q=${new URLSearchParams({ t: TOKEN }).toString().slice(2)}`],
      ['JSON-escaped', `{"token":${JSON.stringify(TOKEN)}}`],
      ['base64', `auth ${Buffer.from(TOKEN).toString('base64')}`],
      ['base64url', `auth ${Buffer.from(TOKEN).toString('base64url')}`],
      ['base64 inside a longer text', Buffer.from(`token=${TOKEN}`).toString('base64')],
      ['hex', `key 0x${hex}`],
      ['HEX', `key ${hex.toUpperCase()}`],
      ['a 30-character cut', `it starts "${TOKEN.slice(0, 12)}…"`],
      ['a prefix glued to other text', `tok${TOKEN.slice(0, REDACT_PREFIX_LENGTH)}`],
      ['a cut URL-encoded form', `token=${encodeURIComponent(TOKEN).slice(0, 10)}…`],
    ];
    it.each(shapes)('blanks the token %s', (_shape, text) => {
      const out = redactSecrets(text, [TOKEN]);
      expect(out).toContain(REDACTED);
      for (const form of encodedForms(TOKEN)) {
        expect(out).not.toContain(form.slice(0, REDACT_PREFIX_LENGTH));
      }
    });

    it('leaves text that shares fewer than 8 characters with the token', () => {
      const text = `k3y+Ab/ is not it; neither is ${TOKEN.slice(1)}`.slice(0, 30);
      expect(redactSecrets('k3y+Ab/ is fine', [TOKEN])).toBe('k3y+Ab/ is fine');
      expect(redactSecrets(text, [TOKEN])).toBe(text);
    });

    it('joins overlapping forms into one mask', () => {
      expect(redactSecrets(`x ${TOKEN}${TOKEN} y`, [TOKEN])).toBe(`x ${REDACTED} y`);
    });
  });
});
