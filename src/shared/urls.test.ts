import { describe, expect, it } from 'vitest';
import { MAX_WEB_URL_LENGTH, isWebUrl } from './urls';

describe('isWebUrl', () => {
  it.each([
    'https://example.com/news/1',
    'http://example.com',
    'HTTPS://Example.com/a?b=c#d',
    'https://127.0.0.1:8443/x',
    'https://[::1]/x',
  ])('accepts %s', (url) => expect(isWebUrl(url)).toBe(true));

  it.each([
    'javascript:alert(1)',
    'JavaScript:alert(document.domain)',
    ' javascript:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    'file:///etc/passwd',
    'vbscript:msgbox(1)',
    'mailto:someone@example.com',
    'ftp://example.com/file',
    'app://marketdesk/index.html',
    'marketdesk://open',
    '//example.com/protocol-relative',
    '/relative/path',
    'example.com',
    'not a url',
    '',
    'https://',
  ])('refuses %j', (url) => expect(isWebUrl(url)).toBe(false));

  it('refuses a user name or password before the host', () => {
    expect(isWebUrl('https://user:pass@example.com/')).toBe(false);
    expect(isWebUrl('https://bank.example@evil.example/')).toBe(false);
    expect(isWebUrl('https://:secret@example.com/')).toBe(false);
  });

  it('refuses what is not a string, and links past the length limit', () => {
    expect(isWebUrl(undefined)).toBe(false);
    expect(isWebUrl(null)).toBe(false);
    expect(isWebUrl(42)).toBe(false);
    const base = 'https://example.com/';
    expect(isWebUrl(base + 'a'.repeat(MAX_WEB_URL_LENGTH - base.length))).toBe(true);
    expect(isWebUrl(base + 'a'.repeat(MAX_WEB_URL_LENGTH - base.length + 1))).toBe(false);
  });
});
