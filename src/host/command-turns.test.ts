/**
 * The host's sockets share one budget of commands per turn, served round-robin: a
 * flooding socket cannot take a turn for itself, and a tab asking once is served in
 * the next turn whatever the others have queued.
 */
import { describe, expect, it } from 'vitest';
import { CommandQueue, type QueuedCommand } from './command-queue';
import { CommandTurns } from './command-turns';

function setup(perTurn: number) {
  const booked: (() => void)[] = [];
  const turns = new CommandTurns({ perTurn, nextTurn: (fn) => booked.push(fn) });
  const started: string[] = [];
  const queue = (name: string, perSocket = 4) =>
    new CommandQueue({
      run: (c: QueuedCommand) => {
        started.push(`${name}${c.id}`);
        // Never answered here: only starting is looked at.
        return new Promise<void>(() => undefined);
      },
      pause: () => undefined,
      resume: () => undefined,
      maxPending: 100,
      perTurn: perSocket,
      maxQueued: 100,
      turns,
    });
  /** The event loop's next turn: runs what was booked. */
  const nextTurn = () => booked.splice(0).forEach((fn) => fn());
  return { queue, started, nextTurn };
}

const cmd = (id: number): QueuedCommand => ({ id, name: 'subscribe', args: {} });

describe('CommandTurns', () => {
  it('starts at most its budget a turn over every socket, one of each waiting socket in turn', () => {
    const { queue, started, nextTurn } = setup(4);
    const floods = ['a', 'b', 'c'].map((name) => queue(name));
    // Each socket's read hands over 10 commands: the turn's budget goes to the first.
    for (const q of floods) for (let id = 1; id <= 10; id++) q.push(cmd(id));
    expect(started).toEqual(['a1', 'a2', 'a3', 'a4']);
    const other = queue('other');
    other.push(cmd(1));
    expect(started).toHaveLength(4);
    nextTurn();
    // Round-robin in the order they began to wait: the other tab is served this turn.
    expect(started.slice(4)).toEqual(['a5', 'b1', 'c1', 'other1']);
    nextTurn();
    expect(started.slice(8)).toEqual(['a6', 'b2', 'c2', 'a7']);
  });

  it('keeps each socket to its own share of a turn', () => {
    const { queue, started, nextTurn } = setup(100);
    const a = queue('a', 2);
    for (let id = 1; id <= 5; id++) a.push(cmd(id));
    expect(started).toEqual(['a1', 'a2']);
    nextTurn();
    expect(started).toEqual(['a1', 'a2', 'a3', 'a4']);
    nextTurn();
    expect(started).toEqual(['a1', 'a2', 'a3', 'a4', 'a5']);
  });

  it('forgets a closed socket', () => {
    const { queue, started, nextTurn } = setup(1);
    const a = queue('a');
    const b = queue('b');
    for (let id = 1; id <= 3; id++) a.push(cmd(id));
    b.push(cmd(1));
    a.close();
    nextTurn();
    nextTurn();
    expect(started).toEqual(['a1', 'b1']);
  });
});
