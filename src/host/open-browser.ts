/**
 * Opens a URL in the system browser (xdg-open, open, start). Failures are reported,
 * never fatal: the URL is printed anyway.
 */
import { spawn } from 'node:child_process';

/** The command that opens `url` on `platform`. */
export function openerCommand(platform: NodeJS.Platform, url: string): [string, string[]] {
  if (platform === 'darwin') return ['open', [url]];
  // `start` is a cmd built-in; the empty title argument keeps a quoted URL from being taken as one.
  if (platform === 'win32') return ['cmd', ['/c', 'start', '""', url.replace(/&/g, '^&')]];
  return ['xdg-open', [url]];
}

/** Tries to open `url`; resolves with an error message instead of rejecting. */
export function openBrowser(
  url: string,
  platform: NodeJS.Platform = process.platform,
): Promise<string | null> {
  const [command, args] = openerCommand(platform, url);
  return new Promise((resolve) => {
    let child;
    try {
      child = spawn(command, args, { stdio: 'ignore', detached: true });
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
