/**
 * Boots the shell once the app is ready: the app protocol, the core services, the
 * bridge over IPC, the windows and the menu. The composition root of the Electron
 * side; everything it builds is torn down by the returned `dispose`.
 */
import type { MessageBoxOptions, WebContents } from 'electron';
import {
  app,
  BrowserWindow,
  dialog,
  ipcMain,
  Menu,
  Notification,
  protocol,
  safeStorage,
  screen,
  shell,
} from 'electron';
import { createBridgeServer } from '../core/bridge';
import { createServices } from '../core/services';
import { writeFileAtomic } from '../core/settings';
import type { KeytarLoader } from '../core/secrets';
import { startDemoService } from '../simulator';
import { appIcon, notifyFiredAlerts } from './alert-notifier';
import { createAppProtocolHandler } from './app-protocol';
import { IpcBridge } from './ipc-bridge';
import type { RendererShortcut } from './menu';
import { buildMenuTemplate } from './menu';
import { electronSafeStorageCipher } from './safe-storage';
import type { TrustedOrigins } from './security-policy';
import { APP_SCHEME, contentSecurityPolicy } from './security-policy';
import { saveWithDialog } from './save-dialog';
import { createShellHooks } from './shell-hooks';
import type { DeepLink } from '../shared/deep-link';
import { systemTimers } from '../shared/timers';
import type { UpdaterLike } from './updates';
import { UpdateController } from './updates';
import { WindowStateStore } from './window-state-store';
import { WindowManager } from './windows';

export interface ShellOptions {
  dataFolder: string;
  /** The built renderer's folder (`out/renderer`). */
  rendererRoot: string;
  /** The bundled preload (`out/preload/index.cjs`). */
  preload: string;
  /** The app's icon (app-paths.ts): window icon on Linux, notifications. */
  icon: string;
  /** Loads keytar; default the real one (tests: a failing loader, as where it cannot load). */
  loadKeytar?: KeytarLoader | null;
  /** Loads electron-updater's autoUpdater: packaged apps only; null never updates. */
  loadUpdater: (() => Promise<UpdaterLike>) | null;
  /** The build's update feed inside the asar (app-paths.ts `updateConfig`). */
  updateConfig: string;
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
  /** The app's icon file, for notifications (`new Notification({ icon: shell.icon })`). */
  readonly icon: string;
  /** Shows a `marketdesk://` link's symbol in the main window (focused, shown first). */
  openLink(link: DeepLink): void;
  /** Disconnects every window and closes the services. Idempotent. */
  dispose(): Promise<void>;
}

/** Replays a renderer shortcut into the focused window's page. */
function sendShortcut(shortcut: RendererShortcut): void {
  const contents: WebContents | undefined = BrowserWindow.getFocusedWindow()?.webContents;
  if (!contents || contents.isDestroyed()) return;
  const modifiers: Array<'meta' | 'control' | 'shift'> = [
    process.platform === 'darwin' ? 'meta' : 'control',
    ...(shortcut.shift ? (['shift'] as const) : []),
  ];
  contents.sendInputEvent({ type: 'keyDown', keyCode: shortcut.key, modifiers });
  contents.sendInputEvent({ type: 'keyUp', keyCode: shortcut.key, modifiers });
}

/** Asks whether to restart now for a downloaded update; true: restart. */
function askToRestart(version: string): Promise<boolean> {
  return askYes({
    type: 'info',
    buttons: ['Restart now', 'Later'],
    defaultId: 0,
    cancelId: 1,
    message: `Marketdesk ${version} is ready to install`,
    detail: 'Restart now to update, or later: it installs when you quit Marketdesk.',
  });
}

/**
 * Asks, in a native message box no page can click, whether to turn updates on: the
 * Settings dialog's switch reaches here through `setAutoUpdate`, and only the user's
 * answer turns them on. Cancel is the default.
 */
function askToEnableUpdates(): Promise<boolean> {
  return askYes({
    type: 'question',
    buttons: ['Turn on updates', 'Cancel'],
    defaultId: 1,
    cancelId: 1,
    message: 'Turn on automatic updates?',
    detail:
      'Marketdesk will check its release feed, download new versions signed by its publisher, and ask before it restarts.',
  });
}

/** Shows a native message box over the focused window (if any); true: its first button. */
async function askYes(options: MessageBoxOptions): Promise<boolean> {
  const parent = BrowserWindow.getFocusedWindow();
  const { response } = parent
    ? await dialog.showMessageBox(parent, options)
    : await dialog.showMessageBox(options);
  return response === 0;
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
    loadKeytar: options.loadKeytar,
    log,
  });

  // The IPC layer and the windows refer to each other (visibility, the sender
  // check); the closures resolve once both exist, before any window is created.
  let ipc: IpcBridge | null = null;
  const windows = new WindowManager({
    preload: options.preload,
    icon: options.icon,
    entryUrl: options.entryUrl,
    states: new WindowStateStore(options.dataFolder, log),
    screen,
    developer: options.developer,
    onVisibility: (contents, visible) => ipc?.setVisibility(contents, visible),
    log,
  });
  const hooks = createShellHooks({
    openExternal: (url) => shell.openExternal(url),
    // Only an app that can update asks; an unpackaged run never updates.
    confirmAutoUpdate: () => (options.loadUpdater ? askToEnableUpdates() : Promise.resolve(null)),
    popOut: (request) => windows.popOut(request),
    saveFile: (request) =>
      saveWithDialog(request, {
        showSaveDialog: (options) => {
          const owner = BrowserWindow.getFocusedWindow();
          return owner ? dialog.showSaveDialog(owner, options) : dialog.showSaveDialog(options);
        },
        folder: app.getPath('downloads'),
        write: writeFileAtomic,
      }),
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
  // Fired alerts: an OS notification from here, one per firing, whatever windows are open.
  const notifier = notifyFiredAlerts({
    onFired: services.alerts.onFired,
    Notification,
    // The one icon path (app-paths.ts): resources/icons in a build, beside the asar packed.
    icon: appIcon(options.icon),
    onClick: () => windows.showMainWindow(),
    log,
  });

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
  // A monitor unplugged while running must not leave a window where nothing shows it.
  const refit = (): void => windows.refitToDisplays();
  screen.on('display-removed', refit);
  screen.on('display-metrics-changed', refit);

  // Updates follow the setting (off by default); the user is asked before a restart.
  const { loadUpdater } = options;
  const updates = loadUpdater
    ? new UpdateController({
        load: loadUpdater,
        configPath: options.updateConfig,
        ask: askToRestart,
        timers: systemTimers,
        log,
      })
    : null;
  const followSetting = updates
    ? services.settings.onChange(({ settings }) => void updates.setEnabled(settings.autoUpdate))
    : null;
  void updates?.setEnabled(services.settings.get().autoUpdate);

  let disposed: Promise<void> | null = null;
  return {
    windows,
    icon: options.icon,
    openLink(link) {
      windows.sendToMainWindow({ event: 'openSymbol', payload: link });
    },
    dispose() {
      disposed ??= (async () => {
        notifier.dispose();
        screen.off('display-removed', refit);
        screen.off('display-metrics-changed', refit);
        followSetting?.dispose();
        updates?.dispose();
        ipc?.dispose();
        bridge.dispose();
        await services.dispose();
        protocol.unhandle(APP_SCHEME);
      })();
      return disposed;
    },
  };
}
