/**
 * Caps per window and per launch, over real sockets through the real host (demo
 * services). The second audit held 320 subscriptions and 160,000 codes with sixteen
 * sockets of one launch secret, because the caps were each socket's: now a window's
 * sockets share its caps, a launch serves a bounded number of windows and sockets, and
 * another tab is answered throughout. Counts, never times (`npm run bench -- flood`).
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import type { BridgeResponse } from '../shared/bridge';
import { MAX_CODES, MAX_CODES_PER_CLIENT } from '../core/bridge/schemas';
import { startDemoHost, type DemoHost } from './testing/demo-host';
import { MAX_SOCKETS_PER_LAUNCH, MAX_WINDOWS_PER_LAUNCH } from './ws-bridge';

let demo: DemoHost;
beforeAll(async () => {
  demo = await startDemoHost('marketdesk-windows-');
});
afterAll(() => demo.close());

/** A socket of window `name` (none: a page that names no window), or the status the host refused it with. */
const open = (name?: string): Promise<WebSocket | number> => demo.open(name);

/** Sends `count` subscribes of 500 fresh codes each; answers the responses. */
async function flood(
  socket: WebSocket,
  tag: string,
  count: number,
): Promise<BridgeResponse<unknown>[]> {
  const answers: BridgeResponse<unknown>[] = [];
  socket.on('message', (data: Buffer) => {
    const frame = JSON.parse(data.toString()) as { response?: BridgeResponse<unknown> };
    if (frame.response) answers.push(frame.response);
  });
  for (let i = 0; i < count; i++) {
    const codes = Array.from({ length: MAX_CODES }, (_, j) => `${tag}S${i}C${j}`);
    const spec = { kind: 'quotes', class: 'stock', region: 'US', exchange: '', codes };
    socket.send(JSON.stringify({ id: i, name: 'subscribe', args: { spec } }));
  }
  while (answers.length < count) await new Promise((resolve) => setTimeout(resolve, 10));
  return answers;
}

async function getStatus(socket: WebSocket): Promise<BridgeResponse<unknown>> {
  const id = Math.floor(Math.random() * 1e9);
  return new Promise((resolve) => {
    const listener = (data: Buffer) => {
      const frame = JSON.parse(data.toString()) as {
        id?: number;
        response?: BridgeResponse<unknown>;
      };
      if (frame.id !== id || !frame.response) return;
      socket.off('message', listener);
      resolve(frame.response);
    };
    socket.on('message', listener);
    socket.send(JSON.stringify({ id, name: 'getStatus', args: {} }));
  });
}

/** Until the host has heard every socket close (it does a moment after the page). */
async function released(): Promise<void> {
  await vi.waitFor(() => expect(demo.host.bridge.clientCount).toBe(0), { timeout: 5_000 });
}

const PER_WINDOW = MAX_CODES_PER_CLIENT / MAX_CODES; // 500-code subscriptions a window holds

async function closeAll(sockets: WebSocket[]): Promise<void> {
  await Promise.all(
    sockets.map((s) => new Promise((resolve) => (s.once('close', resolve), s.close()))),
  );
}

describe('sixteen sockets of one launch secret', () => {
  it('share one window’s caps when they name one window, and the rest are refused', async () => {
    const other = (await open('other-tab')) as WebSocket;
    const baseline = demo.host.services.hub.counts();
    const opened = await Promise.all(Array.from({ length: 16 }, () => open()));
    const sockets = opened.filter((s): s is WebSocket => typeof s !== 'number');
    expect(sockets).toHaveLength(MAX_SOCKETS_PER_LAUNCH - 1);
    expect(opened.filter((s) => s === 429)).toHaveLength(16 - sockets.length);
    const answers = (
      await Promise.all(sockets.map((s, i) => flood(s, `M${i}`, PER_WINDOW)))
    ).flat();
    // Before: each socket held its own 20 × 500 codes (220 subscriptions here).
    expect(answers.filter((r) => r.ok)).toHaveLength(PER_WINDOW);
    expect(demo.host.services.hub.counts().codes).toBe(baseline.codes + MAX_CODES_PER_CLIENT);
    expect(await getStatus(other)).toMatchObject({ ok: true });
    await closeAll(sockets);
    // The host hears a close a moment after the page does: its subscriptions go then.
    await vi.waitFor(() => expect(demo.host.services.hub.counts()).toEqual(baseline), {
      timeout: 5_000,
    });
    await closeAll([other]);
    await released();
  }, 60_000);

  it('earn no more than the windows one launch serves when each names a new one', async () => {
    const other = (await open()) as WebSocket;
    const opened = await Promise.all(Array.from({ length: 16 }, (_, i) => open(`w${i}`)));
    const sockets = opened.filter((s): s is WebSocket => typeof s !== 'number');
    expect(sockets).toHaveLength(MAX_WINDOWS_PER_LAUNCH - 1);
    expect(opened.filter((s) => s === 429)).toHaveLength(16 - sockets.length);
    const answers = (await Promise.all(sockets.map((s, i) => flood(s, `W${i}`, 2)))).flat();
    expect(answers.every((r) => r.ok)).toBe(true);
    expect(await getStatus(other)).toMatchObject({ ok: true });
    await closeAll([...sockets, other]);
    await released();
    // Their windows are gone with their sockets: a new one is served again.
    const again = await open('w-new');
    expect(again).toBeInstanceOf(WebSocket);
    await closeAll([again as WebSocket]);
    await released();
  }, 60_000);
});
