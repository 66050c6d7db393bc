import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { APP_JS, makeRendererFolder, type RendererFolder } from '../core/testing/renderer-folder';
import { firstLoadPaths, readRendererFiles } from './static-files';

let folder: RendererFolder | null = null;
afterEach(() => {
  folder?.remove();
  folder = null;
});

describe('readRendererFiles', () => {
  it('holds the build’s regular files, and never a symlink leading out of it', () => {
    folder = makeRendererFolder('marketdesk-static-', { leak: true });
    const files = readRendererFiles(folder.root);
    expect(files.get(path.join(folder.root, 'assets', 'app.js'))?.toString()).toBe(APP_JS);
    expect(files.has(path.join(folder.root, 'index.html'))).toBe(true);
    expect(files.has(path.join(folder.root, 'assets', 'leak.txt'))).toBe(false);
    expect([...files.values()].some((b) => b.toString().includes('TOP-SECRET'))).toBe(false);
  });

  it('holds nothing for a folder that is not there (the disk path answers instead)', () => {
    expect(readRendererFiles('/nonexistent/marketdesk-renderer').size).toBe(0);
  });
});

describe('firstLoadPaths', () => {
  it('lists index.html, its module script, preloads and stylesheets, as the page asks for them', () => {
    const html = `<!doctype html><head>
      <script type="module" crossorigin src="./assets/index-A1.js"></script>
      <link rel="modulepreload" crossorigin href="./assets/model-B2.js">
      <link rel="stylesheet" crossorigin href="./assets/index-C3.css">
      <link rel="icon" href="data:," />
    </head>`;
    expect(firstLoadPaths(html)).toEqual([
      '/',
      '/assets/index-A1.js',
      '/assets/model-B2.js',
      '/assets/index-C3.css',
    ]);
  });
});
