/**
 * A socket's commands in turns: a few started per turn of the event loop, a bounded
 * number in progress, the socket not read while too many wait — and every command
 * answered in the end, in order.
 */
import { describe, expect, it } from 'vitest';
import { CommandQueue, type QueuedCommand } from './command-queue';

function setup(limits = { maxPending: 4, perTurn: 2, maxQueued: 6 }) {
  const turns: (() => void)[] = [];
  const started: number[] = [];
  const finish = new Map<number, () => void>();
  const reading: boolean[] = [];
  const queue = new CommandQueue({
    ...limits,
    run: (c: QueuedCommand) => {
      started.push(c.id);
      return new Promise<void>((resolve) => finish.set(c.id, resolve));
    },
    pause: () => reading.push(false),
    resume: () => reading.push(true),
    nextTurn: (fn) => turns.push(fn),
  });
  /** Runs the turn booked last (as the event loop would, after reading the sockets). */
  const nextTurn = () => turns.shift()?.();
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return { queue, turns, started, finish, reading, nextTurn, settle };
}

const cmd = (id: number): QueuedCommand => ({ id, name: 'getStatus', args: {} });

describe('CommandQueue', () => {
  it('starts at most perTurn commands a turn, the rest on later turns, in order', async () => {
    const { queue, started, finish, nextTurn, settle } = setup({
      maxPending: 100,
      perTurn: 2,
      maxQueued: 100,
    });
    for (let id = 1; id <= 5; id++) queue.push(cmd(id));
    expect(started).toEqual([1, 2]);
    for (const done of finish.values()) done();
    await settle();
    expect(started).toEqual([1, 2]); // answered, but this turn's share is spent
    nextTurn();
    expect(started).toEqual([1, 2, 3, 4]);
    nextTurn();
    expect(started).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps at most maxPending in progress and stops reading while maxQueued wait', async () => {
    const { queue, started, finish, reading, nextTurn, settle } = setup({
      maxPending: 4,
      perTurn: 100,
      maxQueued: 6,
    });
    for (let id = 1; id <= 12; id++) queue.push(cmd(id));
    expect(started).toEqual([1, 2, 3, 4]);
    expect(queue.pending).toBe(4);
    // 8 wait: past maxQueued, the socket is paused (once).
    expect(reading).toEqual([false]);
    let answered = 0;
    while (answered < 12) {
      for (const [id, done] of finish) {
        finish.delete(id);
        done();
        answered++;
      }
      await settle();
      nextTurn();
    }
    expect(started).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(queue.maxPending).toBe(4);
    // Read again once fewer than half of maxQueued waited.
    expect(reading).toEqual([false, true]);
  });

  it('drops what waits when the socket closes', async () => {
    const { queue, started, finish, nextTurn, settle } = setup();
    for (let id = 1; id <= 5; id++) queue.push(cmd(id));
    queue.close();
    for (const done of finish.values()) done();
    await settle();
    nextTurn();
    queue.push(cmd(6));
    expect(started).toEqual([1, 2]);
  });
});
