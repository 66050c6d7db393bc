/**
 * The shell started as a packaged app starts it: its paths computed by app-paths.ts
 * from `<resources>/app.asar/out/main`, over the stand-in `electron` module. The
 * layout is electron-builder's (what `npm run package:check` inspects in the real
 * build): the asar, its `.unpacked` twin holding the native module, the icon beside
 * them. Electron reads an asar as a folder; Node cannot, so the asar is a folder here.
 * Also checked in that layout: `marketdesk://` links reach the main window's page
 * once it has loaded, updates follow the setting and ask before a restart, and a
 * keytar that cannot load leaves the token to safeStorage.
 */
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { BridgeResponse } from '../shared/bridge';
import { commandChannel, EVENT_CHANNEL } from '../shared/bridge';
import type { DeepLink } from '../shared/deep-link';
import { flush } from '../shared/testing/manual-timers';
import type { FakeBrowserWindow } from './testing/fake-electron';
import { FakeUpdater } from './testing/fake-updater';
import { appPaths, unpackedPath } from './app-paths';

vi.mock('electron', async () => (await import('./testing/fake-electron')).fakeElectronModule());

const { recorded, fakeScreen } = await import('./testing/fake-electron');
const { startShell } = await import('./shell');

const APP = 'app://marketdesk/index.html';

function write(file: string, content: string): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, content);
}

describe('the shell in the packaged layout', () => {
  let dir: string;
  let resources: string;
  let shell: Awaited<ReturnType<typeof startShell>>;
  const updater = new FakeUpdater();
  let updaterLoads = 0;
  const native = `${process.platform}-${process.arch}.node`;

  beforeAll(async () => {
    recorded.reset();
    recorded.encryption = true;
    dir = mkdtempSync(path.join(tmpdir(), 'md-packaged-'));
    resources = path.join(dir, 'resources');
    const asar = path.join(resources, 'app.asar');
    write(path.join(asar, 'package.json'), '{"name":"marketdesk","main":"out/main/index.js"}');
    write(path.join(asar, 'out', 'main', 'index.js'), '// main');
    write(path.join(asar, 'out', 'preload', 'index.cjs'), '// preload');
    write(
      path.join(asar, 'out', 'renderer', 'index.html'),
      '<!doctype html><title>Marketdesk</title>',
    );
    write(
      path.join(`${asar}.unpacked`, 'node_modules', 'better-sqlite3', 'prebuilds', native),
      'native',
    );
    write(path.join(resources, 'icon.png'), 'png');
    const paths = appPaths(path.join(asar, 'out', 'main'), {
      packaged: true,
      resourcesPath: resources,
    });
    shell = await startShell({
      dataFolder: path.join(dir, 'data'),
      ...paths,
      entryUrl: APP,
      trusted: { devServerOrigin: null },
      developer: false,
      appName: 'Marketdesk',
      env: {},
      // keytar present but unable to load, as a module built for another runtime is.
      loadKeytar: () => Promise.reject(new Error('keytar.node: wrong ELF class: ELFCLASS32')),
      loadUpdater: async () => {
        updaterLoads += 1;
        return updater;
      },
      log: () => undefined,
    });
  });

  afterAll(async () => {
    await shell?.dispose();
    rmSync(dir, { recursive: true, force: true });
  });

  const main = () => recorded.windows[0] as FakeBrowserWindow;

  function invoke(name: string, args: unknown): Promise<BridgeResponse<unknown>> {
    const handler = recorded.ipcHandlers.get(commandChannel(name as never));
    if (!handler) throw new Error(`no IPC handler for ${name}`);
    const event = { sender: main().webContents, senderFrame: { url: main().url, parent: null } };
    return handler(event, args) as Promise<BridgeResponse<unknown>>;
  }

  it('finds its renderer, preload, icon and native module from the asar paths', async () => {
    const handler = recorded.protocolHandlers.get('app') as (r: Request) => Promise<Response>;
    const response = await handler(new Request(APP));
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('<title>Marketdesk</title>');
    const prefs = main().options['webPreferences'] as { preload: string };
    expect(prefs.preload).toBe(path.join(resources, 'app.asar', 'out', 'preload', 'index.cjs'));
    expect(existsSync(prefs.preload)).toBe(true);
    expect(main().options['icon']).toBe(path.join(resources, 'icon.png'));
    expect(shell.icon).toBe(path.join(resources, 'icon.png'));
    const inAsar = path.join(
      resources,
      'app.asar',
      'node_modules',
      'better-sqlite3',
      'prebuilds',
      native,
    );
    expect(unpackedPath(inAsar)).toBe(
      path.join(
        resources,
        'app.asar.unpacked',
        'node_modules',
        'better-sqlite3',
        'prebuilds',
        native,
      ),
    );
    expect(existsSync(unpackedPath(inAsar))).toBe(true);
  });

  it('keeps the token with safeStorage where keytar cannot load', async () => {
    const answer = await invoke('setToken', { token: 'packaged-token-123' });
    expect(answer).toMatchObject({
      ok: true,
      value: { hasToken: true, tokenStorage: 'safe-storage', tokenSessionOnly: false },
    });
    expect(existsSync(path.join(dir, 'data', 'token.enc'))).toBe(true);
  });

  it("sends a link to the main window's page once it has loaded, and focuses it", () => {
    const link: DeepLink = { view: 'chart', code: 'AAPL', region: 'US', kType: 5 };
    const sent = () =>
      main().webContents.sent.filter(([, m]) => (m as { event: string }).event === 'openSymbol');
    shell.openLink(link);
    expect(sent()).toEqual([]);
    main().webContents.emit('did-finish-load');
    expect(sent()).toEqual([[EVENT_CHANNEL, { event: 'openSymbol', payload: link }]]);
    const focused = main().focused;
    shell.openLink({ ...link, view: 'symbol', kType: null });
    expect(sent()).toHaveLength(2);
    expect(main().focused).toBe(focused + 1);
  });

  it('brings a window back when the monitor showing it is unplugged', () => {
    const win = main();
    fakeScreen.displays = [
      { id: 1, workArea: { x: 0, y: 0, width: 1920, height: 1080 } },
      { id: 2, workArea: { x: 1920, y: 0, width: 2560, height: 1440 } },
    ];
    win.setBounds({ x: 2500, y: 100, width: 1400, height: 900 });
    fakeScreen.emit('display-metrics-changed');
    expect(win.getBounds()).toEqual({ x: 2500, y: 100, width: 1400, height: 900 });
    fakeScreen.displays = [{ id: 1, workArea: { x: 0, y: 0, width: 1920, height: 1080 } }];
    fakeScreen.emit('display-removed');
    expect(win.getBounds()).toEqual({ x: 240, y: 90, width: 1440, height: 900 });
  });

  it('checks for updates only once the setting is on, and asks before restarting', async () => {
    expect(updaterLoads).toBe(0);
    // Finding 11 of the second audit: a bridge caller could turn updates on through
    // setSettings. Now only setAutoUpdate does, and only when the user agrees in the
    // shell's own message box.
    expect(await invoke('setSettings', { patch: { autoUpdate: true } })).toMatchObject({
      ok: false,
      error: { code: 'bad-argument' },
    });
    recorded.messageBoxResponse = 1; // "Cancel"
    expect(await invoke('setAutoUpdate', { enabled: true })).toMatchObject({
      ok: true,
      value: { autoUpdate: false },
    });
    await flush();
    expect(updaterLoads).toBe(0);
    recorded.messageBoxResponse = 0; // "Turn on updates"
    expect(await invoke('setAutoUpdate', { enabled: true })).toMatchObject({
      ok: true,
      value: { autoUpdate: true },
    });
    expect(recorded.messageBoxes.map((box) => box['message'])).toEqual([
      'Turn on automatic updates?',
      'Turn on automatic updates?',
    ]);
    recorded.messageBoxes.length = 0;
    await flush();
    expect(updaterLoads).toBe(1);
    expect(updater.checks).toBe(1);
    // The feed the build fixed, inside the asar (its integrity check covers it).
    expect(updater.updateConfigPath).toBe(
      path.join(resources, 'app.asar', 'out', 'main', 'app-update.yml'),
    );
    recorded.messageBoxResponse = 1; // "Later"
    updater.emit('update-downloaded', { version: '9.9.9' });
    await flush();
    expect(recorded.messageBoxes.map((box) => box['message'])).toEqual([
      'Marketdesk 9.9.9 is ready to install',
    ]);
    expect(updater.installs).toEqual([]);
    expect(updater.autoInstallOnAppQuit).toBe(true);
    await invoke('setAutoUpdate', { enabled: false });
    await flush();
    expect(updater.autoInstallOnAppQuit).toBe(false);
  });
});
