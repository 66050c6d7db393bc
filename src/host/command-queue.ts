/**
 * One socket's incoming commands, taken in turns. All sockets share one event loop,
 * and `ws` hands over every frame of a read at once: 300 `subscribe` frames sent
 * together would run back to back while another tab's `getStatus` waited behind all of
 * them. Here a socket starts at most `perTurn` commands per turn of the event loop (the
 * next turn comes after the loop has read the other sockets), has at most `maxPending`
 * in progress (answers awaited from the service count), and is not read further while
 * `maxQueued` wait — its flood waits in its own TCP window, not in the host's memory.
 */

/** One command as it arrived: its frame id, name and arguments (still untrusted). */
export interface QueuedCommand {
  id: number;
  name: unknown;
  args: unknown;
}

export interface CommandQueueOptions {
  /** Runs one command and sends its answer; must not reject. */
  run(command: QueuedCommand): Promise<void>;
  /** Stop and restart reading the socket. */
  pause(): void;
  resume(): void;
  /** Commands in progress at once. */
  maxPending: number;
  /** Commands started per turn of the event loop. */
  perTurn: number;
  /** Commands waiting past which the socket is not read. */
  maxQueued: number;
  /** Runs `fn` on the next turn (default `setImmediate`: after the loop's I/O). */
  nextTurn?: (fn: () => void) => void;
}

export class CommandQueue {
  readonly #options: CommandQueueOptions;
  readonly #waiting: QueuedCommand[] = [];
  #pending = 0;
  #startedThisTurn = 0;
  #paused = false;
  #closed = false;
  /** Most commands in progress at once (tests, diagnostics). */
  maxPending = 0;

  constructor(options: CommandQueueOptions) {
    this.#options = options;
  }

  /** A command arrived. */
  push(command: QueuedCommand): void {
    if (this.#closed) return;
    this.#waiting.push(command);
    if (this.#waiting.length >= this.#options.maxQueued && !this.#paused) {
      this.#paused = true;
      this.#options.pause();
    }
    this.#pump();
  }

  /** The socket closed: what waits is dropped (nobody would read the answers). */
  close(): void {
    this.#closed = true;
    this.#waiting.length = 0;
  }

  /** Commands in progress now. */
  get pending(): number {
    return this.#pending;
  }

  #pump(): void {
    const { maxPending, perTurn, maxQueued } = this.#options;
    while (
      !this.#closed &&
      this.#waiting.length > 0 &&
      this.#pending < maxPending &&
      this.#startedThisTurn < perTurn
    ) {
      this.#start(this.#waiting.shift()!);
    }
    if (this.#paused && this.#waiting.length < maxQueued / 2) {
      this.#paused = false;
      this.#options.resume();
    }
  }

  #start(command: QueuedCommand): void {
    if (this.#startedThisTurn++ === 0) {
      // The first command of a turn books the next turn, which lifts the per-turn count.
      (this.#options.nextTurn ?? setImmediate)(() => {
        this.#startedThisTurn = 0;
        this.#pump();
      });
    }
    this.#pending++;
    this.maxPending = Math.max(this.maxPending, this.#pending);
    void this.#options.run(command).finally(() => {
      this.#pending--;
      this.#pump();
    });
  }
}
