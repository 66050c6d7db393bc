/**
 * The shell's composition over a stand-in `electron` module and the real core
 * services (demo mode, the simulator on a loopback port, a temp data folder): the
 * app protocol serves the renderer with its CSP, every command is reachable over
 * IPC from the main window's page and refused from anything else, a pop-out opens
 * a second window, closing a window disconnects its page. Electron itself is not
 * under test.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FakeBrowserWindow } from './testing/fake-electron';
import type { BridgeResponse } from '../shared/bridge';
import { COMMAND_NAMES, commandChannel, EVENT_CHANNEL } from '../shared/bridge';

vi.mock('electron', async () => (await import('./testing/fake-electron')).fakeElectronModule());

const { recorded } = await import('./testing/fake-electron');
const { startShell } = await import('./shell');
type Shell = Awaited<ReturnType<typeof startShell>>;
type FakeWindow = FakeBrowserWindow;

const APP = 'app://marketdesk/index.html';

describe('startShell', () => {
  let dir: string;
  let shell: Shell;

  beforeAll(async () => {
    recorded.reset();
    dir = mkdtempSync(path.join(tmpdir(), 'md-shell-'));
    const rendererRoot = path.join(dir, 'renderer');
    mkdirSync(rendererRoot);
    writeFileSync(
      path.join(rendererRoot, 'index.html'),
      '<!doctype html><title>Marketdesk</title>',
    );
    shell = await startShell({
      dataFolder: path.join(dir, 'data'),
      rendererRoot,
      preload: path.join(dir, 'preload', 'index.cjs'),
      icon: path.join(dir, 'icon.png'),
      loadUpdater: null,
      updateConfig: path.join(dir, 'app-update.yml'),
      entryUrl: APP,
      trusted: { devServerOrigin: null },
      developer: false,
      appName: 'Marketdesk',
      env: {},
      log: () => undefined,
    });
  });

  afterAll(async () => {
    await shell?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  function invoke(
    win: FakeWindow,
    name: string,
    args: unknown,
    frameUrl = win.url,
  ): Promise<BridgeResponse<unknown>> {
    const handler = recorded.ipcHandlers.get(commandChannel(name as never));
    if (!handler) throw new Error(`no IPC handler for ${name}`);
    const event = { sender: win.webContents, senderFrame: { url: frameUrl, parent: null } };
    return handler(event, args) as Promise<BridgeResponse<unknown>>;
  }

  it('serves the renderer over app:// with the CSP header', async () => {
    const handler = recorded.protocolHandlers.get('app');
    expect(handler).toBeDefined();
    const response = await (handler as (r: Request) => Promise<Response>)(new Request(`${APP}`));
    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('opens the main window on app:// and sets the menu', () => {
    expect(recorded.windows).toHaveLength(1);
    expect(recorded.windows[0]?.url).toBe(APP);
    expect(recorded.menu).not.toBeNull();
  });

  it('registers every command and answers the main window in demo mode', async () => {
    for (const name of COMMAND_NAMES)
      expect(recorded.ipcHandlers.has(commandChannel(name))).toBe(true);
    const main = recorded.windows[0] as FakeWindow;
    const status = await invoke(main, 'getStatus', {});
    expect(status).toMatchObject({ ok: true, value: { mode: 'demo', hasToken: false } });
  });

  it('validates arguments and refuses frames that are not ours', async () => {
    const main = recorded.windows[0] as FakeWindow;
    expect(await invoke(main, 'loadCandles', { limit: 'lots' })).toMatchObject({
      ok: false,
      error: { code: 'bad-argument' },
    });
    expect(await invoke(main, 'getStatus', {}, 'https://evil.example/')).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
  });

  it('refuses openExternal for links that did not come from news items', async () => {
    const main = recorded.windows[0] as FakeWindow;
    expect(await invoke(main, 'openExternal', { url: 'https://evil.example/' })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
    expect(recorded.openedExternally).toEqual([]);
  });

  it('pops a pane out into a second window whose page has its own connection', async () => {
    const main = recorded.windows[0] as FakeWindow;
    const answer = await invoke(main, 'popOut', { paneId: 'quotes-1', title: 'Quotes' });
    expect(answer).toEqual({ ok: true, value: { windowId: 'popout:quotes-1', openUrl: null } });
    const popOut = recorded.windows[1] as FakeWindow;
    expect(popOut.url).toBe(`${APP}?pane=quotes-1`);
    expect(await invoke(popOut, 'getStatus', {})).toMatchObject({ ok: true });
    // A workspace saved in one window reaches the other as an event.
    const document = { version: 1, data: { panes: [] } };
    expect(await invoke(main, 'saveWorkspace', { document })).toEqual({
      ok: true,
      value: undefined,
    });
    expect(popOut.webContents.sent).toContainEqual([
      EVENT_CHANNEL,
      { event: 'workspace', payload: document },
    ]);
    popOut.close();
    expect(await invoke(popOut, 'getStatus', {})).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
  });
});
