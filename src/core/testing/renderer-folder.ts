/**
 * A built renderer's folder for tests of what serves it (core/renderer-files, the
 * browser host): `<dir>/renderer` with an entry document and one script, and beside
 * it, outside the root, a file no request may ever read.
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** The entry document's text. */
export const ENTRY_HTML =
  '<!doctype html><title>Marketdesk</title><script type="module" src="./assets/app.js"></script>';
/** `assets/app.js`'s text. */
export const APP_JS = 'console.log(1)';
/** The text of `<dir>/secret.txt`, outside the root: a response carrying it is a leak. */
export const SECRET_TEXT = 'TOP-SECRET';

export interface RendererFolder {
  /** The temporary folder (its real path), holding `renderer/` and `secret.txt`. */
  readonly dir: string;
  /** `<dir>/renderer`: index.html and assets/app.js. */
  readonly root: string;
  /** Removes the whole folder. */
  remove(): void;
}

/**
 * Makes the folder under the system temp folder. With `leak`, `assets/leak.txt` is a
 * symlink to the secret outside the root.
 */
export function makeRendererFolder(prefix: string, options: { leak?: boolean } = {}) {
  const dir = realpathSync(mkdtempSync(path.join(tmpdir(), prefix)));
  const root = path.join(dir, 'renderer');
  mkdirSync(path.join(root, 'assets'), { recursive: true });
  writeFileSync(path.join(root, 'index.html'), ENTRY_HTML);
  writeFileSync(path.join(root, 'assets', 'app.js'), APP_JS);
  writeFileSync(path.join(dir, 'secret.txt'), SECRET_TEXT);
  if (options.leak) {
    symlinkSync(path.join(dir, 'secret.txt'), path.join(root, 'assets', 'leak.txt'));
  }
  const folder: RendererFolder = {
    dir,
    root,
    remove: () => rmSync(dir, { recursive: true, force: true }),
  };
  return folder;
}
