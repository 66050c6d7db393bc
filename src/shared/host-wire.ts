/**
 * The browser host's wire: how a page served by the host (src/host) and its renderer
 * (src/renderer/src/bridge) talk, written once for both ends.
 *
 * - The page's address carries the per-launch secret in the fragment (`#k=<secret>`),
 *   which browsers never send to a server.
 * - The bridge is a WebSocket at {@link BRIDGE_PATH} on the host's own port. The
 *   page offers two subprotocols: {@link HOST_PROTOCOL}, which the host answers, and
 *   `k.<secret>` ({@link SECRET_PROTOCOL_PREFIX}), which it never echoes. A
 *   subprotocol header, unlike a query, ends up in no log or history.
 * - Frames are JSON text ({@link WireFrame}): the renderer sends commands
 *   (`{ id, name, args }`), the host answers them (`{ id, response }`) and pushes
 *   events (`{ event }`). {@link readCommandFrame} and {@link readHostFrame} are
 *   the one reading of each direction; {@link encodeFrame} the one writing.
 *
 * A pop-out window shows one pane of the workspace at `<entry>?pane=<id>`, in
 * Electron and in the host alike ({@link popOutAddress}, {@link popOutPaneOf}).
 */
import type { BridgeEventMessage, BridgeResponse, CommandName } from './bridge';
import { isEventName } from './bridge';

/** The subprotocol the host speaks (answered in the handshake). */
export const HOST_PROTOCOL = 'marketdesk.v1';
/** Prefix of the subprotocol that carries the secret (offered, never answered). */
export const SECRET_PROTOCOL_PREFIX = 'k.';
/**
 * Prefix of the subprotocol that names the page's window: `w.main`, or `w.<pane id>` for
 * a pop-out. The host counts a window's subscriptions and codes over all its sockets.
 */
export const WINDOW_PROTOCOL_PREFIX = 'w.';
/** The main window's name on the wire (a pop-out is named by its pane id). */
export const MAIN_WINDOW = 'main';
/** The WebSocket path of the bridge on the host's port. */
export const BRIDGE_PATH = '/bridge';

/** The characters of a secret: base64url, as the host makes it. */
const SECRET = /^[A-Za-z0-9_-]+$/;

// ---------------------------------------------------------------- admission

/** The subprotocols a page offers: ours, the one carrying `secret`, and its window's name. */
export function bridgeProtocols(secret: string, window: string = MAIN_WINDOW): string[] {
  return [HOST_PROTOCOL, SECRET_PROTOCOL_PREFIX + secret, WINDOW_PROTOCOL_PREFIX + window];
}

/**
 * The window a socket says it belongs to: `main` or a pane id. A socket that names none,
 * or something else, counts as the main window's — naming no window never earns a
 * socket caps of its own.
 */
export function offeredWindow(header: string | undefined): string {
  const offered = typeof header === 'string' ? header.split(',').map((p) => p.trim()) : [];
  const name = offered.find((p) => p.startsWith(WINDOW_PROTOCOL_PREFIX))?.slice(2);
  return name !== undefined && PANE_ID_PATTERN.test(name) ? name : MAIN_WINDOW;
}

/**
 * The secret among the subprotocols a client offered (`Sec-WebSocket-Protocol`, comma
 * separated), or null when it did not offer {@link HOST_PROTOCOL} and a secret.
 */
export function offeredSecret(header: string | undefined): string | null {
  if (typeof header !== 'string') return null;
  const offered = header.split(',').map((p) => p.trim());
  if (!offered.includes(HOST_PROTOCOL)) return null;
  const carrier = offered.find((p) => p.startsWith(SECRET_PROTOCOL_PREFIX));
  return carrier ? carrier.slice(SECRET_PROTOCOL_PREFIX.length) : null;
}

// ---------------------------------------------------------------- frames

/** renderer → host: one command. Its name and arguments are the bridge's to check. */
export interface CommandFrame {
  id: number;
  name: CommandName;
  args: unknown;
}

/** host → renderer: the answer to the command of the same `id`. */
export interface ReplyFrame {
  id: number;
  response: BridgeResponse<unknown>;
}

/** host → renderer: an event pushed to the page. */
export interface EventFrame {
  event: BridgeEventMessage;
}

/** What the host sends. */
export type HostFrame = ReplyFrame | EventFrame;
/** Every frame on the wire, both directions. */
export type WireFrame = CommandFrame | HostFrame;

/**
 * A command frame as the host reads it: the id is checked (the answer needs one);
 * name and arguments are still untrusted, and the bridge's dispatcher answers an
 * unknown name or bad arguments with an error like any other client's.
 */
export interface ArrivingCommand {
  id: number;
  name: unknown;
  args: unknown;
}

/** Why the host refuses a frame: the WebSocket close code and reason. */
export interface FrameFault {
  fault: 1007 | 1008;
  reason: string;
}

/** A frame as text. */
export function encodeFrame(frame: WireFrame): string {
  return JSON.stringify(frame);
}

const isObject = (value: unknown): value is Readonly<Record<string, unknown>> =>
  typeof value === 'object' && value !== null;

/** The fields of the JSON object in `text`; `{}` for other JSON; null for no JSON at all. */
function fieldsOf(text: string): Readonly<Record<string, unknown>> | null {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return null;
  }
  return isObject(value) ? value : {};
}

const isFrameId = (id: unknown): id is number => typeof id === 'number' && Number.isSafeInteger(id);

/** An event of a known name (its payload is the host's word). */
const isEventMessage = (value: unknown): value is BridgeEventMessage =>
  isObject(value) && isEventName(value['event']);

/** An answer that says whether it succeeded (its value or error is the host's word). */
const isResponse = (value: unknown): value is BridgeResponse<unknown> =>
  isObject(value) && typeof value['ok'] === 'boolean';

/** The host's reading of a frame from a page: a command, or why the socket is closed. */
export function readCommandFrame(text: string): ArrivingCommand | FrameFault {
  const frame = fieldsOf(text);
  if (frame === null) return { fault: 1007, reason: 'not JSON' };
  const { id, name, args } = frame;
  return isFrameId(id) ? { id, name, args } : { fault: 1008, reason: 'no id' };
}

/**
 * The page's reading of a frame from the host; null for anything else (ignored). The
 * shape is checked (a known event; an id and a response that says `ok`), the payload
 * is trusted: it comes from the host that served the page, admitted by its secret.
 */
export function readHostFrame(text: string): HostFrame | null {
  const { id, response, event } = fieldsOf(text) ?? {};
  if (isEventMessage(event)) return { event };
  if (isFrameId(id) && isResponse(response)) return { id, response };
  return null;
}

// ---------------------------------------------------------------- addresses

/**
 * A pane id as the workspace makes them: the one pattern `popOut` checks its argument
 * against before any window is made, and a pop-out address is read by. A lone surrogate
 * or any other character that cannot go into an address is refused as a bad argument,
 * never met later as "URI malformed" with a window already half made.
 */
export const PANE_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
const PANE_ID = PANE_ID_PATTERN;

/**
 * The most pop-out windows one launch opens (Electron) or serves (the browser host, as
 * distinct windows on its sockets): a page calling `popOut` with a new pane id in a
 * loop must not open windows without end.
 */
export const MAX_POPOUT_WINDOWS = 8;

/** The host's own address for the user: its origin, the secret in the fragment. */
export function hostAddress(origin: string, secret: string): string {
  return `${origin}/#k=${secret}`;
}

/**
 * The address of a pop-out window showing pane `paneId`: the renderer's entry with
 * `?pane=<id>`, and in the browser host the secret as `#k=<secret>`. The pane is in
 * the query, not the fragment, because the host's page erases its fragment (the
 * secret) as it starts: a pane there would be lost on reload.
 */
export function popOutAddress(entryUrl: string, paneId: string, secret?: string): string {
  const url = new URL(entryUrl);
  url.search = `pane=${encodeURIComponent(paneId)}`;
  if (secret !== undefined) url.hash = `k=${secret}`;
  return url.toString();
}

/** The pane a pop-out address shows (its query, `location.search`), or null. */
export function popOutPaneOf(search: string): string | null {
  const paneId = new URLSearchParams(search).get('pane');
  return paneId !== null && PANE_ID.test(paneId) ? paneId : null;
}

/** The secret in an address's fragment (`location.hash`: `#k=<secret>`), or null. */
export function secretOfFragment(hash: string): string | null {
  const secret = new URLSearchParams(hash.replace(/^#/, '')).get('k');
  return secret !== null && SECRET.test(secret) ? secret : null;
}
