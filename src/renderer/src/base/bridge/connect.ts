/**
 * Finds the bridge: `window.marketdesk` from the Electron preload when present,
 * otherwise the browser host's WebSocket transport, authenticated by the secret the
 * host put in the address. Without either there is nothing to talk to.
 */
import { createBridgeClient } from '../../../../shared/bridge';
import type { MarketdeskBridge } from '../../../../shared/bridge';
import { createHostTransport, hostBridgeUrl, takeHostSecret } from './host-transport';
import type { HostTransport } from './host-transport';
import { MAIN_WINDOW, popOutPaneOf } from '../../../../shared/host-wire';

export type BridgeConnection =
  | { kind: 'ready'; bridge: MarketdeskBridge; /** Null in Electron. */ host: HostTransport | null }
  | { kind: 'no-secret' };

function isBridge(value: unknown): value is MarketdeskBridge {
  const v = value as Partial<MarketdeskBridge> | null | undefined;
  return typeof v?.invoke === 'function' && typeof v.on === 'function';
}

export function connectBridge(win: Window = window): BridgeConnection {
  const exposed: unknown = Reflect.get(win, 'marketdesk');
  if (isBridge(exposed)) return { kind: 'ready', bridge: exposed, host: null };
  const secret = takeHostSecret(win);
  if (!secret) return { kind: 'no-secret' };
  // A pop-out names itself by its pane: the host counts each window's caps over its sockets.
  const windowName = popOutPaneOf(win.location.search) ?? MAIN_WINDOW;
  const host = createHostTransport({ url: hostBridgeUrl(win), secret, window: windowName });
  return { kind: 'ready', bridge: createBridgeClient(host), host };
}
