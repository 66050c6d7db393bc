import { symlinkSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseSecurityHeaders,
  contentTypeOf,
  openRendererFile,
  resolveRendererPath,
} from './renderer-files';
import { APP_JS, makeRendererFolder, type RendererFolder } from './testing/renderer-folder';

const ROOT = path.resolve('/srv/renderer');

describe('contentTypeOf', () => {
  it.each([
    ['index.html', 'text/html; charset=utf-8'],
    ['a/b.JS', 'text/javascript; charset=utf-8'],
    ['x.css', 'text/css; charset=utf-8'],
    ['x.woff2', 'font/woff2'],
    ['x.wasm', 'application/wasm'],
    ['x.unknown', 'application/octet-stream'],
  ])('knows the renderer build outputs: %s', (file, type) =>
    expect(contentTypeOf(file)).toBe(type),
  );
});

describe('baseSecurityHeaders', () => {
  it('carries the CSP and refuses sniffing', () => {
    const headers = baseSecurityHeaders("default-src 'self'");
    expect(headers['Content-Security-Policy']).toBe("default-src 'self'");
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
  });
});

describe('resolveRendererPath', () => {
  it.each([
    ['/', ['index.html']],
    ['', ['index.html']],
    ['/assets/index-1.js', ['assets', 'index-1.js']],
    ['/assets//a%20b.css', ['assets', 'a b.css']],
  ])('maps %j to a file under the root (/ and nothing to index.html)', (pathname, file) =>
    expect(resolveRendererPath(ROOT, pathname)).toEqual({
      ok: true,
      file: path.join(ROOT, ...file),
    }),
  );

  it.each([
    '/../secret',
    '/./index.html',
    '/%2e%2e/secret',
    '/assets/%2E%2E/%2E%2E/etc/passwd',
    '/..%2fsecret',
    '/..%5csecret',
    '/assets%2f..%2f..%2fsecret',
    '/a%00.js',
    '/a\\..\\b',
  ])('refuses traversal however it is spelled: %j', (pathname) =>
    expect(resolveRendererPath(ROOT, pathname)).toEqual({ ok: false, status: 403 }),
  );

  it('answers malformed percent-encoding as a bad request', () => {
    expect(resolveRendererPath(ROOT, '/%E0%A4%A')).toEqual({ ok: false, status: 400 });
  });

  it('resolves a relative root against the working folder', () => {
    expect(resolveRendererPath('out/renderer', '/x.js')).toEqual({
      ok: true,
      file: path.resolve('out/renderer', 'x.js'),
    });
  });
});

describe('openRendererFile', () => {
  let folder: RendererFolder;
  let root: string;

  beforeAll(() => {
    folder = makeRendererFolder('md-renderer-files-', { leak: true });
    root = folder.root;
    symlinkSync(path.join(root, 'assets', 'app.js'), path.join(root, 'alias.js'));
  });

  afterAll(() => folder.remove());

  it('opens a regular file inside the root, with its real path and size', async () => {
    expect(await openRendererFile(root, path.join(root, 'assets', 'app.js'))).toEqual({
      ok: true,
      file: path.join(root, 'assets', 'app.js'),
      size: APP_JS.length,
    });
  });

  it('follows a symlink that stays inside the root', async () => {
    const opened = await openRendererFile(root, path.join(root, 'alias.js'));
    expect(opened).toEqual({
      ok: true,
      file: path.join(root, 'assets', 'app.js'),
      size: APP_JS.length,
    });
  });

  it('refuses a symlink out of the root (403)', async () => {
    const leak = path.join(root, 'assets', 'leak.txt');
    expect(await openRendererFile(root, leak)).toEqual({ ok: false, status: 403 });
  });

  it('answers a missing file, a folder and the root itself as not found (404)', async () => {
    expect(await openRendererFile(root, path.join(root, 'missing.js'))).toEqual({
      ok: false,
      status: 404,
    });
    expect(await openRendererFile(root, path.join(root, 'index.html', 'x'))).toEqual({
      ok: false,
      status: 404,
    });
    expect(await openRendererFile(root, path.join(root, 'assets'))).toEqual({
      ok: false,
      status: 404,
    });
  });
});
