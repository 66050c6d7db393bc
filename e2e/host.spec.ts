/**
 * Issue 5 — the browser host: the same scenarios as e2e/electron.spec.ts, through
 * `npm run serve` in Chromium. The page opened with the per-launch secret loads and
 * the bridge answers (demo mode, said plainly); the secret leaves the address bar; a
 * page without the secret gets nothing from the bridge, and a WebSocket to /bridge
 * without it (or from another origin) is refused at the upgrade.
 */
import { expect, test } from '@playwright/test';
import WebSocket from 'ws';
import type { AppStatus } from '../src/shared/model';
import { statusMode } from './support/ui';
import { useWorkspace } from './support/workspace';

// The page stays blank: the first test opens the host, watching its WebSocket.
const app = useWorkspace({ open: false });

/** What the upgrade of a WebSocket to /bridge answers: 'open' or the HTTP status. */
function tryBridge(options: { protocols: string[]; origin: string }): Promise<'open' | number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(
      `${app.host.origin.replace('http', 'ws')}/bridge`,
      options.protocols,
      {
        origin: options.origin,
      },
    );
    socket.once('open', () => {
      socket.close();
      resolve('open');
    });
    socket.once('unexpected-response', (_request, response) => {
      resolve(response.statusCode ?? 0);
      socket.terminate();
    });
    socket.once('error', reject);
  });
}

test('the page opened with the secret loads, in demo mode, and says so', async () => {
  const statusAnswers: AppStatus[] = [];
  const socketUrls: string[] = [];
  app.page.on('websocket', (ws) => {
    socketUrls.push(ws.url());
    ws.on('framereceived', ({ payload }) => {
      const message = JSON.parse(String(payload)) as {
        response?: { ok: boolean; value?: { mode?: unknown; hasToken?: unknown } };
      };
      const value = message.response?.ok ? message.response.value : undefined;
      if (value && 'mode' in value && 'hasToken' in value) statusAnswers.push(value as AppStatus);
    });
  });
  await app.page.goto(app.host.url);
  await expect(app.page.getByRole('heading', { name: 'Marketdesk', level: 1 })).toBeVisible();
  await expect(statusMode(app.page)).toContainText('DEMO DATA');
  // The page's own bridge client asked for the status over the WebSocket and got it.
  await expect.poll(() => statusAnswers.length).toBeGreaterThan(0);
  const status = statusAnswers[0];
  expect(status?.mode).toBe('demo');
  expect(status?.hasToken).toBe(false);
  expect(socketUrls).toEqual([`${app.host.origin.replace('http', 'ws')}/bridge`]);
});

test('the secret is removed from the address bar at once', async () => {
  expect(app.page.url()).toBe(`${app.host.origin}/`);
  expect(app.page.url()).not.toContain(app.host.secret);
  const history = await app.page.evaluate(
    () => (globalThis as unknown as { location: { href: string } }).location.href,
  );
  expect(history).not.toContain('#k=');
});

test('a reload keeps working: the tab remembers its secret', async () => {
  await app.page.reload();
  await expect(statusMode(app.page)).toContainText('DEMO DATA');
  await expect(app.page.getByRole('main', { name: 'Workspace' })).toBeVisible();
});

test('a page without the secret gets no bridge and says which address to open', async ({
  browser,
}) => {
  const stranger = await browser.newPage();
  const sockets: string[] = [];
  stranger.on('websocket', (ws) => sockets.push(ws.url()));
  try {
    await stranger.goto(`${app.host.origin}/`);
    await expect(
      stranger.getByRole('heading', { name: 'Marketdesk cannot reach its data service' }),
    ).toBeVisible();
    await expect(stranger.getByText(/Open the address printed by\s*npm run serve/)).toBeVisible();
    await expect(stranger.getByRole('main', { name: 'Workspace' })).toHaveCount(0);
    // Without the secret the page does not even try the bridge …
    expect(sockets).toEqual([]);
    // … and when it does, the host refuses it before any message.
    const refused = await stranger.evaluate(
      (url) =>
        new Promise<string>((resolve) => {
          const g = globalThis as unknown as {
            WebSocket: new (
              url: string,
              protocols: string[],
            ) => {
              onopen: () => void;
              onclose: (e: { code: number }) => void;
            };
          };
          const ws = new g.WebSocket(url, ['marketdesk.v1']);
          ws.onopen = () => resolve('open');
          ws.onclose = (e) => resolve(`closed ${e.code}`);
        }),
      `${app.host.origin.replace('http', 'ws')}/bridge`,
    );
    expect(refused).toBe('closed 1006');
  } finally {
    await stranger.close();
  }
});

test('a WebSocket to /bridge is refused without the secret, with a wrong one or another origin', async () => {
  const origin = app.host.origin;
  expect(await tryBridge({ protocols: ['marketdesk.v1'], origin })).toBe(401);
  expect(await tryBridge({ protocols: ['marketdesk.v1', 'k.not-the-secret'], origin })).toBe(401);
  expect(
    await tryBridge({
      protocols: ['marketdesk.v1', `k.${app.host.secret}`],
      origin: 'http://evil.example',
    }),
  ).toBe(403);
  // The control: the same request with the secret and the right origin is admitted.
  expect(await tryBridge({ protocols: ['marketdesk.v1', `k.${app.host.secret}`], origin })).toBe(
    'open',
  );
});
