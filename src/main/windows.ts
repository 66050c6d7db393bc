/**
 * The shell's windows: the main window and pane pop-outs. Every window gets the
 * same hardened web preferences (navigation, window.open and permissions are locked
 * down app-wide by `harden.ts` as each web contents is created), remembers its geometry per kind, and reports its
 * visibility (shown/hidden/minimised; blur is still visible) so polling can pause
 * when nothing is on screen. Pop-outs close with the main window.
 */
import type { BrowserWindowConstructorOptions, Screen, WebContents } from 'electron';
import { BrowserWindow } from 'electron';
import type { BridgeEventMessage, PopOutRequest } from '../shared/bridge';
import { EVENT_CHANNEL } from '../shared/bridge';
import { BridgeFailure } from '../core/bridge/errors';
import { MAX_POPOUT_WINDOWS, PANE_ID_PATTERN, popOutAddress } from '../shared/host-wire';
import type { Rect, WindowKind } from './window-state';
import {
  DEFAULT_SIZES,
  initialWindowState,
  MIN_WINDOW_SIZE,
  refitToDisplays,
} from './window-state';
import type { WindowStateStore } from './window-state-store';

export interface WindowManagerOptions {
  /** Absolute path of the bundled preload (`out/preload/index.cjs`). */
  preload: string;
  /** The renderer's entry URL: `app://marketdesk/index.html`, or the dev server. */
  entryUrl: string;
  states: WindowStateStore;
  screen: Pick<Screen, 'getAllDisplays' | 'getPrimaryDisplay'>;
  /** Developer tools available (development builds only). */
  developer: boolean;
  /** The app's icon (the window icon on Linux; macOS and Windows take the bundle's). */
  icon?: string;
  /** Told when a window of ours is shown or hidden (not on blur). */
  onVisibility(contents: WebContents, visible: boolean): void;
  log(message: string): void;
}

const BACKGROUND = '#0b0e13';
/** Largest pop-out a page may ask for; the display's work area caps it further. */
const MAX_POPOUT = { width: 4096, height: 4096 } as const;

/** Owns every window of the app; the IPC layer asks it which web contents are ours. */
export class WindowManager {
  #main: BrowserWindow | null = null;
  /** The main window's page has loaded (its listeners are registered). */
  #mainLoaded = false;
  /** An event for the main window's page that waits for it to load (the latest only). */
  #mainPending: BridgeEventMessage | null = null;
  /** Pop-outs by pane id: popping the same pane out twice focuses the first. */
  readonly #popOuts = new Map<string, BrowserWindow>();
  /** Web contents ids of our windows, for the IPC sender check. */
  readonly #ours = new Set<number>();

  constructor(private readonly options: WindowManagerOptions) {}

  /** True when `contents` is the page of one of our windows. */
  isOwnWebContents(contents: WebContents): boolean {
    return this.#ours.has(contents.id);
  }

  /** The main window, created when there is none; shown and focused either way. */
  showMainWindow(): BrowserWindow {
    const existing = this.#main;
    if (existing && !existing.isDestroyed()) {
      if (existing.isMinimized()) existing.restore();
      existing.show();
      existing.focus();
      return existing;
    }
    const win = this.#create('main', 'Marketdesk', undefined);
    this.#main = win;
    this.#mainLoaded = false;
    win.webContents.on('did-finish-load', () => {
      this.#mainLoaded = true;
      const pending = this.#mainPending;
      this.#mainPending = null;
      if (pending) win.webContents.send(EVENT_CHANNEL, pending);
    });
    win.on('closed', () => {
      this.#main = null;
      this.#mainLoaded = false;
      // Pop-outs are part of the main window's workspace: they go with it.
      for (const popOut of this.#popOuts.values()) if (!popOut.isDestroyed()) popOut.close();
    });
    void win.loadURL(this.options.entryUrl).catch((error: Error) => {
      this.options.log(`marketdesk: could not load the renderer: ${error.message}`);
    });
    return win;
  }

  /**
   * Shows and focuses the main window (creating it if need be) and sends its page one
   * event, once the page has loaded: a link opened at launch waits for the page.
   */
  sendToMainWindow(message: BridgeEventMessage): void {
    const win = this.showMainWindow();
    if (this.#mainLoaded && !win.webContents.isDestroyed()) {
      win.webContents.send(EVENT_CHANNEL, message);
    } else {
      this.#mainPending = message;
    }
  }

  /**
   * Opens (or focuses) the pop-out of a pane; answers its window id. Everything is checked
   * before a window exists: the pane id (the bridge's schema checks it too; this is the
   * last door before `new BrowserWindow`) and the number of pop-outs open.
   *
   * @throws BridgeFailure `bad-argument`: not a pane id, or {@link MAX_POPOUT_WINDOWS} open.
   */
  popOut(request: PopOutRequest): { windowId: string; openUrl: null } {
    if (!PANE_ID_PATTERN.test(request.paneId)) {
      throw new BridgeFailure(
        'bad-argument',
        'popOut: paneId must be a pane id: 1–64 letters, digits, _ or -',
      );
    }
    const windowId = `popout:${request.paneId}`;
    const existing = this.#popOuts.get(request.paneId);
    if (existing && !existing.isDestroyed()) {
      if (existing.isMinimized()) existing.restore();
      existing.focus();
      return { windowId, openUrl: null };
    }
    if (this.#popOuts.size >= MAX_POPOUT_WINDOWS) {
      throw new BridgeFailure(
        'bad-argument',
        `popOut: ${MAX_POPOUT_WINDOWS} panes are popped out already, the most Marketdesk opens; close one of their windows first.`,
      );
    }
    const size =
      request.width !== undefined && request.height !== undefined
        ? {
            width: Math.min(Math.max(request.width, MIN_WINDOW_SIZE.width), MAX_POPOUT.width),
            height: Math.min(Math.max(request.height, MIN_WINDOW_SIZE.height), MAX_POPOUT.height),
          }
        : undefined;
    const title = `${request.title.slice(0, 120)} — Marketdesk`;
    const win = this.#create('popout', title, size);
    // The pane's title is the window's; the page's <title> must not replace it.
    win.on('page-title-updated', (event) => event.preventDefault());
    this.#popOuts.set(request.paneId, win);
    win.on('closed', () => {
      if (this.#popOuts.get(request.paneId) === win) this.#popOuts.delete(request.paneId);
    });
    void win.loadURL(popOutAddress(this.options.entryUrl, request.paneId)).catch((error: Error) => {
      this.options.log(`marketdesk: could not load a pop-out: ${error.message}`);
    });
    return { windowId, openUrl: null };
  }

  /**
   * The displays changed (one unplugged, a resolution or arrangement changed): every
   * window no display shows any more comes back onto one; the others stay put.
   */
  refitToDisplays(): void {
    const areas = this.#workAreas();
    const windows: Array<[WindowKind, BrowserWindow | null]> = [
      ['main', this.#main],
      ...[...this.#popOuts.values()].map((win): [WindowKind, BrowserWindow] => ['popout', win]),
    ];
    for (const [kind, win] of windows) {
      if (!win || win.isDestroyed() || win.isMaximized() || win.isFullScreen()) continue;
      const fitted = refitToDisplays(win.getBounds(), areas, DEFAULT_SIZES[kind]);
      if (fitted) win.setBounds(fitted);
    }
  }

  #workAreas(): Rect[] {
    const { screen } = this.options;
    const primary = screen.getPrimaryDisplay();
    const others = screen.getAllDisplays().filter((d) => d.id !== primary.id);
    return [primary, ...others].map((d) => d.workArea);
  }

  #create(kind: WindowKind, title: string, size: { width: number; height: number } | undefined) {
    const { options } = this;
    const state = initialWindowState(options.states.current, kind, this.#workAreas(), size);
    const win = new BrowserWindow({
      ...state.bounds,
      minWidth: MIN_WINDOW_SIZE.width,
      minHeight: MIN_WINDOW_SIZE.height,
      title,
      backgroundColor: BACKGROUND,
      ...(options.icon ? { icon: options.icon } : {}),
      show: false,
      webPreferences: secureWebPreferences(options.preload, options.developer),
    });
    const contents = win.webContents;
    const contentsId = contents.id;
    this.#ours.add(contentsId);
    win.once('ready-to-show', () => {
      if (state.maximized) win.maximize();
      win.show();
    });
    win.on('close', () => {
      if (win.isFullScreen()) return;
      options.states.save(kind, { bounds: win.getNormalBounds(), maximized: win.isMaximized() });
    });
    win.on('closed', () => this.#ours.delete(contentsId));
    for (const [event, visible] of [
      ['show', true],
      ['restore', true],
      ['hide', false],
      ['minimize', false],
    ] as const) {
      win.on(event as 'show', () => {
        if (!contents.isDestroyed()) options.onVisibility(contents, visible);
      });
    }
    return win;
  }
}

/** The web preferences of every window: Electron's security checklist, all of it. */
export function secureWebPreferences(
  preload: string,
  developer: boolean,
): NonNullable<BrowserWindowConstructorOptions['webPreferences']> {
  return {
    preload,
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webviewTag: false,
    // webSecurity and allowRunningInsecureContent stay at their safe defaults.
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: false,
    devTools: developer,
    // V8's code cache from the first load on (the app:// scheme allows it: codeCache in
    // index.ts), not only for scripts run twice within a few days: a start compiles
    // the renderer's first-load script from the cache instead of from source.
    v8CacheOptions: 'bypassHeatCheck',
  };
}
