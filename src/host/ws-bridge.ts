/**
 * The bridge over a WebSocket, on the host's own port.
 *
 * Admission happens at the HTTP upgrade, before any bridge message: the `Origin`
 * must be the host's own (`http://127.0.0.1:PORT`; refused 403 otherwise, which keeps
 * other web pages out) and the per-launch secret must come as a WebSocket
 * subprotocol (refused 401 otherwise). The subprotocols, the frames and their reading
 * are the wire both ends share: src/shared/host-wire.ts.
 *
 * Each socket's outgoing frames go through a bounded outbox (ws-outbox.ts: a client
 * that stops reading gets merged market events, then is closed), and its incoming
 * commands through a queue (command-queue.ts) that starts a few per turn of the event
 * loop, within one budget per turn for all sockets served round-robin
 * (command-turns.ts), runs at most `maxPendingCommands` at once and stops reading the
 * socket while that many wait — so one client's flood waits in its own TCP window, not
 * in the host's memory, and other tabs are answered between its slices.
 */
import { timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import type { BridgeServer } from '../core/bridge';
// Not the bridge's index: the host accepts sockets before the handler table is loaded.
import { ClientBudget } from '../core/bridge/client-registry';
import {
  HOST_PROTOCOL,
  MAX_POPOUT_WINDOWS,
  offeredSecret,
  offeredWindow,
  readCommandFrame,
} from '../shared/host-wire';
import { CommandQueue } from './command-queue';
import { CommandTurns } from './command-turns';
import { SocketOutbox, type OutboxLimits, type OutboxStats } from './ws-outbox';

/** Largest accepted frame (a saved workspace is capped at 1 MiB of JSON). */
export const MAX_FRAME_BYTES = 2 * 1024 * 1024;
/**
 * Commands of one socket in progress at once, and waiting past which the socket is not
 * read (see command-queue.ts). A tab's own bursts (a workspace opening: one subscribe
 * per pane and market) stay well below it.
 */
export const MAX_PENDING_COMMANDS = 64;
/**
 * Commands of one socket started per turn of the event loop: a socket sending hundreds
 * at once is served in slices, and other sockets are read between them.
 */
export const COMMANDS_PER_TURN = 4;
/**
 * Commands started per turn of the event loop, all sockets together, served round-robin
 * (command-turns.ts): a turn's work stays bounded however many sockets flood, and a tab
 * asking once waits behind at most one command of each other socket.
 */
export const HOST_COMMANDS_PER_TURN = 8;
/**
 * Windows one launch serves: the main one and its pop-outs. Sockets naming a further
 * window are refused (429), so naming a new window per socket earns no fresh caps.
 */
export const MAX_WINDOWS_PER_LAUNCH = MAX_POPOUT_WINDOWS + 1;
/**
 * Sockets one launch secret may hold at once: one per window and a few more for a
 * reconnect that overlaps the socket it replaces. Past it, an upgrade is refused (429).
 */
export const MAX_SOCKETS_PER_LAUNCH = MAX_WINDOWS_PER_LAUNCH + 3;

export interface WsBridgeOptions {
  /** The bridge server, or one whose connections wait for it (deferred-bridge.ts). */
  bridge: Pick<BridgeServer, 'connect'>;
  secret: string;
  /** The one Origin accepted, e.g. `http://127.0.0.1:41234`. */
  origin: () => string;
  /** Bounds of each socket's outgoing queue (default `DEFAULT_OUTBOX_LIMITS`). */
  outbox?: Partial<OutboxLimits>;
  /** Default MAX_PENDING_COMMANDS. */
  maxPendingCommands?: number;
  /** Told when a client is closed for not reading, with the reason. */
  onSlowClient?: (reason: string) => void;
  /** Default MAX_SOCKETS_PER_LAUNCH. */
  maxSockets?: number;
}

export interface WsBridge {
  /** Call from the HTTP server's `upgrade` event. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void;
  /** Connected sockets. */
  readonly size: number;
  /** What each connected socket's outbox did (diagnostics, tests, benchmarks). */
  outboxStats(): OutboxStats[];
  /** Most commands started in one turn of the loop, all sockets together (tests, benchmarks). */
  readonly maxCommandsPerTurn: number;
  close(): Promise<void>;
}

function sameSecret(given: string, secret: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(secret);
  return a.length === b.length && timingSafeEqual(a, b);
}

function refuse(socket: Duplex, status: 401 | 403 | 400 | 429, text: string): void {
  const body = `${text}\n`;
  socket.end(
    `HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Type: text/plain\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );
}

/** Attaches the bridge to WebSocket upgrades. */
export function createWsBridge({
  bridge,
  secret,
  origin,
  outbox: limits,
  maxPendingCommands = MAX_PENDING_COMMANDS,
  onSlowClient,
  maxSockets = MAX_SOCKETS_PER_LAUNCH,
}: WsBridgeOptions): WsBridge {
  const outboxes = new Map<WebSocket, SocketOutbox>();
  const turns = new CommandTurns({ perTurn: HOST_COMMANDS_PER_TURN });
  /** Each window's shared caps and how many sockets it holds. */
  const windows = new Map<string, { budget: ClientBudget; sockets: number }>();
  /** Upgrades admitted whose handshake has not finished (they count as sockets). */
  let upgrading = 0;
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: MAX_FRAME_BYTES,
    // Answer with our protocol only; the secret is never echoed back.
    handleProtocols: (protocols) => (protocols.has(HOST_PROTOCOL) ? HOST_PROTOCOL : false),
  });

  wss.on('connection', (ws: WebSocket, _req: IncomingMessage, name: string) => {
    let window = windows.get(name);
    if (!window) windows.set(name, (window = { budget: new ClientBudget(), sockets: 0 }));
    window.sockets++;
    const held = window;
    const outbox = new SocketOutbox(ws, {
      ...(limits ? { limits } : {}),
      ...(onSlowClient ? { onClose: onSlowClient } : {}),
    });
    outboxes.set(ws, outbox);
    const connection = bridge.connect((message) => outbox.event(message), {
      budget: held.budget,
    });
    const commands = new CommandQueue({
      run: async ({ id, name, args }) => outbox.reply(id, await connection.request(name, args)),
      pause: () => ws.pause(),
      resume: () => ws.resume(),
      maxPending: maxPendingCommands,
      perTurn: COMMANDS_PER_TURN,
      maxQueued: maxPendingCommands,
      turns,
    });
    ws.on('message', (data, isBinary) => {
      if (isBinary) return ws.close(1003, 'text frames only');
      const command = readCommandFrame(data.toString());
      if ('fault' in command) return ws.close(command.fault, command.reason);
      commands.push(command);
    });
    ws.on('close', () => {
      commands.close();
      outbox.dispose();
      outboxes.delete(ws);
      connection.close();
      if (--held.sockets === 0 && windows.get(name) === held) windows.delete(name);
    });
    ws.on('error', () => ws.terminate());
  });

  return {
    handleUpgrade(req, socket, head) {
      socket.on('error', () => socket.destroy());
      if (req.headers.origin !== origin()) return refuse(socket, 403, 'Forbidden');
      const given = offeredSecret(req.headers['sec-websocket-protocol']);
      if (given === null || !sameSecret(given, secret)) return refuse(socket, 401, 'Unauthorized');
      // Bounds per launch: sockets, and distinct windows (each window's caps are shared
      // by its sockets in the bridge, so a new socket or a new name earns nothing).
      if (wss.clients.size + upgrading >= maxSockets) {
        return refuse(socket, 429, 'Too Many Connections');
      }
      const name = offeredWindow(req.headers['sec-websocket-protocol']);
      if (!windows.has(name) && windows.size >= MAX_WINDOWS_PER_LAUNCH) {
        return refuse(socket, 429, 'Too Many Windows');
      }
      upgrading++;
      let counted = true;
      const settle = () => {
        if (counted) upgrading--;
        counted = false;
      };
      socket.once('close', settle);
      wss.handleUpgrade(req, socket, head, (ws) => {
        settle();
        wss.emit('connection', ws, req, name);
      });
    },
    get size() {
      return wss.clients.size;
    },
    outboxStats() {
      return [...outboxes.values()].map((o) => o.stats);
    },
    get maxCommandsPerTurn() {
      return turns.maxPerTurn;
    },
    close() {
      for (const ws of wss.clients) ws.terminate();
      return new Promise((resolve) => wss.close(() => resolve()));
    },
  };
}
