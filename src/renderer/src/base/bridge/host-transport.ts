/**
 * The renderer's bridge transport in the browser host: a WebSocket to the host that
 * served the page, authenticated by the per-launch secret offered as a subprotocol.
 * The path, the subprotocols, the frames and their reading are the wire both ends
 * share: src/shared/host-wire.ts.
 *
 * It reconnects after a drop (backoff 250 ms doubling to 5 s) and makes the drop
 * invisible to panes: the host forgets a socket's subscriptions when it closes, so
 * the transport re-subscribes every live subscription, re-sends the last visibility and focus,
 * and keeps answering events under the subscription ids the panes were first given.
 * Requests in flight when the socket drops answer `{ ok: false, code: 'internal' }`.
 *
 * Imports only src/shared (the renderer's layer rule).
 */
import type {
  BridgeEventMessage,
  BridgeResponse,
  ClientTransport,
  CommandName,
  SubscriptionSpec,
} from '../../../../shared/bridge';
import {
  BRIDGE_PATH,
  bridgeProtocols,
  encodeFrame,
  readHostFrame,
  secretOfFragment,
} from '../../../../shared/host-wire';
import { Emitter } from '../../../../shared/emitter';
import { systemTimers, type TimerHandle, type Timers } from '../../../../shared/timers';
/** Where the secret is kept for reloads of this tab (never shared with other tabs). */
const SESSION_KEY = 'marketdesk.hostSecret';

export type ConnectionState = 'connecting' | 'open' | 'closed';

export interface HostTransportOptions {
  /** e.g. `ws://127.0.0.1:41234/bridge`. */
  url: string;
  secret: string;
  /** The page's window: `main`, or the pane id of a pop-out (default `main`). */
  window?: string;
  /** Injected for tests; default the global WebSocket. */
  WebSocket?: typeof WebSocket;
  /** Reconnect backoff bounds in ms; default 250 and 5000. */
  minDelayMs?: number;
  maxDelayMs?: number;
  /** What waits between reconnects; default the global timers. */
  timers?: Timers;
}

/** A `ClientTransport` plus its connection state and an off switch. */
export interface HostTransport extends ClientTransport {
  readonly state: ConnectionState;
  /** Told whenever the socket opens or drops; returns the unsubscriber. */
  onConnection(listener: (state: ConnectionState) => void): () => void;
  /** Closes for good (no reconnect); pending requests answer an error. */
  close(): void;
}

/**
 * Reads the host's secret: from `#k=<secret>` in the address (removing it from the
 * address bar at once, so it is not bookmarked or shared), else from this tab's
 * session storage (a reload). Null when the page was opened without it.
 */
export function takeHostSecret(win: Window = window): string | null {
  const secret = secretOfFragment(win.location.hash);
  if (secret !== null) {
    const { pathname, search } = win.location;
    win.history.replaceState(win.history.state, '', pathname + search);
    try {
      win.sessionStorage.setItem(SESSION_KEY, secret);
    } catch {
      // Storage may be disabled; the secret then lasts until a reload.
    }
    return secret;
  }
  try {
    return win.sessionStorage.getItem(SESSION_KEY);
  } catch {
    return null;
  }
}

/** The bridge address of the host that served this page. */
export function hostBridgeUrl(win: Window = window): string {
  return `ws://${win.location.host}${BRIDGE_PATH}`;
}

interface Pending {
  resolve(response: BridgeResponse<unknown>): void;
  /** Written to the current socket (else still queued for the next one). */
  sent: boolean;
}

interface LiveSubscription {
  spec: SubscriptionSpec;
  /** The id the host gave on the current socket; null while re-subscribing. */
  hostId: string | null;
}

const lost = (message: string): BridgeResponse<never> => ({
  ok: false,
  error: { code: 'internal', message },
});

/** Connects to the host and returns the transport (it connects in the background). */
export function createHostTransport(options: HostTransportOptions): HostTransport {
  const Socket = options.WebSocket ?? globalThis.WebSocket;
  const minDelay = options.minDelayMs ?? 250;
  const maxDelay = options.maxDelayMs ?? 5000;
  const timers = options.timers ?? systemTimers;
  const events = new Emitter<BridgeEventMessage>({
    onListenerError: (error) => console.error('marketdesk: bridge listener failed', error),
  });
  const connection = new Emitter<ConnectionState>();
  const pending = new Map<number, Pending>();
  const queue: { id: number; text: string }[] = [];
  // Subscriptions by the id the pane knows (the first one the host gave).
  const subscriptions = new Map<string, LiveSubscription>();
  const paneIdOfHostId = new Map<string, string>();
  let visible: boolean | null = null;
  /** The last `setFocus` arguments sent, re-sent after a reconnect. */
  let focus: unknown = null;
  let nextId = 1;
  let socket: WebSocket | null = null;
  let state: ConnectionState = 'connecting';
  let delay = minDelay;
  let closedForGood = false;
  let timer: TimerHandle | null = null;

  const setState = (next: ConnectionState) => {
    if (next === state) return;
    state = next;
    connection.fire(next);
  };

  const deliver = (message: BridgeEventMessage) => {
    const payload = message.payload as { subscriptionId?: unknown };
    if (typeof payload?.subscriptionId === 'string') {
      const paneId = paneIdOfHostId.get(payload.subscriptionId);
      if (paneId === undefined) return; // a subscription of a previous socket
      if (paneId !== payload.subscriptionId) {
        message = {
          ...message,
          payload: { ...payload, subscriptionId: paneId },
        } as BridgeEventMessage;
      }
    }
    events.fire(message);
  };

  const rawRequest = (name: CommandName, args: unknown): Promise<BridgeResponse<unknown>> => {
    if (closedForGood) return Promise.resolve(lost('the connection to Marketdesk is closed'));
    const id = nextId++;
    const text = encodeFrame({ id, name, args });
    return new Promise((resolve) => {
      const entry: Pending = { resolve, sent: false };
      pending.set(id, entry);
      if (socket && socket.readyState === Socket.OPEN) {
        socket.send(text);
        entry.sent = true;
      } else queue.push({ id, text });
    });
  };

  const resubscribe = () => {
    paneIdOfHostId.clear();
    for (const [paneId, sub] of subscriptions) {
      sub.hostId = null;
      void rawRequest('subscribe', { spec: sub.spec }).then((response) => {
        if (!response.ok) return;
        const hostId = (response.value as { subscriptionId: string }).subscriptionId;
        if (subscriptions.get(paneId) !== sub) {
          // The pane unsubscribed while this was in flight (and was told ok): the host
          // now holds a subscription nobody wants, polling until the socket closes.
          void rawRequest('unsubscribe', { subscriptionId: hostId });
          return;
        }
        sub.hostId = hostId;
        paneIdOfHostId.set(hostId, paneId);
      });
    }
    if (visible !== null) void rawRequest('setVisibility', { visible });
    if (focus !== null) void rawRequest('setFocus', focus);
  };

  const connect = () => {
    timer = null;
    setState('connecting');
    const ws = new Socket(options.url, bridgeProtocols(options.secret, options.window));
    socket = ws;
    let wasOpen = false;
    ws.onopen = () => {
      wasOpen = true;
      delay = minDelay;
      setState('open');
      // Re-subscriptions go first so queued unsubscribes find them.
      const queued = queue.splice(0);
      if (subscriptions.size > 0 || visible !== null || focus !== null) resubscribe();
      for (const { id, text } of queued) {
        const entry = pending.get(id);
        if (!entry) continue;
        ws.send(text);
        entry.sent = true;
      }
    };
    ws.onmessage = (event) => {
      const frame = readHostFrame(String(event.data));
      if (frame === null) return;
      if ('event' in frame) return deliver(frame.event);
      const p = pending.get(frame.id);
      pending.delete(frame.id);
      p?.resolve(frame.response);
    };
    ws.onclose = () => {
      if (socket !== ws) return;
      socket = null;
      // Requests sent on this socket will never be answered.
      for (const [id, p] of pending) {
        if (!p.sent) continue;
        pending.delete(id);
        p.resolve(lost('the connection to Marketdesk was lost; try again'));
      }
      setState('closed');
      if (closedForGood) return;
      timer = timers.setTimeout(connect, wasOpen ? minDelay : delay);
      if (!wasOpen) delay = Math.min(maxDelay, delay * 2);
    };
  };
  connect();

  return {
    get state() {
      return state;
    },
    async request(name, args) {
      if (name === 'unsubscribe') {
        const paneId = (args as { subscriptionId?: unknown } | null)?.subscriptionId;
        const sub = typeof paneId === 'string' ? subscriptions.get(paneId) : undefined;
        if (sub && typeof paneId === 'string') {
          subscriptions.delete(paneId);
          if (sub.hostId === null) return { ok: true, value: undefined };
          paneIdOfHostId.delete(sub.hostId);
          return rawRequest('unsubscribe', { subscriptionId: sub.hostId });
        }
      }
      if (name === 'setVisibility') {
        const v = (args as { visible?: unknown } | null)?.visible;
        if (typeof v === 'boolean') visible = v;
      }
      if (name === 'setFocus') focus = args;
      const response = await rawRequest(name, args);
      if (name === 'subscribe' && response.ok) {
        const id = (response.value as { subscriptionId: string }).subscriptionId;
        subscriptions.set(id, { spec: (args as { spec: SubscriptionSpec }).spec, hostId: id });
        paneIdOfHostId.set(id, id);
      }
      return response;
    },
    listen(listener) {
      const subscription = events.event(listener);
      return () => subscription.dispose();
    },
    onConnection(listener) {
      const subscription = connection.event(listener);
      return () => subscription.dispose();
    },
    close() {
      closedForGood = true;
      if (timer !== null) timers.clearTimeout(timer);
      for (const p of pending.values()) p.resolve(lost('the connection to Marketdesk is closed'));
      pending.clear();
      queue.length = 0;
      socket?.close();
      setState('closed');
    },
  };
}
