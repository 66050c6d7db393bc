import { describe, expect, it } from 'vitest';
import {
  APP_ENTRY_URL,
  contentSecurityPolicy,
  devServerOriginOf,
  isAppUrl,
  isTrustedSender,
  mayNavigate,
  mayOpenWindow,
  popOutUrl,
} from './security-policy';

const built = { devServerOrigin: null };
const dev = { devServerOrigin: 'http://localhost:5173' };

describe('isAppUrl', () => {
  it('accepts the app protocol on its own host', () => {
    expect(isAppUrl(APP_ENTRY_URL, built)).toBe(true);
    expect(isAppUrl('app://marketdesk/assets/index-abc.js', built)).toBe(true);
    expect(isAppUrl('app://marketdesk/index.html#pane=p1', built)).toBe(true);
  });

  it('refuses look-alike hosts, other schemes and junk', () => {
    for (const url of [
      'app://marketdesk.evil.example/index.html',
      'app://evil/index.html',
      'app://user:pw@marketdesk/index.html',
      'file:///etc/passwd',
      'https://marketdesk/index.html',
      'http://localhost:5173/',
      'javascript:alert(1)',
      'not a url',
      '',
    ]) {
      expect(isAppUrl(url, built), url).toBe(false);
    }
  });

  it('accepts the dev server only when one is configured, by exact origin', () => {
    expect(isAppUrl('http://localhost:5173/index.html', dev)).toBe(true);
    expect(isAppUrl('http://localhost:5174/index.html', dev)).toBe(false);
    expect(isAppUrl('http://localhost.evil.example:5173/', dev)).toBe(false);
    expect(isAppUrl('http://localhost:5173/', built)).toBe(false);
  });
});

describe('devServerOriginOf', () => {
  it('keeps loopback http(s) origins only', () => {
    expect(devServerOriginOf('http://localhost:5173/')).toBe('http://localhost:5173');
    expect(devServerOriginOf('http://127.0.0.1:9000/x')).toBe('http://127.0.0.1:9000');
    expect(devServerOriginOf('https://[::1]:5173/')).toBe('https://[::1]:5173');
    expect(devServerOriginOf('https://example.com/')).toBeNull();
    expect(devServerOriginOf('http://localhost.evil.example:5173/')).toBeNull();
    expect(devServerOriginOf('file:///tmp/index.html')).toBeNull();
    expect(devServerOriginOf('garbage')).toBeNull();
    expect(devServerOriginOf(undefined)).toBeNull();
  });
});

describe('navigation and windows', () => {
  it('lets a page navigate within the app only', () => {
    expect(mayNavigate('app://marketdesk/index.html', built)).toBe(true);
    expect(mayNavigate('https://example.com/', built)).toBe(false);
    expect(mayNavigate('file:///tmp/x.html', built)).toBe(false);
    expect(mayNavigate('data:text/html,hi', built)).toBe(false);
  });

  it('never lets a page open a window', () => {
    expect(mayOpenWindow('https://example.com/')).toBe(false);
    expect(mayOpenWindow(APP_ENTRY_URL)).toBe(false);
  });
});

describe('isTrustedSender', () => {
  const good = { frameUrl: APP_ENTRY_URL, isMainFrame: true, isOwnWindow: true };

  it('trusts the main frame of our own window showing an app document', () => {
    expect(isTrustedSender(good, built)).toBe(true);
  });

  it('refuses subframes, foreign windows, gone frames and foreign documents', () => {
    expect(isTrustedSender({ ...good, isMainFrame: false }, built)).toBe(false);
    expect(isTrustedSender({ ...good, isOwnWindow: false }, built)).toBe(false);
    expect(isTrustedSender({ ...good, frameUrl: null }, built)).toBe(false);
    expect(isTrustedSender({ ...good, frameUrl: 'https://evil.example/' }, built)).toBe(false);
    expect(isTrustedSender({ ...good, frameUrl: 'http://localhost:5173/' }, built)).toBe(false);
  });

  it('trusts the dev server in development', () => {
    expect(isTrustedSender({ ...good, frameUrl: 'http://localhost:5173/' }, dev)).toBe(true);
  });
});

describe('contentSecurityPolicy', () => {
  const csp = contentSecurityPolicy();
  const directives = new Map(
    csp.split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name, values] as const;
    }),
  );

  it('allows scripts from the app only, never eval', () => {
    expect(directives.get('script-src')).toEqual(["'self'"]);
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toMatch(/https?:/);
    expect(directives.get('default-src')).toEqual(["'none'"]);
  });

  it('forbids plugins, framing, base changes and form posts', () => {
    expect(directives.get('object-src')).toEqual(["'none'"]);
    expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
    expect(directives.get('base-uri')).toEqual(["'none'"]);
    expect(directives.get('form-action')).toEqual(["'none'"]);
  });
});

describe('popOutUrl', () => {
  it('puts the encoded pane id in the hash of the entry URL', () => {
    expect(popOutUrl(APP_ENTRY_URL, 'chart 1/x')).toBe(
      'app://marketdesk/index.html#pane=chart%201%2Fx',
    );
    expect(popOutUrl('http://localhost:5173/', 'p1')).toBe('http://localhost:5173/#pane=p1');
  });
});
