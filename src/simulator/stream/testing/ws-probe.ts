/**
 * A raw WebSocket client for the stream's tests: sends what it is told and keeps every
 * frame, parsed. `next` waits for the next frame (matching a predicate) on real
 * loopback I/O; its time limit only turns a hang into a failure.
 */
import { WebSocket } from 'ws';

/** A received frame: its JSON value, or its text when it is not JSON. */
export type Frame = Record<string, unknown> | string;

function isPong(frame: Frame, value: string): boolean {
  if (typeof frame === 'string' || frame.resAc !== 'pong') return false;
  return (frame.data as { params?: unknown } | undefined)?.params === value;
}

export class WsProbe {
  readonly frames: Frame[] = [];
  readonly closed: Promise<{ code: number; reason: string }>;
  readonly #ws: WebSocket;
  #read = 0;
  #barriers = 0;
  #wake: (() => void) | null = null;

  private constructor(ws: WebSocket) {
    this.#ws = ws;
    ws.on('message', (data) => {
      const text = data.toString();
      let frame: Frame;
      try {
        frame = JSON.parse(text) as Frame;
      } catch {
        frame = text;
      }
      this.frames.push(frame);
      this.#wake?.();
    });
    this.closed = new Promise((resolve) =>
      ws.on('close', (code, reason) => {
        resolve({ code, reason: reason.toString() });
        this.#wake?.();
      }),
    );
  }

  /** Opens `url` (e.g. `ws://127.0.0.1:PORT/stock`), with a `token` header when given. */
  static open(url: string, token?: string): Promise<WsProbe> {
    const ws = new WebSocket(url, token === undefined ? {} : { headers: { token } });
    const probe = new WsProbe(ws);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(probe));
      ws.once('unexpected-response', (_req, res) =>
        reject(new Error(`upgrade refused: ${res.statusCode}`)),
      );
      ws.once('error', reject);
    });
  }

  /** Opens `url` and reads its `Connected Successfully`. */
  static async connect(url: string, token?: string): Promise<WsProbe> {
    const probe = await WsProbe.open(url, token);
    await probe.next();
    return probe;
  }

  get isOpen(): boolean {
    return this.#ws.readyState === WebSocket.OPEN;
  }

  send(message: object | string): void {
    this.#ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  sendBinary(bytes: Uint8Array): void {
    this.#ws.send(bytes, { binary: true });
  }

  /** The next unread frame that `match` accepts (frames before it are passed over). */
  async next(match: (frame: Frame) => boolean = () => true, timeoutMs = 10_000): Promise<Frame> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      while (this.#read < this.frames.length) {
        const frame = this.frames[this.#read++]!;
        if (match(frame)) return frame;
      }
      if (this.#ws.readyState === WebSocket.CLOSED) throw new Error('closed while waiting');
      const left = deadline - Date.now();
      if (left <= 0)
        throw new Error(`no frame within ${timeoutMs} ms: ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.#wake = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      this.#wake = null;
    }
  }

  /** Frames received and not yet read by `next`. */
  unread(): Frame[] {
    return this.frames.slice(this.#read);
  }

  /**
   * Sends a ping and waits for its pong: the server answers in order, so every frame it
   * sent before reading the ping has arrived. Returns the unread frames before the pong.
   */
  async barrier(): Promise<Frame[]> {
    const value = `barrier-${++this.#barriers}`;
    this.send({ ac: 'ping', params: value });
    const before: Frame[] = [];
    await this.next((frame) => {
      const pong = isPong(frame, value);
      if (!pong) before.push(frame);
      return pong;
    });
    return before;
  }

  close(): void {
    this.#ws.close();
  }
}
