/**
 * Opens a URL in the system browser (xdg-open, open, rundll32). Failures are
 * reported, never fatal: the URL is printed anyway.
 *
 * No shell is involved on any platform: the URL is one argument of an argument
 * array. `cmd /c start` would re-parse it, and `|`, `%`, `^`, `(`, `)` survive URL
 * parsing — a page could run commands through openExternal.
 *
 * The host's own address carries its per-launch secret, and a command line is readable
 * by every local user (`ps`, /proc/<pid>/cmdline), for as long as the opener runs. So
 * that address is never an argument: {@link openViaRedirectFile} writes it into a file
 * only the user can read and opens the file instead (as Jupyter does).
 */
import { spawn, type SpawnOptions } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { webUrl } from '../shared/urls';

/** The part of a child process the opener uses. */
export interface SpawnedProcess {
  once(event: 'error', listener: (error: Error) => void): unknown;
  once(event: 'spawn', listener: () => void): unknown;
  unref(): void;
}

/** Starts a program without a shell; injected by tests to see the argument vector. */
export type Spawner = (command: string, args: string[], options: SpawnOptions) => SpawnedProcess;

const nodeSpawn: Spawner = (command, args, options) => spawn(command, args, options);

/** How to open things: the platform and the spawner (tests inject both). */
export interface OpenerOptions {
  platform?: NodeJS.Platform;
  spawn?: Spawner;
}

/** Why an address is not opened: it is no web link (http(s), without `user:pass@`). */
export const NOT_A_WEB_LINK = 'refused to open an address that is not a plain http(s) link';

/** The program and argument array that open an already checked `target` on `platform`. */
function commandFor(platform: NodeJS.Platform, target: string): [string, string[]] {
  if (platform === 'darwin') return ['open', [target]];
  // url.dll's handler takes the URL as one argument and hands it to the default browser.
  if (platform === 'win32') return ['rundll32', ['url.dll,FileProtocolHandler', target]];
  return ['xdg-open', [target]];
}

/**
 * The program and argument array that open `url` on `platform`, run without a
 * shell; null when `url` is not a web link (shared/urls' `webUrl`: http(s), no
 * `user:pass@`; file:, javascript: and custom schemes are refused).
 */
export function openerCommand(platform: NodeJS.Platform, url: string): [string, string[]] | null {
  // Re-serialised by the URL parser: spaces and quotes percent-encoded, host lower-cased.
  const target = webUrl(url);
  return target === null ? null : commandFor(platform, target);
}

/** Runs an opener; resolves with an error message instead of rejecting. */
function run(opener: [string, string[]], spawner: Spawner): Promise<string | null> {
  const [command, args] = opener;
  return new Promise((resolve) => {
    let child: SpawnedProcess;
    try {
      child = spawner(command, args, {
        stdio: 'ignore',
        detached: true,
        shell: false,
        windowsHide: true,
      });
    } catch (error) {
      return resolve(`could not open a browser (${(error as Error).message})`);
    }
    child.once('error', (error) => resolve(`could not open a browser (${error.message})`));
    child.once('spawn', () => {
      child.unref();
      resolve(null);
    });
  });
}

/**
 * Tries to open `url` (http(s) only: news links, which carry no secret); resolves with
 * an error message instead of rejecting.
 */
export function openBrowser(
  url: string,
  platform: NodeJS.Platform = process.platform,
  spawner: Spawner = nodeSpawn,
): Promise<string | null> {
  const opener = openerCommand(platform, url);
  if (!opener) return Promise.resolve(NOT_A_WEB_LINK);
  return run(opener, spawner);
}

/** A private page that sends the browser on to an address. */
export interface RedirectFile {
  /** The file, in a folder of its own that only the user can enter. */
  readonly path: string;
  /** Removes the file and its folder; idempotent. */
  remove(): void;
}

/** The file name inside its private folder. */
export const REDIRECT_FILE_NAME = 'open-marketdesk.html';

function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

/** The page: a refresh to `url` at once, and a link for a browser that blocks refreshes. */
export function redirectPage(url: string): string {
  const href = escapeHtml(url);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="referrer" content="no-referrer">
<meta http-equiv="refresh" content="0;url=${href}">
<title>Opening Marketdesk</title>
</head>
<body>
<p>Opening Marketdesk. If nothing happens, <a href="${href}">open it here</a>.</p>
</body>
</html>
`;
}

/**
 * Writes {@link redirectPage} for `url` into a new private folder under `parent`
 * (default the system temp folder): the folder mode 0700 (mkdtemp), the file 0600 and
 * created exclusively, so no other local user can read the secret in it, and nothing
 * planted at that name beforehand is written through. Call `remove` when the address
 * stops working (the host closes).
 */
export function writeRedirectFile(url: string, parent: string = tmpdir()): RedirectFile {
  const folder = mkdtempSync(path.join(parent, 'marketdesk-open-'));
  const file = path.join(folder, REDIRECT_FILE_NAME);
  try {
    writeFileSync(file, redirectPage(url), { mode: 0o600, flag: 'wx' });
  } catch (error) {
    rmSync(folder, { recursive: true, force: true });
    throw error;
  }
  return {
    path: file,
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}

/** What {@link openViaRedirectFile} did. */
export interface OpenedViaFile {
  /** Why the browser could not be opened, or null. */
  problem: string | null;
  /** The redirect file while it exists (remove it at exit), or null when none was written. */
  file: RedirectFile | null;
}

/**
 * Opens `url` (http(s)) in the browser without putting it on any command line: the
 * browser is given a private {@link RedirectFile} that forwards to it. For addresses
 * that carry a secret (the host's, `#k=…`). The file stays until `file.remove()`: the
 * browser may read it some time after the opener returns.
 */
export async function openViaRedirectFile(
  url: string,
  options: OpenerOptions & { parent?: string } = {},
): Promise<OpenedViaFile> {
  const target = webUrl(url);
  if (target === null) {
    return { problem: NOT_A_WEB_LINK, file: null };
  }
  let file: RedirectFile;
  try {
    file = writeRedirectFile(target, options.parent);
  } catch (error) {
    return {
      problem: `could not write the page that opens the browser (${(error as Error).message})`,
      file: null,
    };
  }
  const opener = commandFor(options.platform ?? process.platform, pathToFileURL(file.path).href);
  const problem = await run(opener, options.spawn ?? nodeSpawn);
  if (problem) file.remove();
  return { problem, file: problem ? null : file };
}
