/**
 * Preload: exposes the bridge client, and nothing else, as `window.marketdesk`.
 * No raw `ipcRenderer`, no `process.env`: the page gets `invoke` and `on`, built by
 * the shared `createBridgeClient` over an IPC transport whose channels come from
 * `src/shared/bridge.ts`.
 *
 * The window is sandboxed, so this file is bundled to one CommonJS script
 * (`out/preload/index.cjs`): a sandboxed preload can `require('electron')` but
 * cannot load ES modules or sibling files.
 */
import type { IpcRendererEvent } from 'electron';
import { contextBridge, ipcRenderer } from 'electron';
import type { BridgeEventMessage, BridgeResponse, ClientTransport } from '../shared/bridge';
import {
  commandChannel,
  createBridgeClient,
  EVENT_CHANNEL,
  isCommandName,
  isEventName,
} from '../shared/bridge';

/** A pushed message, checked for shape: only known events reach the page's listeners. */
function isEventMessage(value: unknown): value is BridgeEventMessage {
  return (
    typeof value === 'object' &&
    value !== null &&
    isEventName((value as { event?: unknown }).event) &&
    'payload' in value
  );
}

const transport: ClientTransport = {
  async request(name, args) {
    // The page is untyped at run time: refuse a made-up name here rather than let
    // ipcRenderer reject with "no handler" (the main side validates everything again).
    if (!isCommandName(name)) {
      return { ok: false, error: { code: 'unknown-command', message: 'unknown command' } };
    }
    return ipcRenderer.invoke(commandChannel(name), args) as Promise<BridgeResponse<unknown>>;
  },
  listen(listener) {
    const onMessage = (_event: IpcRendererEvent, message: unknown): void => {
      if (isEventMessage(message)) listener(message);
    };
    ipcRenderer.on(EVENT_CHANNEL, onMessage);
    return () => ipcRenderer.removeListener(EVENT_CHANNEL, onMessage);
  },
};

const bridge = createBridgeClient(transport);

// Only the two functions cross the isolation boundary; contextBridge copies the object.
contextBridge.exposeInMainWorld('marketdesk', {
  invoke: bridge.invoke,
  on: bridge.on,
});
