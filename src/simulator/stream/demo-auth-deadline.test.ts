/**
 * The demo stream closes a connection that has not authenticated within
 * `AUTH_DEADLINE_MS` (finding 8 of the second audit: idle unauthenticated connections
 * were held for ever). The deadline runs on the stream's injected timers, a step clock
 * here: the test moves it past 5 s instead of waiting.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { demoSimulatorOptions } from '../demo';
import { startSimulator, type SimulatorHandle } from '../server';
import { AUTH_DEADLINE_MS } from './stream-server';
import { ManualTimers } from '../../shared/testing/manual-timers';

const TOKEN = 'the-launch-token';
let clock: ManualTimers;
let sim: SimulatorHandle;
const sockets: WebSocket[] = [];
beforeEach(async () => {
  clock = new ManualTimers();
  sim = await startSimulator({
    ...demoSimulatorOptions(clock.now, 1),
    token: TOKEN,
    guarded: true,
    timers: clock,
  });
});
afterEach(async () => {
  for (const s of sockets.splice(0)) s.terminate();
  await sim.close();
});

interface Opened {
  socket: WebSocket;
  frames: { resAc?: string; msg?: string }[];
  closed: { code: number; reason: string } | null;
}

/** A stream socket (with the token header or not), once the server has greeted it. */
async function connect(token?: string, path = '/stock'): Promise<Opened> {
  const socket = new WebSocket(`${sim.url.replace(/^http/, 'ws')}${path}`, {
    headers: token === undefined ? {} : { token },
  });
  sockets.push(socket);
  const opened: Opened = { socket, frames: [], closed: null };
  socket.on('message', (data: Buffer) => opened.frames.push(JSON.parse(data.toString())));
  socket.on('close', (code, reason) => (opened.closed = { code, reason: reason.toString() }));
  await until(() => opened.frames.length > 0);
  return opened;
}

async function until(test: () => boolean): Promise<void> {
  for (let i = 0; i < 1_000 && !test(); i++) await new Promise((r) => setTimeout(r, 5));
  if (!test()) throw new Error('the socket never got there');
}

describe('the demo stream’s authentication deadline', () => {
  it(`closes a connection still unauthenticated ${AUTH_DEADLINE_MS} ms after it opened`, async () => {
    const idle = await connect();
    clock.step(AUTH_DEADLINE_MS - 1);
    // A round trip: the server has read everything sent before and still holds it.
    idle.socket.send(JSON.stringify({ ac: 'ping', params: 'still here' }));
    await until(() => idle.frames.some((f) => f.resAc === 'pong'));
    expect(idle.closed).toBeNull();
    clock.step(1);
    await until(() => idle.closed !== null);
    expect(idle.closed).toEqual({ code: 4001, reason: 'not authenticated in time' });
  });

  it('keeps a connection that authenticated in time, by header or by message', async () => {
    // Two endpoints: a second connection of one token to one endpoint replaces the first.
    const byHeader = await connect(TOKEN, '/stock');
    const byMessage = await connect(undefined, '/crypto');
    byMessage.socket.send(JSON.stringify({ ac: 'auth', params: TOKEN }));
    await until(() => byMessage.frames.some((f) => f.resAc === 'auth'));
    clock.step(AUTH_DEADLINE_MS * 3);
    for (const kept of [byHeader, byMessage]) {
      kept.socket.send(JSON.stringify({ ac: 'ping', params: 'after' }));
      await until(() => kept.frames.some((f) => f.resAc === 'pong'));
      expect(kept.closed).toBeNull();
    }
  });
});
