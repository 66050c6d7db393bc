/**
 * Boots the shell once the app is ready: the app protocol, the core services, the
 * bridge over IPC, the windows and the menu. The composition root of the Electron
 * side; everything it builds is torn down by the returned `dispose`.
 */
import type { WebContents } from 'electron';
import {
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  protocol,
  safeStorage,
  screen,
  shell,
} from 'electron';
import { createBridgeServer } from '../core/bridge';
import { createServices } from '../core/services';
import { startDemoService } from '../simulator';
import { createAppProtocolHandler } from './app-protocol';
import { IpcBridge } from './ipc-bridge';
import type { RendererShortcut } from './menu';
import { buildMenuTemplate } from './menu';
import { electronSafeStorageCipher } from './safe-storage';
import type { TrustedOrigins } from './security-policy';
import { APP_SCHEME, contentSecurityPolicy } from './security-policy';
import { createShellHooks } from './shell-hooks';
import { WindowStateStore } from './window-state-store';
import { WindowManager } from './windows';

export interface ShellOptions {
  dataFolder: string;
  /** The built renderer's folder (`out/renderer`). */
  rendererRoot: string;
  /** The bundled preload (`out/preload/index.cjs`). */
  preload: string;
  /** `app://marketdesk/index.html`, or the dev server's URL in development. */
  entryUrl: string;
  trusted: TrustedOrigins;
  /** Development build: developer tools and reload in the View menu. */
  developer: boolean;
  appName: string;
  env: Readonly<Record<string, string | undefined>>;
  log(message: string): void;
}

/** The running shell. */
export interface Shell {
  readonly windows: WindowManager;
  /** Disconnects every window and closes the services. Idempotent. */
  dispose(): Promise<void>;
}

/** Replays a renderer shortcut into the focused window's page. */
function sendShortcut(shortcut: RendererShortcut): void {
  const contents: WebContents | undefined = BrowserWindow.getFocusedWindow()?.webContents;
  if (!contents || contents.isDestroyed()) return;
  const modifiers: Array<'meta' | 'control'> = [process.platform === 'darwin' ? 'meta' : 'control'];
  contents.sendInputEvent({ type: 'keyDown', keyCode: shortcut.key, modifiers });
  contents.sendInputEvent({ type: 'keyUp', keyCode: shortcut.key, modifiers });
}

/** Starts everything; call after `app.whenReady()`. */
export async function startShell(options: ShellOptions): Promise<Shell> {
  const { log } = options;
  protocol.handle(
    APP_SCHEME,
    createAppProtocolHandler({ root: options.rendererRoot, csp: contentSecurityPolicy() }),
  );

  const services = await createServices({
    dataFolder: options.dataFolder,
    // Demo mode's data: the simulator on a loopback port (core does not import it).
    demo: startDemoService,
    env: options.env,
    safeStorage: electronSafeStorageCipher(safeStorage, process.platform),
    log,
  });

  // The IPC layer and the windows refer to each other (visibility, the sender
  // check); the closures resolve once both exist, before any window is created.
  let ipc: IpcBridge | null = null;
  const windows = new WindowManager({
    preload: options.preload,
    entryUrl: options.entryUrl,
    states: new WindowStateStore(options.dataFolder, undefined, log),
    screen,
    developer: options.developer,
    onVisibility: (contents, visible) => ipc?.setVisibility(contents, visible),
    log,
  });
  const hooks = createShellHooks({
    openExternal: (url) => shell.openExternal(url),
    popOut: (request) => windows.popOut(request),
    chooseSavePath: async (name) => {
      const extension = name.slice(name.lastIndexOf('.') + 1);
      const options = {
        defaultPath: name,
        filters: [{ name: extension.toUpperCase(), extensions: [extension] }],
      };
      const parent = BrowserWindow.getFocusedWindow();
      const answer = parent
        ? await dialog.showSaveDialog(parent, options)
        : await dialog.showSaveDialog(options);
      return answer.canceled || !answer.filePath ? null : answer.filePath;
    },
  });
  const bridge = createBridgeServer(services.backend, hooks);
  ipc = new IpcBridge({
    ipcMain,
    bridge,
    isOwnWebContents: (contents) => windows.isOwnWebContents(contents),
    trusted: options.trusted,
    log,
  });
  ipc.register();

  Menu.setApplicationMenu(
    Menu.buildFromTemplate(
      buildMenuTemplate({
        platform: process.platform,
        appName: options.appName,
        developer: options.developer,
        sendShortcut,
      }),
    ),
  );
  windows.showMainWindow();

  let disposed: Promise<void> | null = null;
  return {
    windows,
    dispose() {
      disposed ??= (async () => {
        ipc?.dispose();
        bridge.dispose();
        await services.dispose();
        protocol.unhandle(APP_SCHEME);
      })();
      return disposed;
    },
  };
}
