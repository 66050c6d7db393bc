/**
 * The turns of the event loop, shared by every socket's command queue: at most
 * `perTurn` commands start per turn, all sockets together, and sockets that have
 * commands waiting are served round-robin, one command each per pass.
 *
 * A budget per socket alone did not keep the host responsive: sixteen sockets each
 * starting four `subscribe`s of 500 codes a turn made every turn 64 subscriptions long
 * (their first paints and the stream's re-ranking followed in the next timers phase),
 * and another tab's `getStatus` waited behind several such turns (p95 987 ms in the
 * socket-flood bench). With one budget for the host, a turn's work is bounded however
 * many sockets flood, and a tab that sends one command waits behind at most one
 * command of each other socket.
 */

/** A socket's queue as the turns see it. */
export interface TurnTaker {
  /**
   * Starts its next command (already counted in the turn's budget; a queue that waits
   * has one it may start). `more`: it has another it may start this turn; `later`: one
   * it may start next turn (its own share of this turn is spent); `none`: nothing it can
   * start now (it offers itself again when it can).
   */
  startNext(): 'more' | 'later' | 'none';
}

export interface CommandTurnsOptions {
  /** Commands started per turn, all queues together. */
  perTurn: number;
  /** Runs `fn` on the next turn (default `setImmediate`: after the loop's I/O). */
  nextTurn?: (fn: () => void) => void;
}

export class CommandTurns {
  readonly #perTurn: number;
  readonly #nextTurn: (fn: () => void) => void;
  /** Queues that wait for a turn, longest waiting first (a Set keeps insertion order). */
  readonly #ready = new Set<TurnTaker>();
  /** Queues whose own share of this turn is spent: they wait from the next turn on. */
  #later: TurnTaker[] = [];
  #started = 0;
  #booked = false;
  /** Turns begun; a queue's own count of a turn starts over when it changes. */
  turn = 0;
  /** Most commands started in one turn (tests, diagnostics). */
  maxPerTurn = 0;

  constructor(options: CommandTurnsOptions) {
    this.#perTurn = options.perTurn;
    this.#nextTurn = options.nextTurn ?? setImmediate;
  }

  /** Counts one command started now, if this turn's budget allows it. */
  take(): boolean {
    if (this.#started >= this.#perTurn) return false;
    this.#count();
    this.#book();
    return true;
  }

  /** `queue` has a command it may not start now: it is served in turn, from the next turn on. */
  wait(queue: TurnTaker): void {
    this.#ready.add(queue);
    this.#book();
  }

  /** Whether `queue` waits for a turn (what it sends meanwhile waits behind the others). */
  waiting(queue: TurnTaker): boolean {
    return this.#ready.has(queue) || this.#later.includes(queue);
  }

  /** `queue` closed. */
  forget(queue: TurnTaker): void {
    this.#ready.delete(queue);
    this.#later = this.#later.filter((q) => q !== queue);
  }

  #count(): void {
    this.maxPerTurn = Math.max(this.maxPerTurn, ++this.#started);
  }

  #book(): void {
    if (this.#booked) return;
    this.#booked = true;
    this.#nextTurn(() => this.#begin());
  }

  #begin(): void {
    this.#booked = false;
    this.turn++;
    this.#started = 0;
    for (const queue of this.#later) this.#ready.add(queue);
    this.#later = [];
    while (this.#started < this.#perTurn && this.#ready.size > 0) {
      const queue = this.#ready.values().next().value!;
      this.#ready.delete(queue);
      this.#count();
      const next = queue.startNext();
      if (next === 'more') this.#ready.add(queue);
      else if (next === 'later') this.#later.push(queue);
    }
    if (this.#ready.size > 0 || this.#later.length > 0) this.#book();
  }
}
