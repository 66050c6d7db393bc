import { describe, expect, it } from 'vitest';
import { baseUrlProblem } from './model';
import { WEB_LINK_CASES } from './testing/web-link-cases';
import {
  MAX_WEB_URL_LENGTH,
  hasCredentials,
  isLoopbackHost,
  isWebUrl,
  parseHttpUrl,
  webUrl,
} from './urls';

describe('isWebUrl', () => {
  it.each(WEB_LINK_CASES)('%j is a web link: %s', (address, verdict) => {
    expect(isWebUrl(address)).toBe(verdict);
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

describe('webUrl', () => {
  it('answers the canonical form the browser would use', () => {
    expect(webUrl('HTTPS://Example.COM/a b?q="x"')).toBe('https://example.com/a%20b?q=%22x%22');
    expect(webUrl(' https://example.com/padded\n')).toBe('https://example.com/padded');
    expect(webUrl('https://user:pass@example.com/')).toBeNull();
  });
});

describe('parseHttpUrl', () => {
  it('parses http(s) with a host, credentials or not, and nothing else', () => {
    expect(parseHttpUrl('https://u:p@example.com/')?.host).toBe('example.com');
    expect(hasCredentials(parseHttpUrl('https://u:p@example.com/')!)).toBe(true);
    expect(hasCredentials(parseHttpUrl('https://example.com/')!)).toBe(false);
    expect(parseHttpUrl('ftp://example.com/')).toBeNull();
    expect(parseHttpUrl('/relative')).toBeNull();
  });
});

describe('the base URL rule builds on the same check', () => {
  it.each(WEB_LINK_CASES.filter(([, verdict]) => !verdict))(
    'refuses %j as the service address too',
    (address) => expect(baseUrlProblem(address)).not.toBeNull(),
  );
});

describe('isLoopbackHost', () => {
  it('names this machine only', () => {
    for (const host of ['localhost', 'LOCALHOST', '127.0.0.1', '127.1.2.3', '[::1]', '::1']) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of ['x.localhost', 'localhost.', '128.0.0.1', '[::2]', 'example.com']) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });
});
