/**
 * The bridge over Electron IPC: one `ipcMain.handle` per command (channel names from
 * `src/shared/bridge.ts`), each checking the sender and forwarding to the same
 * bridge server the browser host uses. Each window's page is one bridge client:
 * connected on its first message, its events sent to that web contents on
 * EVENT_CHANNEL, disconnected (subscriptions dropped) when the page goes away.
 */
import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import type { BridgeEventMessage, BridgeResponse } from '../shared/bridge';
import { COMMAND_NAMES, commandChannel, EVENT_CHANNEL } from '../shared/bridge';
import type { BridgeConnection, BridgeServer } from '../core/bridge';
import type { TrustedOrigins } from './security-policy';
import { isTrustedSender } from './security-policy';

export interface IpcBridgeOptions {
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>;
  bridge: Pick<BridgeServer, 'connect'>;
  /** True when the web contents belongs to one of the shell's windows. */
  isOwnWebContents(contents: WebContents): boolean;
  trusted: TrustedOrigins;
  log(message: string): void;
}

const FORBIDDEN: BridgeResponse<never> = {
  ok: false,
  error: { code: 'forbidden', message: 'this frame may not use the Marketdesk bridge' },
};

/** Registers the IPC handlers and keeps one bridge connection per page. */
export class IpcBridge {
  readonly #connections = new Map<number, BridgeConnection>();
  #generation = 0;

  constructor(private readonly options: IpcBridgeOptions) {}

  /** Installs `ipcMain.handle` for every command name. */
  register(): void {
    for (const name of COMMAND_NAMES) {
      this.options.ipcMain.handle(commandChannel(name), (event, args: unknown) =>
        this.#handle(name, event, args),
      );
    }
  }

  /** Feeds a window's visibility to the feed hub (polling pauses when none is visible). */
  setVisibility(contents: WebContents, visible: boolean): void {
    if (contents.isDestroyed() || !this.options.isOwnWebContents(contents)) return;
    void this.#connection(contents).request('setVisibility', { visible });
  }

  /** Removes the handlers and disconnects every page (app quitting). */
  dispose(): void {
    for (const name of COMMAND_NAMES) this.options.ipcMain.removeHandler(commandChannel(name));
    for (const connection of this.#connections.values()) connection.close();
    this.#connections.clear();
  }

  /** Connected pages (for tests and diagnostics). */
  get size(): number {
    return this.#connections.size;
  }

  #handle(
    name: string,
    event: IpcMainInvokeEvent,
    args: unknown,
  ): Promise<BridgeResponse<unknown>> {
    const contents = event.sender;
    const frame = event.senderFrame;
    const trusted = isTrustedSender(
      {
        frameUrl: frame?.url ?? null,
        isMainFrame: frame !== null && frame.parent === null,
        isOwnWindow: !contents.isDestroyed() && this.options.isOwnWebContents(contents),
      },
      this.options.trusted,
    );
    if (!trusted) {
      this.options.log(`marketdesk: refused ${name} from ${frame?.url ?? 'a gone frame'}`);
      return Promise.resolve(FORBIDDEN);
    }
    return this.#connection(contents).request(name, args);
  }

  /** The page's connection, made on first use; dropped when the page goes away. */
  #connection(contents: WebContents): BridgeConnection {
    const existing = this.#connections.get(contents.id);
    if (existing) return existing;
    const id = contents.id;
    const send = (message: BridgeEventMessage): void => {
      if (!contents.isDestroyed()) contents.send(EVENT_CHANNEL, message);
    };
    const connection = this.options.bridge.connect(send, {
      clientId: `window-${id}-${++this.#generation}`,
    });
    this.#connections.set(id, connection);
    const drop = (): void => {
      if (this.#connections.get(id) !== connection) return;
      this.#connections.delete(id);
      connection.close();
      contents.off('did-start-navigation', onNavigation);
      contents.off('render-process-gone', drop);
    };
    // A reload or crash replaces the page: the old page's subscriptions go with it.
    const onNavigation = (details: { isMainFrame: boolean; isSameDocument: boolean }): void => {
      if (details.isMainFrame && !details.isSameDocument) drop();
    };
    contents.on('did-start-navigation', onNavigation);
    contents.on('render-process-gone', drop);
    contents.once('destroyed', drop);
    return connection;
  }
}
