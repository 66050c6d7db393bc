/**
 * The Electron main process entry: what must happen before the app is ready (the
 * privileged app scheme, the sandbox for every renderer, the data folder, the
 * single-instance lock, app-wide hardening, `marketdesk://` links), then the shell,
 * then an orderly quit that closes the services. Thin by design; every service lives
 * in src/core.
 */
import { app, dialog, protocol } from 'electron';
import { ensureDataFolder } from '../core/data-folder';
import { DEEP_LINK_SCHEME, deepLinkArgument } from '../shared/deep-link';
import { appPaths } from './app-paths';
import { DeepLinkRouter } from './deep-links';
import type { UpdaterLike } from './updates';
import { installAppHardening } from './harden';
import {
  APP_ENTRY_URL,
  APP_SCHEME,
  devServerOriginOf,
  type TrustedOrigins,
} from './security-policy';
import { startShell, type Shell } from './shell';
import { errorMessage } from '../shared/errors';

const APP_NAME = 'Marketdesk';
const log = (message: string): void => console.log(message);

// Before `ready`: a standard, secure scheme gets a real origin (storage, fetch, ES
// modules) without `file://`'s extra privileges. Never `bypassCSP`.
protocol.registerSchemesAsPrivileged([
  {
    scheme: APP_SCHEME,
    privileges: {
      standard: true,
      secure: true,
      supportFetchAPI: true,
      corsEnabled: true,
      codeCache: true,
    },
  },
]);
// Every renderer sandboxed, whatever a BrowserWindow's options say.
app.enableSandbox();
app.setName(APP_NAME);
// One folder for the CLI, the browser host and the shell (MARKETDESK_HOME honoured).
const dataFolder = ensureDataFolder();
app.setPath('userData', dataFolder);

// A development run loads the renderer from electron-vite's dev server; a built or
// packaged app from app:// only (the variable is ignored when packaged).
const devServerUrl = app.isPackaged ? undefined : process.env['ELECTRON_RENDERER_URL'];
const devServerOrigin = devServerOriginOf(devServerUrl);
const trusted: TrustedOrigins = { devServerOrigin };
const entryUrl = devServerOrigin && devServerUrl ? devServerUrl : APP_ENTRY_URL;

let shell: Shell | null = null;
let quitting = false;
const paths = appPaths(import.meta.dirname, {
  packaged: app.isPackaged,
  resourcesPath: process.resourcesPath,
});
// Links wait for the shell; the first may be this launch's own (Windows, Linux).
const links = new DeepLinkRouter(log);

/** electron-updater's autoUpdater, loaded only when updates are turned on. */
async function loadUpdater(): Promise<UpdaterLike> {
  const { default: updater } = await import('electron-updater');
  return updater.autoUpdater;
}

if (!app.requestSingleInstanceLock()) {
  // Another Marketdesk is running; it focuses its window (below) and this one leaves.
  app.quit();
} else {
  installAppHardening(app, trusted, log);

  // Installed apps own marketdesk:// (the installers declare it too); a development
  // run leaves the system's handler alone.
  if (app.isPackaged && !app.isDefaultProtocolClient(DEEP_LINK_SCHEME))
    app.setAsDefaultProtocolClient(DEEP_LINK_SCHEME);
  const launchLink = deepLinkArgument(process.argv);
  if (launchLink) links.open(launchLink);
  // macOS hands links over as events, also the one that launched the app (before ready).
  app.on('open-url', (event, url) => {
    event.preventDefault();
    links.open(url);
  });

  // A second launch (a link clicked on Windows or Linux, or the app started again):
  // this one gets the focus, and the link if there is one.
  app.on('second-instance', (_event, argv) => {
    const url = deepLinkArgument(argv);
    if (!(url && links.open(url))) shell?.windows.showMainWindow();
  });

  app.on('activate', () => shell?.windows.showMainWindow());

  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });

  // Close the services (hub, simulator, cache) before the process goes.
  app.on('will-quit', (event) => {
    if (!shell || quitting) return;
    quitting = true;
    event.preventDefault();
    void shell
      .dispose()
      .catch((error: Error) => log(`marketdesk: shutdown: ${error.message}`))
      .finally(() => app.quit());
  });

  void app.whenReady().then(async () => {
    try {
      shell = await startShell({
        dataFolder,
        rendererRoot: paths.rendererRoot,
        preload: paths.preload,
        icon: paths.icon,
        updateConfig: paths.updateConfig,
        loadUpdater: app.isPackaged ? loadUpdater : null,
        entryUrl,
        trusted,
        developer: !app.isPackaged,
        appName: APP_NAME,
        env: process.env,
        log,
      });
      const started = shell;
      links.attach((link) => started.openLink(link));
    } catch (error) {
      const message = errorMessage(error);
      dialog.showErrorBox(`${APP_NAME} could not start`, message);
      app.exit(1);
    }
  });
}
