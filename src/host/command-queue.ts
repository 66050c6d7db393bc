/**
 * One socket's incoming commands, taken in turns. All sockets share one event loop,
 * and `ws` hands over every frame of a read at once: 300 `subscribe` frames sent
 * together would run back to back while another tab's `getStatus` waited behind all of
 * them. Here a socket starts at most `perTurn` commands per turn of the event loop, and
 * the host's sockets share one budget of commands per turn, served round-robin
 * (command-turns.ts); it has at most `maxPending` in progress (answers awaited from the
 * service count), and is not read further while `maxQueued` wait — its flood waits in
 * its own TCP window, not in the host's memory.
 */
import { CommandTurns, type TurnTaker } from './command-turns';

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
  /** Commands of this socket started per turn of the event loop. */
  perTurn: number;
  /** Commands waiting past which the socket is not read. */
  maxQueued: number;
  /**
   * The turns this queue shares with the host's other sockets (command-turns.ts);
   * default its own, with no budget beyond `perTurn`.
   */
  turns?: CommandTurns;
  /** Runs `fn` on the next turn of its own turns (default `setImmediate`). */
  nextTurn?: (fn: () => void) => void;
}

export class CommandQueue implements TurnTaker {
  readonly #options: CommandQueueOptions;
  readonly #turns: CommandTurns;
  readonly #waiting: QueuedCommand[] = [];
  #pending = 0;
  /** Commands started in turn `#turn`. */
  #startedThisTurn = 0;
  #turn = -1;
  #paused = false;
  #closed = false;
  /** Most commands in progress at once (tests, diagnostics). */
  maxPending = 0;

  constructor(options: CommandQueueOptions) {
    this.#options = options;
    this.#turns =
      options.turns ??
      new CommandTurns({
        perTurn: Number.POSITIVE_INFINITY,
        ...(options.nextTurn ? { nextTurn: options.nextTurn } : {}),
      });
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
    this.#turns.forget(this);
  }

  /** Commands in progress now. */
  get pending(): number {
    return this.#pending;
  }

  /** See `TurnTaker`: the turns serve this queue. */
  startNext(): 'more' | 'later' | 'none' {
    if (!this.#runnable()) return 'none';
    this.#count();
    this.#start(this.#waiting.shift()!);
    this.#readAgain();
    if (!this.#runnable()) return 'none';
    return this.#startedThisTurn < this.#options.perTurn ? 'more' : 'later';
  }

  #runnable(): boolean {
    return !this.#closed && this.#waiting.length > 0 && this.#pending < this.#options.maxPending;
  }

  /** Counts a start in the current turn (the count starts over with each turn). */
  #count(): void {
    if (this.#turn !== this.#turns.turn) {
      this.#turn = this.#turns.turn;
      this.#startedThisTurn = 0;
    }
    this.#startedThisTurn++;
  }

  #pump(): void {
    // Waiting for a turn: its commands are started in turn with the other sockets'.
    if (this.#turns.waiting(this)) return;
    while (this.#runnable()) {
      const spent =
        this.#turn === this.#turns.turn && this.#startedThisTurn >= this.#options.perTurn;
      if (spent || !this.#turns.take()) {
        this.#turns.wait(this);
        break;
      }
      this.#count();
      this.#start(this.#waiting.shift()!);
    }
    this.#readAgain();
  }

  #readAgain(): void {
    if (this.#paused && this.#waiting.length < this.#options.maxQueued / 2) {
      this.#paused = false;
      this.#options.resume();
    }
  }

  #start(command: QueuedCommand): void {
    this.#pending++;
    this.maxPending = Math.max(this.maxPending, this.#pending);
    void this.#options.run(command).finally(() => {
      this.#pending--;
      this.#pump();
    });
  }
}
