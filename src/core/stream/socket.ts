/**
 * The stream client's socket, as a dependency: `wsSockets` (the `ws` package, which
 * sends the `token` header on the upgrade) by default; a factory over a browser-style
 * WebSocket says it cannot send headers, and the client authenticates by message.
 */
import { WebSocket } from 'ws';

/** What an open (or opening) socket lets the client do. */
export interface StreamSocket {
  send(text: string): void;
  /** Ends the connection; no event follows. */
  close(): void;
}

/** What a socket tells; after `closed` or `failed` nothing more. */
export interface SocketEvents {
  open(): void;
  message(text: string): void;
  /** The connection ended: the close frame's code and reason, 1006 when there was none. */
  closed(code: number, reason: string): void;
  /** The connection was never made: an HTTP status when the server answered the upgrade. */
  failed(message: string, status?: number): void;
}

export interface SocketFactory {
  /** Whether `headers` reach the server on the upgrade (a browser's WebSocket cannot send any). */
  readonly sendsHeaders: boolean;
  open(url: string, headers: Readonly<Record<string, string>>, events: SocketEvents): StreamSocket;
}

/** Largest frame accepted from the service (a 2,000-symbol depth burst is far smaller per frame). */
const MAX_FRAME_BYTES = 4 * 1024 * 1024;

/** Sockets of the `ws` package. */
export const wsSockets: SocketFactory = {
  sendsHeaders: true,
  open(url, headers, events) {
    const ws = new WebSocket(url, { headers: { ...headers }, maxPayload: MAX_FRAME_BYTES });
    let opened = false;
    let done = false;
    const finish = (tell: () => void) => {
      if (done) return;
      done = true;
      tell();
    };
    ws.on('open', () => {
      opened = true;
      if (!done) events.open();
    });
    ws.on('message', (data, isBinary) => {
      if (!done) events.message(isBinary ? '' : data.toString());
    });
    ws.on('unexpected-response', (_req, res) => {
      const status = res.statusCode ?? 0;
      finish(() => events.failed(`HTTP ${status} ${res.statusMessage ?? ''}`.trim(), status));
      ws.terminate();
    });
    ws.on('error', (error) => {
      // After opening, 'close' follows with the code; before, this is the whole story.
      if (!opened) finish(() => events.failed(error.message));
    });
    ws.on('close', (code, reason) => finish(() => events.closed(code, reason.toString())));
    return {
      send(text) {
        if (ws.readyState === WebSocket.OPEN) ws.send(text);
      },
      close() {
        done = true;
        if (ws.readyState === WebSocket.OPEN) ws.close(1000);
        else ws.terminate();
      },
    };
  },
};
