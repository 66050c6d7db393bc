/**
 * The outbox over a scripted socket whose buffer fills and drains when the test says
 * and manual time: a client that keeps up gets everything at once; a slow one gets
 * merged events, answers never dropped; a stuck one is closed with a reason and its
 * socket destroyed; bounds held whatever is pushed.
 */
import { describe, expect, it } from 'vitest';
import type { BridgeEventMessage } from '../shared/bridge';
import type { Quote } from '../shared/model';
import { ManualTimers } from '../shared/testing/manual-timers';
import { SLOW_CLIENT_CLOSE_CODE, SocketOutbox, type OutboxSocket } from './ws-outbox';

/** A socket whose written frames wait until `drain` (the peer reading) takes them. */
class ScriptedSocket implements OutboxSocket {
  readonly OPEN = 1;
  readyState = 1;
  bufferedAmount = 0;
  /** Frames the peer read, parsed. */
  readonly read: { id?: number; event?: BridgeEventMessage }[] = [];
  readonly #waiting: { frame: string; cb?: (error?: Error) => void }[] = [];
  closed: { code: number; reason: string } | null = null;
  terminated = false;

  send(frame: string, cb?: (error?: Error) => void): void {
    this.bufferedAmount += frame.length;
    this.#waiting.push({ frame, ...(cb ? { cb } : {}) });
  }

  /** The peer reads up to `frames` frames (all by default). */
  drain(frames = Infinity): void {
    for (let i = 0; i < frames && this.#waiting.length > 0; i++) {
      const { frame, cb } = this.#waiting.shift()!;
      this.bufferedAmount -= frame.length;
      this.read.push(JSON.parse(frame) as { id?: number; event?: BridgeEventMessage });
      cb?.();
    }
  }

  close(code: number, reason: string): void {
    this.closed = { code, reason };
    this.readyState = 2;
  }

  terminate(): void {
    this.terminated = true;
    this.readyState = 3;
  }
}

const LIMITS = {
  highWaterBytes: 1_000,
  lowWaterBytes: 300,
  maxBufferedBytes: 5_000,
  stallMs: 10_000,
  closeGraceMs: 500,
};

const quotes = (sub: string, code: string, last: number): BridgeEventMessage => ({
  event: 'quotes',
  payload: { subscriptionId: sub, quotes: { [code]: { symbol: code, last } as unknown as Quote } },
});

function setup() {
  const socket = new ScriptedSocket();
  const clock = new ManualTimers(0);
  const closedFor: string[] = [];
  const outbox = new SocketOutbox(socket, {
    limits: LIMITS,
    timers: clock,
    onClose: (r) => closedFor.push(r),
  });
  return { socket, clock, outbox, closedFor };
}

describe('SocketOutbox', () => {
  it('sends everything at once while the client keeps up', () => {
    const { socket, outbox } = setup();
    for (let i = 0; i < 100; i++) {
      outbox.event(quotes('s1', 'AAPL', i));
      socket.drain();
    }
    outbox.reply(1, { ok: true, value: 'x' });
    socket.drain();
    expect(socket.read).toHaveLength(101);
    expect(outbox.stats).toMatchObject({ sent: 101, merged: 0, maxHeld: 0 });
  });

  it('holds market events past the high-water mark, merges them per subscription, and sends them once drained', () => {
    const { socket, outbox } = setup();
    // The client stops reading: frames pile up to the high-water mark…
    let i = 0;
    while (socket.bufferedAmount < LIMITS.highWaterBytes) outbox.event(quotes('s1', 'AAPL', i++));
    const sentBefore = outbox.stats.sent;
    // …then 10,000 more events for two subscriptions and three codes are merged, not queued.
    for (let k = 0; k < 10_000; k++) {
      outbox.event(quotes('s1', k % 2 ? 'AAPL' : 'MSFT', 1000 + k));
      outbox.event(quotes('s2', 'NVDA', 5000 + k));
    }
    expect(outbox.stats).toMatchObject({ sent: sentBefore, held: 2, maxHeld: 2, merged: 19_998 });
    expect(socket.bufferedAmount).toBeLessThan(LIMITS.highWaterBytes + 200);

    // Answers go through at once even now: they are never held or merged.
    outbox.reply(7, { ok: true, value: null });
    expect(outbox.stats.sent).toBe(sentBefore + 1);

    // The client reads again: the held events follow, newest values, every code.
    socket.drain();
    socket.drain();
    const tail = socket.read
      .slice(-2)
      .map(
        (f) =>
          f.event!.payload as { subscriptionId: string; quotes: Record<string, { last: number }> },
      );
    expect(tail.map((p) => p.subscriptionId)).toEqual(['s1', 's2']);
    expect(tail[0]!.quotes.AAPL!.last).toBe(1000 + 9_999);
    expect(tail[0]!.quotes.MSFT!.last).toBe(1000 + 9_998);
    expect(tail[1]!.quotes.NVDA!.last).toBe(5000 + 9_999);
    expect(outbox.stats.held).toBe(0);
    expect(socket.read.some((f) => f.id === 7)).toBe(true);
  });

  it('closes a client that reads nothing for the stall limit, with the reason, and destroys it', () => {
    const { socket, clock, outbox, closedFor } = setup();
    while (socket.bufferedAmount < LIMITS.highWaterBytes) outbox.event(quotes('s1', 'AAPL', 1));
    outbox.event(quotes('s1', 'AAPL', 2));
    clock.step(LIMITS.stallMs - 1);
    expect(socket.closed).toBeNull();
    clock.step(1);
    expect(socket.closed).toEqual({
      code: SLOW_CLIENT_CLOSE_CODE,
      reason: 'too slow: the client read nothing for 10 s',
    });
    expect(closedFor).toEqual(['too slow: the client read nothing for 10 s']);
    expect(outbox.stats).toMatchObject({
      held: 0,
      closedBecause: expect.stringMatching(/^too slow/),
    });
    expect(socket.terminated).toBe(false);
    clock.step(LIMITS.closeGraceMs);
    expect(socket.terminated).toBe(true);
    // Nothing more is sent or held.
    outbox.event(quotes('s1', 'AAPL', 3));
    expect(outbox.stats.held).toBe(0);
  });

  it('keeps a slow client that is still reading', () => {
    const { socket, clock, outbox } = setup();
    // Answers past the high-water mark, then one frame read every 5 s: slow, but moving.
    for (let k = 0; k < 20; k++) outbox.reply(k, { ok: true, value: 'z'.repeat(100) });
    expect(socket.bufferedAmount).toBeGreaterThan(LIMITS.highWaterBytes);
    for (let t = 0; t < 60; t++) {
      outbox.event(quotes('s1', 'AAPL', t));
      clock.step(5_000);
      socket.drain(1);
    }
    expect(socket.closed).toBeNull();
    socket.drain();
    expect(socket.read.at(-1)?.event?.payload).toMatchObject({ quotes: { AAPL: { last: 59 } } });
  });

  it('closes at once a client that asks and never reads past the buffer limit', () => {
    const { socket, outbox, closedFor } = setup();
    let n = 0;
    while (socket.closed === null && n < 10_000)
      outbox.reply(n++, { ok: true, value: 'y'.repeat(100) });
    expect(closedFor).toEqual(['too slow: the client left over 5 KiB of answers unread']);
    expect(outbox.stats.maxBuffered).toBeLessThan(LIMITS.maxBufferedBytes + 200);
  });
});
