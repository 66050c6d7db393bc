/**
 * A stand-in for the parts of the `electron` module the shell's wiring touches, for
 * `vi.mock('electron', …)` in thin wiring tests. It records what the shell asked
 * for (windows, IPC handlers, protocol handlers, the menu); it does not pretend to
 * be Electron.
 */
import { EventEmitter } from 'node:events';

let nextContentsId = 1;

/** A web contents: an id, events, and the messages sent to its page. */
export class FakeWebContents extends EventEmitter {
  readonly id = nextContentsId++;
  readonly sent: Array<[string, unknown]> = [];
  destroyed = false;
  isDestroyed(): boolean {
    return this.destroyed;
  }
  send(channel: string, message: unknown): void {
    this.sent.push([channel, message]);
  }
}

/** What the fake module recorded. */
export const recorded = {
  windows: [] as FakeBrowserWindow[],
  ipcHandlers: new Map<string, (event: unknown, args: unknown) => Promise<unknown>>(),
  protocolHandlers: new Map<string, (request: Request) => Promise<Response>>(),
  menu: null as unknown,
  openedExternally: [] as string[],
  reset(): void {
    this.windows.length = 0;
    this.ipcHandlers.clear();
    this.protocolHandlers.clear();
    this.menu = null;
    this.openedExternally.length = 0;
  },
};

export class FakeBrowserWindow extends EventEmitter {
  readonly webContents = new FakeWebContents();
  url = '';
  destroyed = false;
  minimized = false;
  maximized = false;
  focused = 0;
  constructor(readonly options: Record<string, unknown>) {
    super();
    recorded.windows.push(this);
  }
  static getFocusedWindow(): FakeBrowserWindow | null {
    return null;
  }
  loadURL(url: string): Promise<void> {
    this.url = url;
    return Promise.resolve();
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  isMinimized(): boolean {
    return this.minimized;
  }
  isMaximized(): boolean {
    return this.maximized;
  }
  isFullScreen(): boolean {
    return false;
  }
  restore(): void {
    this.minimized = false;
    this.emit('restore');
  }
  show(): void {
    this.emit('show');
  }
  focus(): void {
    this.focused += 1;
  }
  maximize(): void {
    this.maximized = true;
  }
  getNormalBounds() {
    return { x: 10, y: 20, width: 800, height: 600 };
  }
  close(): void {
    this.emit('close', { preventDefault() {} });
    this.destroyed = true;
    this.webContents.destroyed = true;
    this.webContents.emit('destroyed');
    this.emit('closed');
  }
}

const display = { id: 1, workArea: { x: 0, y: 0, width: 1920, height: 1080 } };

/** The module object `vi.mock('electron')` returns. */
export function fakeElectronModule(): Record<string, unknown> {
  return {
    BrowserWindow: FakeBrowserWindow,
    ipcMain: {
      handle: (channel: string, handler: (event: unknown, args: unknown) => Promise<unknown>) =>
        recorded.ipcHandlers.set(channel, handler),
      removeHandler: (channel: string) => recorded.ipcHandlers.delete(channel),
    },
    protocol: {
      handle: (scheme: string, handler: (request: Request) => Promise<Response>) =>
        recorded.protocolHandlers.set(scheme, handler),
      unhandle: (scheme: string) => recorded.protocolHandlers.delete(scheme),
    },
    Menu: {
      buildFromTemplate: (template: unknown) => ({ template }),
      setApplicationMenu: (menu: unknown) => {
        recorded.menu = menu;
      },
    },
    screen: { getPrimaryDisplay: () => display, getAllDisplays: () => [display] },
    dialog: {
      showSaveDialog: async () => ({ canceled: true, filePath: '' }),
    },
    shell: {
      openExternal: async (url: string) => {
        recorded.openedExternally.push(url);
      },
    },
    safeStorage: {
      isEncryptionAvailable: () => false,
      getSelectedStorageBackend: () => 'basic_text',
      encryptString: () => {
        throw new Error('not available');
      },
      decryptString: () => {
        throw new Error('not available');
      },
    },
  };
}
