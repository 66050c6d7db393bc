import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  baseSecurityHeaders,
  contentTypeOf,
  openRendererFile,
  resolveRendererPath,
} from './renderer-files';

const ROOT = path.resolve('/srv/renderer');

describe('contentTypeOf', () => {
  it('knows the renderer build outputs', () => {
    expect(contentTypeOf('index.html')).toBe('text/html; charset=utf-8');
    expect(contentTypeOf('a/b.JS')).toBe('text/javascript; charset=utf-8');
    expect(contentTypeOf('x.css')).toBe('text/css; charset=utf-8');
    expect(contentTypeOf('x.woff2')).toBe('font/woff2');
    expect(contentTypeOf('x.wasm')).toBe('application/wasm');
    expect(contentTypeOf('x.unknown')).toBe('application/octet-stream');
  });
});

describe('baseSecurityHeaders', () => {
  it('carries the CSP and refuses sniffing', () => {
    const headers = baseSecurityHeaders("default-src 'self'");
    expect(headers['Content-Security-Policy']).toBe("default-src 'self'");
    expect(headers['X-Content-Type-Options']).toBe('nosniff');
  });
});

describe('resolveRendererPath', () => {
  it('maps pathnames to files under the root, / and nothing to index.html', () => {
    const index = { ok: true, file: path.join(ROOT, 'index.html') };
    expect(resolveRendererPath(ROOT, '/')).toEqual(index);
    expect(resolveRendererPath(ROOT, '')).toEqual(index);
    expect(resolveRendererPath(ROOT, '/assets/index-1.js')).toEqual({
      ok: true,
      file: path.join(ROOT, 'assets', 'index-1.js'),
    });
    expect(resolveRendererPath(ROOT, '/assets//a%20b.css')).toEqual({
      ok: true,
      file: path.join(ROOT, 'assets', 'a b.css'),
    });
  });

  it('refuses traversal however it is spelled', () => {
    for (const pathname of [
      '/../secret',
      '/./index.html',
      '/%2e%2e/secret',
      '/assets/%2E%2E/%2E%2E/etc/passwd',
      '/..%2fsecret',
      '/..%5csecret',
      '/assets%2f..%2f..%2fsecret',
      '/a%00.js',
      '/a\\..\\b',
    ]) {
      expect(resolveRendererPath(ROOT, pathname), pathname).toEqual({ ok: false, status: 403 });
    }
  });

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
  let dir: string;
  let root: string;

  beforeAll(() => {
    dir = realpathSync(mkdtempSync(path.join(tmpdir(), 'md-renderer-files-')));
    root = path.join(dir, 'renderer');
    mkdirSync(path.join(root, 'assets'), { recursive: true });
    writeFileSync(path.join(root, 'index.html'), '<!doctype html>');
    writeFileSync(path.join(root, 'assets', 'app.js'), 'console.log(1)');
    writeFileSync(path.join(dir, 'secret.txt'), 'top secret');
    symlinkSync(path.join(dir, 'secret.txt'), path.join(root, 'assets', 'leak.txt'));
    symlinkSync(path.join(root, 'assets', 'app.js'), path.join(root, 'alias.js'));
  });

  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('opens a regular file inside the root, with its real path and size', async () => {
    expect(await openRendererFile(root, path.join(root, 'assets', 'app.js'))).toEqual({
      ok: true,
      file: path.join(root, 'assets', 'app.js'),
      size: 'console.log(1)'.length,
    });
  });

  it('follows a symlink that stays inside the root', async () => {
    const opened = await openRendererFile(root, path.join(root, 'alias.js'));
    expect(opened).toEqual({ ok: true, file: path.join(root, 'assets', 'app.js'), size: 14 });
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
