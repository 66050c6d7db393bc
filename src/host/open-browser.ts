/**
 * Opens a URL in the system browser (xdg-open, open, rundll32). Failures are
 * reported, never fatal: the URL is printed anyway.
 *
 * No shell is involved on any platform: the URL is one argument of an argument
 * array. `cmd /c start` would re-parse it, and `|`, `%`, `^`, `(`, `)` survive URL
 * parsing — a page could run commands through openExternal.
 */
import { spawn } from 'node:child_process';

/** Only web pages are opened; anything else (file:, javascript:, custom schemes) is refused. */
export function isOpenableUrl(url: string): boolean {
  if (!URL.canParse(url)) return false;
  const { protocol, hostname } = new URL(url);
  return (protocol === 'http:' || protocol === 'https:') && hostname !== '';
}

/**
 * The program and argument array that open `url` on `platform`, run without a
 * shell; null when `url` is not an http(s) URL.
 */
export function openerCommand(platform: NodeJS.Platform, url: string): [string, string[]] | null {
  if (!isOpenableUrl(url)) return null;
  // Re-serialised by the URL parser: spaces and quotes percent-encoded, host lower-cased.
  const href = new URL(url).href;
  if (platform === 'darwin') return ['open', [href]];
  // url.dll's handler takes the URL as one argument and hands it to the default browser.
  if (platform === 'win32') return ['rundll32', ['url.dll,FileProtocolHandler', href]];
  return ['xdg-open', [href]];
}

/** Tries to open `url`; resolves with an error message instead of rejecting. */
export function openBrowser(
  url: string,
  platform: NodeJS.Platform = process.platform,
): Promise<string | null> {
  const opener = openerCommand(platform, url);
  if (!opener) return Promise.resolve('refused to open an address that is not http(s)');
  const [command, args] = opener;
  return new Promise((resolve) => {
    let child;
    try {
      child = spawn(command, args, {
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
