import { describe, expect, it } from 'vitest';
import { REDACTED, REDACT_ANYWHERE_LENGTH, redactSecrets, secretRedactor } from './redact';

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
    const token = 'a'.repeat(REDACT_ANYWHERE_LENGTH - 1) + 'Z';
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
});
