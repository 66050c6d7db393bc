/**
 * One WebSocket client's outgoing queue, bounded. `ws` buffers whatever is sent to a
 * socket the peer does not read — without limit: a tab that stopped reading once made
 * the host hold 2.9 GB. The outbox watches the socket's `bufferedAmount`:
 *
 * - While the client keeps up (below `highWaterBytes`), everything is sent at once.
 * - Past it, market events are held instead, one slot per subscription and event kind
 *   (see coalesce.ts): a newer event merges into the held one and the superseded data
 *   is dropped, so a slow client gets the newest state, not a backlog. Held events go
 *   out, oldest slot first, once the socket drains below `lowWaterBytes`.
 * - Command answers and history pages answered to a request are never dropped or
 *   merged; they are what a client asked for, bounded by how much it asks. A client
 *   that asks and never reads passes `maxBufferedBytes` and is closed at once.
 * - A client that makes no progress (not one frame written) for `stallMs` while over the
 *   high-water mark is closed, with the reason in the close frame; the renderer
 *   reconnects and subscribes again. The socket is destroyed `closeGraceMs` later if
 *   the close handshake cannot get through, so nothing of it stays in memory.
 */
import type { BridgeEventMessage, BridgeResponse } from '../shared/bridge';
import { encodeFrame } from '../shared/host-wire';
import { coalesceSlot, mergeEvents } from './coalesce';

/** The bounds of one client's outgoing queue. */
export interface OutboxLimits {
  /** Bytes waiting in the socket past which market events are held and merged. */
  highWaterBytes: number;
  /** Held events are sent again once fewer bytes than this wait. */
  lowWaterBytes: number;
  /** Bytes waiting past which the client is closed at once (it asks and never reads). */
  maxBufferedBytes: number;
  /** A client over the high-water mark that writes nothing for this long is closed. */
  stallMs: number;
  /** After closing, the socket is destroyed this much later if it is still open. */
  closeGraceMs: number;
}

/**
 * The defaults: a slow tab keeps 1 MiB in flight and the newest state held; a stuck one
 * costs at most 16 MiB of buffered frames plus one held event per subscription and kind,
 * and is let go after 15 s without progress (far below the 100 MB a 30 s stall may cost).
 */
export const DEFAULT_OUTBOX_LIMITS: OutboxLimits = {
  highWaterBytes: 1024 * 1024,
  lowWaterBytes: 256 * 1024,
  maxBufferedBytes: 16 * 1024 * 1024,
  stallMs: 15_000,
  closeGraceMs: 1_000,
};

/** WebSocket close code for a client closed for not reading (1008: policy violation). */
export const SLOW_CLIENT_CLOSE_CODE = 1008;

/** The part of a `ws` WebSocket the outbox uses. */
export interface OutboxSocket {
  readonly bufferedAmount: number;
  readonly readyState: number;
  readonly OPEN: number;
  send(data: string, cb?: (error?: Error) => void): void;
  close(code: number, reason: string): void;
  terminate(): void;
}

/** Timers as a dependency (tests drive their own). */
export interface OutboxTimers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
  now(): number;
}

const systemOutboxTimers: OutboxTimers = {
  setTimeout: (fn, ms) => {
    const t = setTimeout(fn, ms);
    t.unref?.();
    return t;
  },
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
  now: () => Date.now(),
};

/** What an outbox did, for tests, benchmarks and logs. */
export interface OutboxStats {
  /** Frames handed to the socket. */
  sent: number;
  /** Events held for a slow client now (one per slot). */
  held: number;
  /** Most events held at once. */
  maxHeld: number;
  /** Events merged into a held one (superseded data dropped). */
  merged: number;
  /** Most bytes seen waiting in the socket right after a send. */
  maxBuffered: number;
  /** Why the outbox closed the client; null while it has not. */
  closedBecause: string | null;
}

export class SocketOutbox {
  readonly #socket: OutboxSocket;
  readonly #limits: OutboxLimits;
  readonly #timers: OutboxTimers;
  readonly #onClose: (reason: string) => void;
  /** Held events by slot, in the order their slots were first held. */
  readonly #held = new Map<string, BridgeEventMessage>();
  /** When a frame was last written to the socket (progress), or the outbox began. */
  #lastProgressAt: number;
  #stallTimer: unknown = null;
  #closed = false;
  readonly #stats: OutboxStats = {
    sent: 0,
    held: 0,
    maxHeld: 0,
    merged: 0,
    maxBuffered: 0,
    closedBecause: null,
  };

  constructor(
    socket: OutboxSocket,
    options: {
      limits?: Partial<OutboxLimits>;
      timers?: OutboxTimers;
      /** Told once when the outbox closes the client, with the reason. */
      onClose?: (reason: string) => void;
    } = {},
  ) {
    this.#socket = socket;
    this.#limits = { ...DEFAULT_OUTBOX_LIMITS, ...options.limits };
    this.#timers = options.timers ?? systemOutboxTimers;
    this.#onClose = options.onClose ?? (() => undefined);
    this.#lastProgressAt = this.#timers.now();
  }

  /** Sends a command's answer: never dropped, never merged. */
  reply(id: number, response: BridgeResponse<unknown>): void {
    this.#sendNow(encodeFrame({ id, response }));
  }

  /** Sends an event at once while the client keeps up; holds and merges it while it does not. */
  event(message: BridgeEventMessage): void {
    if (!this.#open()) return;
    const slot = coalesceSlot(message);
    if (slot === null) return this.#sendNow(encodeFrame({ event: message }));
    const held = this.#held.get(slot);
    if (held) {
      this.#held.set(slot, mergeEvents(held, message));
      this.#stats.merged++;
      return;
    }
    if (this.#held.size === 0 && this.#socket.bufferedAmount < this.#limits.highWaterBytes) {
      return this.#sendNow(encodeFrame({ event: message }));
    }
    // Behind: hold it (after the slots already held, so they keep their order).
    this.#held.set(slot, message);
    this.#stats.held = this.#held.size;
    this.#stats.maxHeld = Math.max(this.#stats.maxHeld, this.#held.size);
    this.#watchStall();
  }

  get stats(): OutboxStats {
    return { ...this.#stats };
  }

  /** The socket closed (either side): forget what is held, stop the timers. */
  dispose(): void {
    this.#closed = true;
    this.#held.clear();
    this.#stats.held = 0;
    this.#stopStallWatch();
  }

  #open(): boolean {
    return !this.#closed && this.#socket.readyState === this.#socket.OPEN;
  }

  #sendNow(frame: string): void {
    if (!this.#open()) return;
    this.#socket.send(frame, (error) => this.#written(error));
    this.#stats.sent++;
    const buffered = this.#socket.bufferedAmount;
    this.#stats.maxBuffered = Math.max(this.#stats.maxBuffered, buffered);
    if (buffered > this.#limits.maxBufferedBytes) {
      const limit = formatBytes(this.#limits.maxBufferedBytes);
      this.#closeSlow(`the client left over ${limit} of answers unread`);
    } else if (buffered >= this.#limits.highWaterBytes) {
      this.#watchStall();
    }
  }

  /** A frame reached the OS (the peer is reading): send held events once below low water. */
  #written(error: Error | undefined): void {
    if (error || !this.#open()) return;
    this.#lastProgressAt = this.#timers.now();
    if (this.#socket.bufferedAmount < this.#limits.lowWaterBytes) this.#flush();
  }

  #flush(): void {
    for (const [slot, message] of this.#held) {
      if (!this.#open() || this.#socket.bufferedAmount >= this.#limits.highWaterBytes) break;
      this.#held.delete(slot);
      this.#sendNow(encodeFrame({ event: message }));
    }
    this.#stats.held = this.#held.size;
    if (this.#held.size === 0 && this.#socket.bufferedAmount < this.#limits.highWaterBytes) {
      this.#stopStallWatch();
    }
  }

  /** Arms the stall check while the client is behind (idempotent). */
  #watchStall(delay = this.#limits.stallMs): void {
    if (this.#stallTimer !== null || this.#closed) return;
    this.#stallTimer = this.#timers.setTimeout(() => this.#checkStall(), delay);
  }

  #stopStallWatch(): void {
    if (this.#stallTimer === null) return;
    this.#timers.clearTimeout(this.#stallTimer);
    this.#stallTimer = null;
  }

  #checkStall(): void {
    this.#stallTimer = null;
    if (!this.#open()) return;
    // Drained without a write callback telling (cannot happen with `ws`, but cheap).
    if (this.#socket.bufferedAmount < this.#limits.lowWaterBytes) this.#flush();
    const behind =
      this.#held.size > 0 || this.#socket.bufferedAmount >= this.#limits.highWaterBytes;
    if (!behind) return;
    const idle = this.#timers.now() - this.#lastProgressAt;
    if (idle >= this.#limits.stallMs) {
      return this.#closeSlow(`the client read nothing for ${formatSeconds(idle)}`);
    }
    // Slow but moving: look again when a whole quiet period would have passed.
    this.#watchStall(this.#limits.stallMs - idle);
  }

  #closeSlow(why: string): void {
    if (this.#closed) return;
    const reason = `too slow: ${why}`;
    this.#stats.closedBecause = reason;
    this.dispose();
    // The reason rides in the close frame (at most 123 bytes); a peer that reads again
    // sees it. One that does not cannot take the handshake: destroy the socket soon.
    this.#socket.close(SLOW_CLIENT_CLOSE_CODE, reason.slice(0, 123));
    this.#timers.setTimeout(() => this.#socket.terminate(), this.#limits.closeGraceMs);
    this.#onClose(reason);
  }
}

function formatBytes(n: number): string {
  return n >= 1024 * 1024 ? `${Math.round(n / (1024 * 1024))} MiB` : `${Math.round(n / 1024)} KiB`;
}

function formatSeconds(ms: number): string {
  return ms < 10_000 ? `${(ms / 1000).toFixed(1)} s` : `${Math.round(ms / 1000)} s`;
}
