/**
 * Wiring of WindowManager over a stand-in BrowserWindow (`vi.mock('electron')`):
 * which URL each window loads, pop-out reuse, pop-outs closing with the main window,
 * visibility reporting and geometry saving. Electron itself is not under test.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Screen, WebContents } from 'electron';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeBrowserWindow } from './testing/fake-electron';
import { MAX_POPOUT_WINDOWS } from '../shared/host-wire';

vi.mock('electron', async () => (await import('./testing/fake-electron')).fakeElectronModule());

const { recorded } = await import('./testing/fake-electron');
type FakeWindow = FakeBrowserWindow;
const created = recorded.windows;
const { WindowManager } = await import('./windows');
const { WindowStateStore } = await import('./window-state-store');

const display = { id: 1, workArea: { x: 0, y: 0, width: 1920, height: 1080 } };
const screen = {
  getPrimaryDisplay: () => display,
  getAllDisplays: () => [display],
} as unknown as Pick<Screen, 'getAllDisplays' | 'getPrimaryDisplay'>;

describe('WindowManager', () => {
  let dir: string;
  let visibility: Array<[number, boolean]>;
  let manager: InstanceType<typeof WindowManager>;
  let states: InstanceType<typeof WindowStateStore>;

  beforeEach(() => {
    recorded.reset();
    visibility = [];
    dir = mkdtempSync(path.join(tmpdir(), 'md-windows-'));
    states = new WindowStateStore(dir, () => undefined);
    manager = new WindowManager({
      preload: '/app/out/preload/index.cjs',
      entryUrl: 'app://marketdesk/index.html',
      states,
      screen,
      developer: false,
      onVisibility: (contents, visible) => void visibility.push([contents.id, visible]),
      log: () => undefined,
    });
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('opens the main window on the app entry with the hardened preferences', () => {
    manager.showMainWindow();
    expect(created).toHaveLength(1);
    const win = created[0] as FakeWindow;
    expect(win.url).toBe('app://marketdesk/index.html');
    expect(win.options['show']).toBe(false);
    expect(win.options['webPreferences']).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webviewTag: false,
      devTools: false,
      v8CacheOptions: 'bypassHeatCheck',
    });
    expect(win.options['webPreferences']).not.toHaveProperty('webSecurity');
    expect(manager.isOwnWebContents(win.webContents as unknown as WebContents)).toBe(true);
    expect(manager.isOwnWebContents({ id: 999 } as WebContents)).toBe(false);
  });

  it('focuses the existing main window instead of opening another', () => {
    manager.showMainWindow();
    (created[0] as FakeWindow).minimized = true;
    manager.showMainWindow();
    expect(created).toHaveLength(1);
    expect((created[0] as FakeWindow).minimized).toBe(false);
    expect((created[0] as FakeWindow).focused).toBe(1);
  });

  it('pops a pane out once, on its ?pane= URL, and closes pop-outs with the main window', () => {
    manager.showMainWindow();
    const answer = manager.popOut({
      paneId: 'depth-1',
      title: 'Depth AAPL',
      width: 100,
      height: 9000,
    });
    expect(answer).toEqual({ windowId: 'popout:depth-1', openUrl: null });
    const popOut = created[1] as FakeWindow;
    expect(popOut.url).toBe('app://marketdesk/index.html?pane=depth-1');
    expect(popOut.options['title']).toBe('Depth AAPL — Marketdesk');
    expect(popOut.options['width']).toBeGreaterThanOrEqual(480);
    expect(popOut.options['height']).toBeLessThanOrEqual(1080);

    expect(manager.popOut({ paneId: 'depth-1', title: 'Depth AAPL' })).toEqual(answer);
    expect(created).toHaveLength(2);
    expect(popOut.focused).toBe(1);

    (created[0] as FakeWindow).close();
    expect(popOut.destroyed).toBe(true);
    expect(manager.isOwnWebContents(popOut.webContents as unknown as WebContents)).toBe(false);
  });

  // Findings 7 and 9 of the second audit: a window per distinct pane id with no cap, and
  // a lone-surrogate pane id made its hidden window before failing as "URI malformed".
  it('checks a pop-out request before making any window', () => {
    manager.showMainWindow();
    expect(() => manager.popOut({ paneId: 'p\uD800', title: 'x' })).toThrow(
      expect.objectContaining({ code: 'bad-argument', message: expect.stringMatching(/pane id/) }),
    );
    expect(created).toHaveLength(1);
  });

  it('opens at most MAX_POPOUT_WINDOWS pop-outs, and another once one closes', () => {
    manager.showMainWindow();
    for (let i = 0; i < MAX_POPOUT_WINDOWS; i++) manager.popOut({ paneId: `p${i}`, title: 'x' });
    expect(created).toHaveLength(1 + MAX_POPOUT_WINDOWS);
    expect(() => manager.popOut({ paneId: 'one-more', title: 'x' })).toThrow(
      expect.objectContaining({
        code: 'bad-argument',
        message: expect.stringMatching(/close one/),
      }),
    );
    expect(created).toHaveLength(1 + MAX_POPOUT_WINDOWS);
    // An open pane's window is still focused at the cap.
    expect(manager.popOut({ paneId: 'p0', title: 'x' }).windowId).toBe('popout:p0');
    (created[1] as FakeWindow).close();
    manager.popOut({ paneId: 'one-more', title: 'x' });
    expect(created).toHaveLength(2 + MAX_POPOUT_WINDOWS);
  });

  it('reports shown, hidden, minimised and restored — not blur', () => {
    const win = manager.showMainWindow() as unknown as FakeWindow;
    const id = win.webContents.id;
    win.emit('ready-to-show');
    win.emit('blur');
    win.emit('minimize');
    win.emit('restore');
    win.emit('hide');
    expect(visibility).toEqual([
      [id, true],
      [id, false],
      [id, true],
      [id, false],
    ]);
  });

  it('saves the geometry per kind when a window closes, and reopens there', () => {
    const win = manager.showMainWindow() as unknown as FakeWindow;
    win.maximized = true;
    win.close();
    expect(states.current.windows.main).toEqual({
      bounds: { x: 10, y: 20, width: 800, height: 600 },
      maximized: true,
    });
    const reopened = manager.showMainWindow() as unknown as FakeWindow;
    expect(reopened.options).toMatchObject({ x: 10, y: 20, width: 800, height: 600 });
    reopened.emit('ready-to-show');
    expect(reopened.maximized).toBe(true);
  });
});
