import { describe, expect, it } from 'vitest';
import type { BridgeEventMessage, BridgeResponse, WorkspaceDocument } from '../shared/bridge';
import type { BridgeConnection, BridgeServer } from '../core/bridge';
import { DeferredBridge, NOT_STARTED_MESSAGE } from './deferred-bridge';

const SAVED: WorkspaceDocument = { version: 3, data: { layouts: [] } };

/** A bridge server that answers every command with its name and logs what it was asked. */
function fakeServer() {
  const asked: string[] = [];
  const connected: string[] = [];
  const closed: string[] = [];
  const sinks = new Map<string, (message: BridgeEventMessage) => void>();
  const server = {
    connect(send: (message: BridgeEventMessage) => void, options?: { clientId?: string }) {
      const clientId = options?.clientId ?? 'server-made';
      connected.push(clientId);
      sinks.set(clientId, send);
      return {
        clientId,
        request: async (name: unknown, args: unknown): Promise<BridgeResponse<unknown>> => {
          asked.push(`${clientId}:${String(name)}`);
          return { ok: true, value: { from: 'server', name, args } };
        },
        close: () => void closed.push(clientId),
      } satisfies BridgeConnection;
    },
  } as unknown as BridgeServer;
  return { server, asked, connected, closed, sinks };
}

/** A promise settled by hand: the services starting. */
function starting() {
  let resolve: (server: BridgeServer) => void = () => {};
  let reject: (error: Error) => void = () => {};
  const promise = new Promise<BridgeServer>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function deferred(services: Promise<BridgeServer>) {
  const loads: number[] = [];
  const bridge = new DeferredBridge(services, {
    loadWorkspace: () => {
      loads.push(1);
      return SAVED;
    },
  });
  return { bridge, loads };
}

describe('DeferredBridge', () => {
  it('answers commands sent before the services run once they do, in the order they came', async () => {
    const start = starting();
    const { bridge } = deferred(start.promise);
    const fake = fakeServer();
    const connection = bridge.connect(() => {}, { clientId: 'tab' });
    const answers: string[] = [];
    const pending = ['setVisibility', 'getStatus', 'subscribe', 'listAlerts'].map((name) =>
      connection.request(name, {}).then(() => answers.push(name)),
    );
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(answers).toEqual([]);
    expect(bridge.started).toBe(false);
    start.resolve(fake.server);
    await Promise.all(pending);
    expect(fake.connected).toEqual(['tab']);
    expect(fake.asked).toEqual([
      'tab:setVisibility',
      'tab:getStatus',
      'tab:subscribe',
      'tab:listAlerts',
    ]);
    expect(answers).toEqual(['setVisibility', 'getStatus', 'subscribe', 'listAlerts']);
    expect(bridge.started).toBe(true);
    // Later commands go straight to the server.
    await connection.request('getSettings', {});
    expect(fake.asked.at(-1)).toBe('tab:getSettings');
  });

  it('answers the workspace at once, from the early store, while the services start', async () => {
    const start = starting();
    const { bridge, loads } = deferred(start.promise);
    const connection = bridge.connect(() => {});
    const status = connection.request('getStatus', {});
    expect(await connection.request('loadWorkspace', {})).toEqual({ ok: true, value: SAVED });
    expect(await connection.request('loadWorkspace', undefined)).toEqual({
      ok: true,
      value: SAVED,
    });
    expect(loads).toHaveLength(2);
    const fake = fakeServer();
    start.resolve(fake.server);
    await status;
    // Once they run, the workspace is theirs to answer.
    const answer = await connection.request('loadWorkspace', {});
    expect(answer).toMatchObject({ ok: true, value: { from: 'server', name: 'loadWorkspace' } });
    expect(loads).toHaveLength(2);
  });

  it('leaves a workspace load with arguments to the services (their schema says what is wrong)', async () => {
    const start = starting();
    const { bridge, loads } = deferred(start.promise);
    const fake = fakeServer();
    const connection = bridge.connect(() => {}, { clientId: 'tab' });
    const odd = connection.request('loadWorkspace', { extra: 1 });
    const array = connection.request('loadWorkspace', []);
    start.resolve(fake.server);
    await Promise.all([odd, array]);
    expect(loads).toHaveLength(0);
    expect(fake.asked).toEqual(['tab:loadWorkspace', 'tab:loadWorkspace']);
  });

  it('never lets a workspace load overtake a save that waits, from any window', async () => {
    const start = starting();
    const { bridge, loads } = deferred(start.promise);
    const fake = fakeServer();
    const saver = bridge.connect(() => {}, { clientId: 'saver' });
    const reader = bridge.connect(() => {}, { clientId: 'reader' });
    const saved = saver.request('saveWorkspace', { document: SAVED });
    const read = reader.request('loadWorkspace', {});
    start.resolve(fake.server);
    await Promise.all([saved, read]);
    expect(loads).toHaveLength(0);
    expect(fake.asked).toEqual(['saver:saveWorkspace', 'reader:loadWorkspace']);
    // With no save waiting any more, and the services running, loads are theirs anyway.
    await reader.request('loadWorkspace', {});
    expect(loads).toHaveLength(0);
  });

  it('hands the server each connection’s events once it runs', async () => {
    const start = starting();
    const { bridge } = deferred(start.promise);
    const fake = fakeServer();
    const events: BridgeEventMessage[] = [];
    const connection = bridge.connect((message) => events.push(message), { clientId: 'tab' });
    const first = connection.request('getStatus', {});
    start.resolve(fake.server);
    await first;
    const message = { event: 'status', payload: {} } as unknown as BridgeEventMessage;
    fake.sinks.get('tab')!(message);
    expect(events).toEqual([message]);
  });

  it('never connects a socket closed while it waited, and answers what it had sent', async () => {
    const start = starting();
    const { bridge } = deferred(start.promise);
    const fake = fakeServer();
    const connection = bridge.connect(() => {}, { clientId: 'gone' });
    const waiting = connection.request('getStatus', {});
    connection.close();
    const after = await connection.request('getStatus', {});
    start.resolve(fake.server);
    expect(await waiting).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(after).toMatchObject({ ok: false, error: { code: 'internal' } });
    expect(fake.connected).toEqual([]);
    expect(fake.asked).toEqual([]);
  });

  it('closes the server’s connection when the socket closes after the start', async () => {
    const start = starting();
    const { bridge } = deferred(start.promise);
    const fake = fakeServer();
    const connection = bridge.connect(() => {}, { clientId: 'tab' });
    start.resolve(fake.server);
    await connection.request('getStatus', {});
    connection.close();
    expect(fake.closed).toEqual(['tab']);
  });

  it('answers every waiting command with an error when the services cannot start', async () => {
    const start = starting();
    const { bridge } = deferred(start.promise);
    const connection = bridge.connect(() => {});
    const waiting = [connection.request('getStatus', {}), connection.request('subscribe', {})];
    start.reject(new Error('EACCES: permission denied, open /home/someone/.marketdesk/cache.db'));
    for (const answer of await Promise.all(waiting)) {
      expect(answer).toEqual({
        ok: false,
        error: { code: 'internal', message: NOT_STARTED_MESSAGE },
      });
    }
    // And so are the ones that come after.
    expect(await connection.request('getStatus', {})).toMatchObject({ ok: false });
  });
});
