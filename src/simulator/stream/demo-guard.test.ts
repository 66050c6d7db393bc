/**
 * The app's demo service answers only the app that started it (finding 8 of the second
 * audit: no Origin or Host check, a public token, a second connection replacing the
 * app's own, and 1,000 idle unauthenticated connections accepted).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { DEMO_TOKEN, startDemoService, type DemoServiceHandle } from '../demo';
import { MAX_UNAUTHENTICATED } from './stream-server';

let demo: DemoServiceHandle;
const sockets: WebSocket[] = [];
beforeEach(async () => {
  demo = await startDemoService(Date.now);
});
afterEach(async () => {
  for (const s of sockets.splice(0)) s.terminate();
  await demo.close();
});

const streamUrl = () => `${demo.baseUrl.replace(/^http/, 'ws')}/stock`;

/** Opens a stream socket: its first frames, or the HTTP status it was refused with. */
function connect(
  options: { token?: string; origin?: string; host?: string } = {},
): Promise<{ socket: WebSocket; frames: unknown[] } | number> {
  const headers: Record<string, string> = {};
  if (options.token !== undefined) headers.token = options.token;
  if (options.host !== undefined) headers.host = options.host;
  const socket = new WebSocket(streamUrl(), {
    headers,
    ...(options.origin ? { origin: options.origin } : {}),
  });
  sockets.push(socket);
  socket.on('error', () => undefined); // a refused upgrade also reports an error
  const frames: unknown[] = [];
  socket.on('message', (data: Buffer) => frames.push(JSON.parse(data.toString())));
  return new Promise((resolve) => {
    socket.once('open', () => resolve({ socket, frames }));
    socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
  });
}

const until = async (test: () => boolean) => {
  for (let i = 0; i < 400 && !test(); i++) await new Promise((r) => setTimeout(r, 5));
};

describe('the demo service', () => {
  it('has a token of its own per launch, which REST and the stream require', async () => {
    const other = await startDemoService(Date.now);
    try {
      expect(demo.token).not.toBe(DEMO_TOKEN);
      expect(demo.token).not.toBe(other.token);
      expect(demo.token.length).toBeGreaterThanOrEqual(32);
    } finally {
      await other.close();
    }
    const ask = async (token: string) => {
      const res = await fetch(`${demo.baseUrl}/stock/depth?region=US&code=AAPL`, {
        headers: { token },
      });
      return { status: res.status, code: ((await res.json()) as { code: unknown }).code };
    };
    expect(await ask(demo.token)).toEqual({ status: 200, code: 0 });
    expect(await ask(DEMO_TOKEN)).not.toEqual({ status: 200, code: 0 });
  });

  it('refuses a browser page (any Origin) and a foreign Host, even with the token', async () => {
    expect(await connect({ token: demo.token, origin: 'http://evil.example' })).toBe(403);
    expect(await connect({ token: demo.token, host: 'rebound.example:80' })).toBe(403);
  });

  it('keeps the app’s connection when another offers the public demo token', async () => {
    const app = await connect({ token: demo.token });
    if (typeof app === 'number') throw new Error(`refused ${app}`);
    await until(() => app.frames.length >= 2);
    expect(app.frames[1]).toMatchObject({ resAc: 'auth', msg: 'authenticated' });
    const intruder = await connect({ token: DEMO_TOKEN });
    if (typeof intruder === 'number') throw new Error(`refused ${intruder}`);
    await until(() => intruder.socket.readyState === WebSocket.CLOSED);
    expect(intruder.socket.readyState).toBe(WebSocket.CLOSED);
    expect(app.socket.readyState).toBe(WebSocket.OPEN);
  });

  it(`holds at most ${MAX_UNAUTHENTICATED} idle unauthenticated connections`, async () => {
    const opened: Awaited<ReturnType<typeof connect>>[] = [];
    for (let i = 0; i < MAX_UNAUTHENTICATED + 4; i++) opened.push(await connect());
    expect(opened.filter((o) => typeof o !== 'number')).toHaveLength(MAX_UNAUTHENTICATED);
    expect(opened.filter((o) => o === 503)).toHaveLength(4);
    // The app itself is still admitted once an idle one goes.
    (opened[0] as { socket: WebSocket }).socket.close();
    await until(() => (opened[0] as { socket: WebSocket }).socket.readyState === WebSocket.CLOSED);
    await new Promise((r) => setTimeout(r, 20));
    expect(typeof (await connect({ token: demo.token }))).not.toBe('number');
  });
});
