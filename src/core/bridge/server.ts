/**
 * The main side of the bridge, transport-agnostic: the Electron shell (ipcMain) and
 * the browser host (WebSocket) each `connect()` one client per window or tab, hand
 * it the client's event sink, forward every command to `request` and call `close`
 * when the window or socket goes away. Both therefore run the same dispatcher and
 * handler table.
 */
import { randomUUID } from 'node:crypto';
import type { BridgeEventMessage, BridgeResponse } from '../../shared/bridge';
import { DisposableStore } from '../../shared/emitter';
import { seriesKey } from '../../shared/model';
import type { BridgeBackend, ShellHooks } from './backend';
import { ClientRegistry, type ClientBudget } from './client-registry';
import { createDispatcher, type Dispatcher } from './dispatcher';
import { redactEvent } from './errors';
import { createHandlers, toCandlesPage } from './handlers';
import { NewsLinks } from './news-links';
import { firingText } from '../alerts';

/** One connected window or tab. */
export interface BridgeConnection {
  readonly clientId: string;
  /** Runs one command (untrusted name and arguments); never rejects. */
  request(name: unknown, args: unknown): Promise<BridgeResponse<unknown>>;
  /** The window or socket went away: drops its subscriptions. Idempotent. */
  close(): void;
}

export interface BridgeServer {
  /**
   * Connects a client. `send` delivers one event to it (IPC `webContents.send`,
   * `socket.send`); `clientId` defaults to a random UUID. Clients given the same
   * `budget` (one window's sockets) share its caps; by default each has its own.
   */
  connect(
    send: (message: BridgeEventMessage) => void,
    options?: { clientId?: string; budget?: ClientBudget },
  ): BridgeConnection;
  /** The raw dispatcher (for a shell that keeps its own contexts). */
  readonly dispatch: Dispatcher;
  /** Number of connected clients. */
  readonly clientCount: number;
  /** Disconnects every client and stops listening to the services. */
  dispose(): void;
}

export interface BridgeServerOptions {
  /** Most news links remembered for openExternal; default 5000. */
  maxNewsLinks?: number;
}

/** Builds the bridge over the services and a shell's hooks. */
export function createBridgeServer(
  backend: BridgeBackend,
  hooks: ShellHooks,
  options: BridgeServerOptions = {},
): BridgeServer {
  const clients = new ClientRegistry();
  const links = new NewsLinks(options.maxNewsLinks);
  const handlers = createHandlers({ backend, hooks, links, clients });
  const redact = (text: string) => backend.redact(text);
  const dispatch = createDispatcher(handlers, { redact });

  const listening = new DisposableStore();
  listening.add(
    backend.onStatus((status) => clients.broadcast({ event: 'status', payload: status })),
  );
  // Every window, the one that made the change too: its other charts of the symbol redraw.
  listening.add(
    backend.drawings.onChange((set) => clients.broadcast({ event: 'drawings', payload: set })),
  );
  listening.add(
    backend.history.onCandles((answer) => {
      if (answer.before !== undefined) return;
      const key = seriesKey(answer.series);
      for (const client of clients.values()) {
        if (!client.pendingCandles.delete(key)) continue;
        client.send({
          event: 'candles',
          payload: { subscriptionId: null, page: toCandlesPage(answer) },
        });
      }
    }),
  );

  // A replay is every window's: each shows its bar and the REPLAY chip.
  if (backend.replay) {
    listening.add(
      backend.replay.onChange((status) =>
        clients.broadcast({ event: 'replay', payload: { status } }),
      ),
    );
  }

  // Alerts are everyone's: each window lists them and shows a firing.
  listening.add(
    backend.alerts.onChange((alerts) =>
      clients.broadcast({ event: 'alerts', payload: { alerts } }),
    ),
  );
  listening.add(
    backend.alerts.onFired(({ alert, firing }) => {
      const words = firingText(alert, firing);
      clients.broadcast({ event: 'alertFired', payload: { alert, firing, ...words } });
    }),
  );

  const disconnect = (clientId: string): void => {
    const entry = clients.remove(clientId);
    if (!entry) return;
    backend.feed.dropClient(clientId);
    entry.subscriptions.clear();
  };

  return {
    dispatch,
    get clientCount() {
      return clients.size;
    },
    connect(send, connectOptions = {}) {
      const clientId = connectOptions.clientId ?? randomUUID();
      // Every event to this client passes here: its free text is scrubbed once more.
      const entry = clients.add(
        clientId,
        (message) => send(redactEvent(message, redact)),
        connectOptions.budget,
      );
      const ctx = { clientId, send: entry.send };
      return {
        clientId,
        request: (name, args) => dispatch(name, args, ctx),
        close: () => disconnect(clientId),
      };
    },
    dispose() {
      listening.dispose();
      for (const entry of [...clients.values()]) disconnect(entry.id);
    },
  };
}
