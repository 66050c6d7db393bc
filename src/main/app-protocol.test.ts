import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAppProtocolHandler, resolveAppPath } from './app-protocol';

const ROOT = path.resolve('/srv/renderer');

describe('resolveAppPath', () => {
  it('maps app URLs to files under the root, / to index.html', () => {
    expect(resolveAppPath(ROOT, 'app://marketdesk/')).toEqual({
      ok: true,
      file: path.join(ROOT, 'index.html'),
    });
    expect(resolveAppPath(ROOT, 'app://marketdesk/assets/index-1.js?v=2#x')).toEqual({
      ok: true,
      file: path.join(ROOT, 'assets', 'index-1.js'),
    });
    expect(resolveAppPath(ROOT, 'app://marketdesk/assets/a%20b.css')).toEqual({
      ok: true,
      file: path.join(ROOT, 'assets', 'a b.css'),
    });
  });

  it('refuses traversal however it is spelled', () => {
    for (const url of [
      'app://marketdesk/..%2fsecret',
      'app://marketdesk/..%5csecret',
      'app://marketdesk/assets%2f..%2f..%2fsecret',
      'app://marketdesk/a%00.js',
      'app://marketdesk/a\\..\\b',
    ]) {
      expect(resolveAppPath(ROOT, url), url).toEqual({ ok: false, status: 403 });
    }
  });

  it('keeps ../ and %2e%2e segments inside the root (the URL parser folds them)', () => {
    for (const url of [
      'app://marketdesk/../../etc/passwd',
      'app://marketdesk/%2e%2e/etc/passwd',
      'app://marketdesk/assets/%2E%2E/%2E%2E/etc/passwd',
    ]) {
      expect(resolveAppPath(ROOT, url), url).toEqual({
        ok: true,
        file: path.join(ROOT, 'etc', 'passwd'),
      });
    }
  });

  it('refuses other hosts and schemes, and malformed input', () => {
    expect(resolveAppPath(ROOT, 'app://other/index.html')).toEqual({ ok: false, status: 403 });
    expect(resolveAppPath(ROOT, 'file:///etc/passwd')).toEqual({ ok: false, status: 403 });
    expect(resolveAppPath(ROOT, 'app://marketdesk/%E0%A4%A')).toEqual({ ok: false, status: 400 });
    expect(resolveAppPath(ROOT, 'nonsense')).toEqual({ ok: false, status: 400 });
  });
});

describe('createAppProtocolHandler', () => {
  let dir: string;
  let root: string;
  const csp = "default-src 'none'; script-src 'self'";
  let handle: (request: Request) => Promise<Response>;

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'md-app-protocol-'));
    root = path.join(dir, 'renderer');
    mkdirSync(path.join(root, 'assets'), { recursive: true });
    writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>md</title>');
    writeFileSync(path.join(root, 'assets', 'app.js'), 'console.log(1)');
    writeFileSync(path.join(dir, 'secret.txt'), 'top secret');
    symlinkSync(path.join(dir, 'secret.txt'), path.join(root, 'assets', 'leak.txt'));
    handle = createAppProtocolHandler({ root, csp });
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('serves the entry document with the CSP header', async () => {
    const response = await handle(new Request('app://marketdesk/'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('content-security-policy')).toBe(csp);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await response.text()).toContain('<title>md</title>');
  });

  it('serves assets with their type', async () => {
    const response = await handle(new Request('app://marketdesk/assets/app.js'));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(await response.text()).toBe('console.log(1)');
  });

  it('answers HEAD without a body', async () => {
    const response = await handle(new Request('app://marketdesk/index.html', { method: 'HEAD' }));
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('');
  });

  it('refuses traversal, a symlink out of the root, other methods; 404s the missing', async () => {
    const status = async (url: string, method = 'GET'): Promise<number> =>
      (await handle(new Request(url, { method }))).status;
    expect(await status('app://marketdesk/%2e%2e/secret.txt')).toBe(404);
    expect(await status('app://marketdesk/..%2fsecret.txt')).toBe(403);
    expect(await status('app://marketdesk/assets/leak.txt')).toBe(403);
    expect(await status('app://marketdesk/missing.js')).toBe(404);
    expect(await status('app://marketdesk/assets')).toBe(404);
    expect(await status('app://marketdesk/index.html', 'POST')).toBe(405);
    const refused = await handle(new Request('app://marketdesk/..%2fsecret.txt'));
    expect(refused.headers.get('content-security-policy')).toBe(csp);
    expect(await refused.text()).not.toContain('top secret');
  });
});
