import { EventEmitter } from 'node:events';
import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron';
import { beforeEach, describe, expect, it } from 'vitest';
import type { BridgeEventMessage, BridgeResponse } from '../shared/bridge';
import { COMMAND_NAMES, commandChannel, EVENT_CHANNEL } from '../shared/bridge';
import type { BridgeConnection, BridgeServer } from '../core/bridge';
import { IpcBridge } from './ipc-bridge';

type Handler = (event: IpcMainInvokeEvent, args: unknown) => Promise<BridgeResponse<unknown>>;

/** Just enough of a WebContents for the IPC layer: an id, events, `send`. */
class FakeContents extends EventEmitter {
  destroyed = false;
  readonly sent: Array<[string, unknown]> = [];
  constructor(readonly id: number) {
    super();
  }
  isDestroyed(): boolean {
    return this.destroyed;
  }
  send(channel: string, message: unknown): void {
    this.sent.push([channel, message]);
  }
  destroy(): void {
    this.destroyed = true;
    this.emit('destroyed');
  }
}

/** A bridge server that records connections and answers every request with its name. */
class FakeBridge {
  readonly connections: Array<{
    clientId: string;
    send: (message: BridgeEventMessage) => void;
    requests: Array<[unknown, unknown]>;
    closed: boolean;
  }> = [];
  connect: BridgeServer['connect'] = (send, options) => {
    const record = {
      clientId: options?.clientId ?? 'x',
      send,
      requests: [] as Array<[unknown, unknown]>,
      closed: false,
    };
    this.connections.push(record);
    const connection: BridgeConnection = {
      clientId: record.clientId,
      request: async (name, args) => {
        record.requests.push([name, args]);
        return { ok: true, value: name };
      },
      close: () => {
        record.closed = true;
      },
    };
    return connection;
  };
}

const APP = 'app://marketdesk/index.html';

describe('IpcBridge', () => {
  let handlers: Map<string, Handler>;
  let bridge: FakeBridge;
  let ours: Set<number>;
  let ipc: IpcBridge;
  const logs: string[] = [];

  beforeEach(() => {
    handlers = new Map();
    bridge = new FakeBridge();
    ours = new Set([1, 2]);
    logs.length = 0;
    const ipcMain = {
      handle: (channel: string, handler: Handler) => handlers.set(channel, handler),
      removeHandler: (channel: string) => handlers.delete(channel),
    } as unknown as Pick<IpcMain, 'handle' | 'removeHandler'>;
    ipc = new IpcBridge({
      ipcMain,
      bridge: bridge as unknown as BridgeServer,
      isOwnWebContents: (contents) => ours.has(contents.id),
      trusted: { devServerOrigin: null },
      log: (m) => void logs.push(m),
    });
    ipc.register();
  });

  /** Invokes a command as if `contents`' frame at `url` had sent it. */
  function invoke(
    contents: FakeContents,
    name: string,
    args: unknown,
    frame: { url: string; parent: unknown } | null = { url: APP, parent: null },
  ): Promise<BridgeResponse<unknown>> {
    const handler = handlers.get(commandChannel(name as never));
    if (!handler) throw new Error(`no handler for ${name}`);
    const event = { sender: contents, senderFrame: frame } as unknown as IpcMainInvokeEvent;
    return handler(event, args);
  }

  it('registers one handler per command, on the derived channels', () => {
    expect([...handlers.keys()].sort()).toEqual(COMMAND_NAMES.map(commandChannel).sort());
  });

  it('forwards a trusted main frame to one connection per page', async () => {
    const page = new FakeContents(1);
    expect(await invoke(page, 'getStatus', {})).toEqual({ ok: true, value: 'getStatus' });
    expect(await invoke(page, 'subscribe', { spec: 1 })).toEqual({ ok: true, value: 'subscribe' });
    expect(bridge.connections).toHaveLength(1);
    expect(bridge.connections[0]?.requests).toEqual([
      ['getStatus', {}],
      ['subscribe', { spec: 1 }],
    ]);
    await invoke(new FakeContents(2), 'getStatus', {});
    expect(bridge.connections).toHaveLength(2);
    expect(bridge.connections[0]?.clientId).not.toBe(bridge.connections[1]?.clientId);
  });

  it('sends a connection’s events to its own page on EVENT_CHANNEL', async () => {
    const page = new FakeContents(1);
    await invoke(page, 'getStatus', {});
    const message = { event: 'status', payload: {} } as BridgeEventMessage;
    bridge.connections[0]?.send(message);
    expect(page.sent).toEqual([[EVENT_CHANNEL, message]]);
    page.destroyed = true;
    bridge.connections[0]?.send(message);
    expect(page.sent).toHaveLength(1);
  });

  it('refuses foreign windows, subframes, gone frames and foreign documents', async () => {
    const forbidden = { ok: false, error: { code: 'forbidden', message: expect.any(String) } };
    expect(await invoke(new FakeContents(9), 'getStatus', {})).toEqual(forbidden);
    expect(await invoke(new FakeContents(1), 'getStatus', {}, { url: APP, parent: {} })).toEqual(
      forbidden,
    );
    expect(await invoke(new FakeContents(1), 'getStatus', {}, null)).toEqual(forbidden);
    expect(
      await invoke(
        new FakeContents(1),
        'getStatus',
        {},
        { url: 'https://evil.example/', parent: null },
      ),
    ).toEqual(forbidden);
    expect(bridge.connections).toHaveLength(0);
    expect(logs).toHaveLength(4);
  });

  it('disconnects when the page is destroyed, reloaded or crashes', async () => {
    const page = new FakeContents(1);
    await invoke(page, 'getStatus', {});
    page.emit('did-start-navigation', { isMainFrame: true, isSameDocument: true });
    page.emit('did-start-navigation', { isMainFrame: false, isSameDocument: false });
    expect(bridge.connections[0]?.closed).toBe(false);
    page.emit('did-start-navigation', { isMainFrame: true, isSameDocument: false });
    expect(bridge.connections[0]?.closed).toBe(true);
    expect(ipc.size).toBe(0);

    await invoke(page, 'getStatus', {});
    expect(bridge.connections).toHaveLength(2);
    page.emit('render-process-gone');
    expect(bridge.connections[1]?.closed).toBe(true);

    await invoke(page, 'getStatus', {});
    page.destroy();
    expect(bridge.connections[2]?.closed).toBe(true);
    expect(ipc.size).toBe(0);
  });

  it('feeds window visibility to the page’s connection', async () => {
    const page = new FakeContents(2);
    ipc.setVisibility(page as unknown as WebContents, false);
    ipc.setVisibility(new FakeContents(7) as unknown as WebContents, false);
    expect(bridge.connections).toHaveLength(1);
    expect(bridge.connections[0]?.requests).toEqual([['setVisibility', { visible: false }]]);
  });

  it('removes its handlers and closes every connection on dispose', async () => {
    await invoke(new FakeContents(1), 'getStatus', {});
    ipc.dispose();
    expect(handlers.size).toBe(0);
    expect(bridge.connections[0]?.closed).toBe(true);
  });
});
