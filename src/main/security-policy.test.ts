import { describe, expect, it } from 'vitest';
import {
  APP_ENTRY_URL,
  contentSecurityPolicy,
  devServerOriginOf,
  isAppUrl,
  isTrustedSender,
  mayNavigate,
  mayOpenWindow,
} from './security-policy';

const built = { devServerOrigin: null };
const dev = { devServerOrigin: 'http://localhost:5173' };

describe('isAppUrl', () => {
  it('accepts the app protocol on its own host', () => {
    expect(isAppUrl(APP_ENTRY_URL, built)).toBe(true);
    expect(isAppUrl('app://marketdesk/assets/index-abc.js', built)).toBe(true);
    expect(isAppUrl('app://marketdesk/index.html?pane=p1', built)).toBe(true);
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

  it.each([
    ['http://localhost:5173/index.html', dev, true],
    ['http://localhost:5174/index.html', dev, false],
    ['http://localhost.evil.example:5173/', dev, false],
    ['http://localhost:5173/', built, false],
  ] as const)('accepts the dev server only when configured, by exact origin: %s', (url, t, ok) =>
    expect(isAppUrl(url, t)).toBe(ok),
  );
});

describe('devServerOriginOf', () => {
  it.each([
    ['http://localhost:5173/', 'http://localhost:5173'],
    ['http://127.0.0.1:9000/x', 'http://127.0.0.1:9000'],
    ['https://[::1]:5173/', 'https://[::1]:5173'],
    ['https://example.com/', null],
    ['http://localhost.evil.example:5173/', null],
    ['file:///tmp/index.html', null],
    ['garbage', null],
    [undefined, null],
  ])('keeps loopback http(s) origins only: %s', (url, origin) =>
    expect(devServerOriginOf(url)).toBe(origin),
  );
});

describe('navigation and windows', () => {
  it.each([
    ['app://marketdesk/index.html', true],
    ['https://example.com/', false],
    ['file:///tmp/x.html', false],
    ['data:text/html,hi', false],
  ])('lets a page navigate within the app only: %s', (url, ok) =>
    expect(mayNavigate(url, built)).toBe(ok),
  );

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
