import { describe, expect, it } from 'vitest';
import { isOpenableUrl, openBrowser, openerCommand } from './open-browser';

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

  it.each(['file:///etc/passwd', 'javascript:alert(1)', 'ms-settings:', 'calc.exe', '', 'http://'])(
    'refuses %j on every platform',
    (url) => {
      for (const platform of ['win32', 'darwin', 'linux'] as const) {
        expect(openerCommand(platform, url)).toBeNull();
      }
      expect(isOpenableUrl(url)).toBe(false);
    },
  );
});

describe('openBrowser', () => {
  it('reports a non-http(s) address instead of opening it', async () => {
    expect(await openBrowser('file:///etc/passwd', 'linux')).toMatch(/not http\(s\)/);
  });
});
