import { describe, expect, it } from 'vitest';
import type { PopOutRequest } from '../shared/bridge';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createShellHooks } from './shell-hooks';

describe('createShellHooks', () => {
  function hooks(savePath: string | null = null) {
    const opened: string[] = [];
    const popped: PopOutRequest[] = [];
    const shellHooks = createShellHooks({
      chooseSavePath: async () => savePath,
      openExternal: async (url) => void opened.push(url),
      popOut: (request) => {
        popped.push(request);
        return { windowId: `popout:${request.paneId}`, openUrl: null };
      },
    });
    return { shellHooks, opened, popped };
  }

  it('opens http(s) links', async () => {
    const { shellHooks, opened } = hooks();
    await shellHooks.openExternal('https://news.example.com/a');
    expect(opened).toEqual(['https://news.example.com/a']);
  });

  it('refuses any other scheme even when the bridge let it through', async () => {
    const { shellHooks, opened } = hooks();
    for (const url of ['file:///etc/passwd', 'javascript:alert(1)', 'smb://host/share']) {
      await expect(shellHooks.openExternal(url)).rejects.toMatchObject({ code: 'forbidden' });
    }
    expect(opened).toEqual([]);
  });

  it('pops a pane out in its own window, with no address for the page to open', async () => {
    const { shellHooks, popped } = hooks();
    const request = { paneId: 'chart-1', title: 'AAPL 1m' };
    expect(await shellHooks.popOut(request, 'window-1-1')).toEqual({
      windowId: 'popout:chart-1',
      openUrl: null,
    });
    expect(popped).toEqual([request]);
  });

  it('saves a file where the save dialog says, and nothing when it is cancelled', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'marketdesk-save-'));
    try {
      const file = path.join(folder, 'AAPL.csv');
      const request = { name: 'AAPL.csv', text: 'time\n1\n' };
      expect(await hooks(file).shellHooks.saveFile(request, 'w')).toEqual({
        outcome: 'saved',
        path: file,
      });
      expect(readFileSync(file, 'utf8')).toBe('time\n1\n');
      expect(await hooks(null).shellHooks.saveFile(request, 'w')).toEqual({
        outcome: 'cancelled',
      });
      // A folder that is not there: an error that names the path, nothing written.
      const missing = path.join(folder, 'none', 'AAPL.csv');
      await expect(hooks(missing).shellHooks.saveFile(request, 'w')).rejects.toThrow(
        `Could not save ${missing}`,
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
