import { describe, expect, it } from 'vitest';
import type { PopOutRequest } from '../shared/bridge';
import { createShellHooks } from './shell-hooks';

describe('createShellHooks', () => {
  function hooks() {
    const opened: string[] = [];
    const popped: PopOutRequest[] = [];
    const shellHooks = createShellHooks({
      openExternal: async (url) => void opened.push(url),
      popOut: (request) => {
        popped.push(request);
        return { windowId: `popout:${request.paneId}`, openUrl: null };
      },
      saveFile: async (request) => ({ path: `/saved/${request.name}`, download: false }),
      confirmAutoUpdate: async () => false,
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

  it('saves an export through the dialog it is given', async () => {
    const { shellHooks } = hooks();
    const request = { name: 'list.csv', type: 'text/csv', text: 'a\n' };
    expect(await shellHooks.saveFile(request, 'window-1-1')).toEqual({
      path: '/saved/list.csv',
      download: false,
    });
  });
});
