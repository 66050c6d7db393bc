/**
 * Test helpers: real services on a temporary data folder (demo mode against the
 * in-process simulator, as core/testing/services.ts wires it; session-only token store),
 * a bridge server over them and clients that record every event they receive.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import type {
  BridgeEventMessage,
  BridgeResponse,
  EventName,
  Events,
  PopOutRequest,
} from '../../shared/bridge';
import type { Services } from '../services';
import { createTestServices, type TestServicesConfig } from '../testing/services';
import type { ShellHooks } from './backend';
import { createBridgeServer, type BridgeConnection, type BridgeServer } from './server';

/** A connected client that keeps its events. */
export interface RecordingClient {
  connection: BridgeConnection;
  events: BridgeEventMessage[];
  /** Every response this client received. */
  responses: BridgeResponse<unknown>[];
  call(name: unknown, args?: unknown): Promise<BridgeResponse<unknown>>;
  /** Resolves with the first event (already received or future) matching. */
  next<E extends EventName>(event: E, match?: (payload: Events[E]) => boolean): Promise<Events[E]>;
}

export interface TestBridge {
  folder: string;
  services: Services;
  server: BridgeServer;
  opened: string[];
  popOuts: { request: PopOutRequest; clientId: string }[];
  /** The shell's answer to "turn updates on?" (null: a shell that never updates), and how often it was asked. */
  updates: { answer: boolean | null; asked: number };
  client(): RecordingClient;
  close(): Promise<void>;
}

export async function startTestBridge(
  config: Partial<TestServicesConfig> = {},
): Promise<TestBridge> {
  const folder = mkdtempSync(path.join(tmpdir(), 'marketdesk-bridge-'));
  const services = await createTestServices({
    dataFolder: folder,
    env: {},
    ...config,
  });
  const opened: string[] = [];
  const popOuts: TestBridge['popOuts'] = [];
  const updates: TestBridge['updates'] = { answer: null, asked: 0 };
  const hooks: ShellHooks = {
    async openExternal(url) {
      opened.push(url);
    },
    async popOut(request, clientId) {
      popOuts.push({ request, clientId });
      return { windowId: `w${popOuts.length}`, openUrl: null };
    },
    async saveFile() {
      return { path: null, download: true };
    },
    async confirmAutoUpdate() {
      updates.asked++;
      return updates.answer;
    },
  };
  const server = createBridgeServer(services.backend, hooks);
  return {
    folder,
    services,
    server,
    opened,
    popOuts,
    updates,
    client() {
      const events: BridgeEventMessage[] = [];
      const responses: BridgeResponse<unknown>[] = [];
      const waiters = new Set<(m: BridgeEventMessage) => boolean>();
      const connection = server.connect((message) => {
        // Through JSON, as on the host's wire: proves the payload is plain data.
        const copy = JSON.parse(JSON.stringify(message)) as BridgeEventMessage;
        events.push(copy);
        for (const w of [...waiters]) if (w(copy)) waiters.delete(w);
      });
      return {
        connection,
        events,
        responses,
        async call(name, args) {
          const response = await connection.request(name, args);
          responses.push(response);
          return response;
        },
        next(event, match) {
          const test = (m: BridgeEventMessage) =>
            m.event === event && (!match || match(m.payload as Events[typeof event]));
          const seen = events.find(test);
          if (seen) return Promise.resolve(seen.payload as Events[typeof event]);
          return new Promise((resolve) => {
            waiters.add((m) => {
              if (!test(m)) return false;
              resolve(m.payload as Events[typeof event]);
              return true;
            });
          });
        },
      };
    },
    async close() {
      server.dispose();
      await services.dispose();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

/**
 * A fresh bridge for each test of the calling suite, closed after it; `take` gets each
 * one as it starts (`let t: TestBridge; bridgeEachTest((b) => (t = b));`). Call at a
 * suite's top level (it registers the hooks).
 */
export function bridgeEachTest(take: (bridge: TestBridge) => void): void {
  let current: TestBridge | null = null;
  beforeEach(async () => {
    current = await startTestBridge();
    take(current);
  });
  afterEach(async () => {
    await current?.close();
    current = null;
  });
}
