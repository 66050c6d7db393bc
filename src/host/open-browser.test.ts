import { EventEmitter } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WEB_LINK_CASES } from '../shared/testing/web-link-cases';
import {
  NOT_A_WEB_LINK,
  openBrowser,
  openerCommand,
  openViaRedirectFile,
  redirectPage,
  type SpawnedProcess,
  type Spawner,
} from './open-browser';

/** A spawner that records each argument vector and starts (or fails) at once. */
function recordingSpawner(fail?: string): { spawn: Spawner; argv: string[][] } {
  const argv: string[][] = [];
  const spawn: Spawner = (command, args) => {
    argv.push([command, ...args]);
    const child = new EventEmitter() as EventEmitter & SpawnedProcess;
    child.unref = () => undefined;
    queueMicrotask(() => (fail ? child.emit('error', new Error(fail)) : child.emit('spawn')));
    return child;
  };
  return { spawn, argv };
}

const SECRET = 'k3y-Of-This-Launch_0123456789abcdef';
const ADDRESS = `http://127.0.0.1:5173/#k=${SECRET}`;

// Characters cmd.exe treats specially that survive URL parsing.
const NASTY = 'https://example.com/a?x=1&y=2|calc^(%PATH%)';

describe('openerCommand', () => {
  it('uses rundll32 with the URL as one argument on Windows, never cmd', () => {
    const opener = openerCommand('win32', NASTY);
    expect(opener).not.toBeNull();
    const [command, args] = opener!;
    expect(command).toBe('rundll32');
    expect(args).toEqual(['url.dll,FileProtocolHandler', new URL(NASTY).href]);
    expect(args[1]).toContain('|calc^(%PATH%)');
  });

  it('uses open on macOS and xdg-open elsewhere, the URL one argument', () => {
    expect(openerCommand('darwin', NASTY)).toEqual(['open', [new URL(NASTY).href]]);
    expect(openerCommand('linux', NASTY)).toEqual(['xdg-open', [new URL(NASTY).href]]);
    expect(openerCommand('freebsd', NASTY)).toEqual(['xdg-open', [new URL(NASTY).href]]);
  });

  it('keeps the fragment (the host address carries its secret there)', () => {
    const url = 'http://127.0.0.1:5173/#k=abc';
    expect(openerCommand('linux', url)).toEqual(['xdg-open', [url]]);
  });

  it.each(WEB_LINK_CASES)('opens %j on every platform only if it is a web link (%s)', (url, ok) => {
    for (const platform of ['win32', 'darwin', 'linux'] as const) {
      expect(openerCommand(platform, url) !== null).toBe(ok);
    }
  });
});

describe('openBrowser', () => {
  it('reports a non-http(s) address instead of opening it', async () => {
    const { spawn, argv } = recordingSpawner();
    expect(await openBrowser('file:///etc/passwd', 'linux', spawn)).toBe(NOT_A_WEB_LINK);
    expect(argv).toEqual([]);
  });

  it('opens a news link (no secret in it) directly', async () => {
    const { spawn, argv } = recordingSpawner();
    expect(await openBrowser('https://news.example/a?b=1', 'linux', spawn)).toBeNull();
    expect(argv).toEqual([['xdg-open', 'https://news.example/a?b=1']]);
  });
});

describe('openViaRedirectFile', () => {
  let parent: string;
  beforeEach(() => {
    parent = mkdtempSync(path.join(tmpdir(), 'marketdesk-open-test-'));
  });
  afterEach(() => rmSync(parent, { recursive: true, force: true }));

  it.each(['linux', 'darwin', 'win32'] as const)(
    'keeps the secret out of the argument vector (%s)',
    async (platform) => {
      const { spawn, argv } = recordingSpawner();
      const { problem, file } = await openViaRedirectFile(ADDRESS, { platform, spawn, parent });
      expect(problem).toBeNull();
      expect(argv).toHaveLength(1);
      expect(argv[0]!.join(' ')).not.toContain(SECRET);
      expect(argv[0]!.join(' ')).not.toContain('#k=');
      // What was opened is the private file, by its file: URL.
      const target = argv[0]!.at(-1)!;
      expect(target.startsWith('file://')).toBe(true);
      expect(fileURLToPath(target)).toBe(file!.path);
      file!.remove();
    },
  );

  it('writes a page only the user can read, that sends the browser to the address', async () => {
    const { spawn } = recordingSpawner();
    const { file } = await openViaRedirectFile(ADDRESS, { platform: 'linux', spawn, parent });
    const page = readFileSync(file!.path, 'utf8');
    expect(page).toContain(`<meta http-equiv="refresh" content="0;url=${ADDRESS}">`);
    expect(page).toContain(`<a href="${ADDRESS}">`);
    if (process.platform !== 'win32') {
      expect(statSync(file!.path).mode & 0o777).toBe(0o600);
      expect(statSync(path.dirname(file!.path)).mode & 0o777).toBe(0o700);
    }
    expect(path.dirname(path.dirname(file!.path))).toBe(parent);
    file!.remove();
    file!.remove(); // idempotent
    expect(existsSync(path.dirname(file!.path))).toBe(false);
  });

  it('removes the file at once when no browser could be started', async () => {
    const { spawn } = recordingSpawner('spawn xdg-open ENOENT');
    const opened = await openViaRedirectFile(ADDRESS, { platform: 'linux', spawn, parent });
    expect(opened).toEqual({ problem: expect.stringContaining('ENOENT'), file: null });
    expect(readdirOf(parent)).toEqual([]);
  });

  it('refuses an address that is not http(s), writing nothing', async () => {
    const { spawn, argv } = recordingSpawner();
    const opened = await openViaRedirectFile('file:///etc/passwd', { spawn, parent });
    expect(opened.problem).toBe(NOT_A_WEB_LINK);
    expect(argv).toEqual([]);
    expect(readdirOf(parent)).toEqual([]);
  });

  it('escapes the address for HTML', () => {
    expect(redirectPage('http://127.0.0.1/?a="><script>')).not.toContain('"><script>');
  });
});

function readdirOf(folder: string): string[] {
  return existsSync(folder) ? readdirSync(folder) : [];
}
