/**
 * The token never reaches a client: a recognisable token is set, every command runs
 * (good and bad arguments, a refused token, pushes of every kind), and every
 * response and event both clients received is searched for it — and so are the
 * files of the data folder. Then a service that repeats the token in every error:
 * it appears in no frame, log line, notice or status, and a one-letter token garbles
 * nothing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Events, SubscriptionSpec } from '../../shared/bridge';
import { startSimulator, type SimulatorHandle } from '../../simulator';
import { REDACTED, REDACT_PREFIX_LENGTH, encodedForms } from '../redact';
import { startTokenEchoService, type EchoMode } from '../testing/token-echo-service';
import { startTestBridge, type TestBridge } from './test-bridge';

const TOKEN = 'LEAKCANARY7f3a9c2e5b1d';
const WRONG = 'LEAKCANARYWRONG0000';

let t: TestBridge;
let live: SimulatorHandle;
beforeEach(async () => {
  t = await startTestBridge();
  live = await startSimulator({ port: 0, token: TOKEN });
});
afterEach(async () => {
  await t.close();
  await live.close();
});

const SPECS: SubscriptionSpec[] = [
  { kind: 'quotes', class: 'stock', region: 'US', exchange: '', codes: ['AAPL', 'MSFT'] },
  { kind: 'depth', class: 'stock', region: 'US', exchange: '', codes: ['AAPL'] },
  { kind: 'ticks', region: 'BA', codes: ['BTCUSDT'] },
  {
    kind: 'candles',
    series: { class: 'stock', region: 'US', exchange: '', code: 'AAPL', kType: 1 },
  },
  { kind: 'news', market: 'stock', lang: 'en' },
];

it('never sends the token to a client, nor writes it to settings, workspace or cache', async () => {
  const a = t.client();
  const b = t.client();
  await a.call('setSettings', { patch: { baseUrl: live.url } });

  // A refused token first: its auth errors must not carry it either.
  await a.call('setToken', { token: WRONG });
  await a.call('getInfo', { region: 'US', exchange: '', code: 'AAPL' });
  await a.call('loadCandles', {
    series: { class: 'stock', region: 'US', exchange: '', code: 'MSFT', kType: 8 },
    limit: 5,
  });
  await t.services.history.idle();

  expect(await a.call('setToken', { token: TOKEN })).toMatchObject({
    ok: true,
    value: { mode: 'live' },
  });
  const ids: string[] = [];
  for (const spec of SPECS) {
    const r = await a.call('subscribe', { spec });
    expect(r.ok, spec.kind).toBe(true);
    ids.push((r as { value: { subscriptionId: string } }).value.subscriptionId);
  }
  await a.call('loadCandles', {
    series: { class: 'stock', region: 'US', exchange: '', code: 'AAPL', kType: 8 },
    limit: 50,
  });
  await a.call('loadNews', { market: 'stock', lang: 'en', limit: 10 });
  await a.call('getInfo', { region: 'US', exchange: '', code: 'AAPL' });
  await a.call('getStatus', {});
  await a.call('getSettings', {});
  await a.call('setSettings', { patch: { theme: 'light' } });
  await a.call('openExternal', { url: `https://x.example/?t=${TOKEN}` });
  await a.call('popOut', { paneId: 'p', title: 't' });
  await a.call('setVisibility', { visible: true });
  await a.call('saveWorkspace', { document: { version: 1, data: { note: 'no secrets here' } } });
  await b.call('loadWorkspace', {});
  // Bad arguments that carry the token in odd places.
  await a.call('getStatus', { [TOKEN]: 1 });
  await a.call('setToken', { token: `${TOKEN} and more` });
  await a.call('setSettings', { patch: { token: TOKEN } });
  await a.call(TOKEN, {});

  // Pushes of every kind, and the candle refresh.
  for (const [i, id] of ids.entries()) {
    const event = (['quotes', 'depth', 'ticks', 'candles', 'news'] as const)[i]!;
    await a.next(event, (p) => p.subscriptionId === id);
  }
  await a.next('candles', (p) => p.subscriptionId === null);
  for (const id of ids) await a.call('unsubscribe', { subscriptionId: id });
  await b.call('clearToken', {});
  await b.call('getStatus', {});

  const received = JSON.stringify([a.responses, a.events, b.responses, b.events]);
  expect(a.events.length).toBeGreaterThan(5);
  for (const secret of [TOKEN, WRONG]) {
    const at = received.indexOf(secret);
    expect(at, received.slice(Math.max(0, at - 300), at + 40)).toBe(-1);
  }

  await t.services.dispose();
  // Every file, in folders too (the recordings are in one): its bytes and its name.
  const files = readdirSync(t.folder, { recursive: true, withFileTypes: true }).filter((e) =>
    e.isFile(),
  );
  expect(files.map((f) => f.name)).toContain('cache.db');
  for (const file of files) {
    const name = path.relative(t.folder, path.join(file.parentPath, file.name));
    const bytes = readFileSync(path.join(file.parentPath, file.name));
    for (const secret of [TOKEN, WRONG]) {
      expect(bytes.includes(secret), name).toBe(false);
      expect(name.includes(secret), name).toBe(false);
    }
  }
});

describe('a service that repeats the token in its errors', () => {
  const ECHOED = 'ECHOCANARY3b8e61d0c4';
  const INFO = { region: 'US', exchange: '', code: 'AAPL' };
  const SERIES = { class: 'stock', region: 'US', exchange: '', code: 'AAPL', kType: 8 } as const;

  /**
   * Points the app at the echoing service with `token`, asks for everything that can
   * fail (pushes of every kind, candles and news pages, stock info, a symbol check) and
   * waits until each failure has reached the client. Answers what left the process.
   */
  async function provoke(token: string, mode: EchoMode) {
    const logs: string[] = [];
    const echo = await startTokenEchoService(mode);
    const bridge = await startTestBridge({ log: (line) => logs.push(line) });
    try {
      const c = bridge.client();
      await c.call('setSettings', { patch: { baseUrl: echo.url } });
      expect(await c.call('setToken', { token })).toMatchObject({ ok: true });
      const ids: string[] = [];
      for (const spec of SPECS) {
        const r = await c.call('subscribe', { spec });
        ids.push((r as { value: { subscriptionId: string } }).value.subscriptionId);
      }
      await c.call('loadCandles', { series: SERIES, limit: 5 });
      await c.call('loadCandles', { series: SERIES, limit: 5, before: Date.UTC(2026, 0, 1) });
      await c.call('loadNews', { market: 'stock', lang: 'en', limit: 5 });
      await c.call('getInfo', INFO);
      await c.call('checkSymbol', { symbol: { class: 'stock', ...INFO } });
      // Every subscription has said why it has no data, and the candle refresh came back.
      for (const id of ids) {
        await c.next('subscriptionStatus', (p) => p.subscriptionId === id && !!p.message);
      }
      await c.next('candles', (p) => p.subscriptionId === null);
      // A failure said in the health: an error, or (all refusals "not in your plan") beside data.
      await vi.waitFor(() => {
        const { lastError, outsidePlan } = bridge.services.status().health;
        expect(lastError ?? outsidePlan).not.toBeNull();
      });
      await c.call('getStatus', {});
      const status = bridge.services.status();
      return {
        sent: echo.tokens,
        frames: JSON.stringify([c.responses, c.events]),
        messages: c.events.flatMap((e) => {
          if (e.event !== 'subscriptionStatus') return [];
          const { message } = e.payload as Events['subscriptionStatus'];
          return message ? [message] : [];
        }),
        logs,
        status,
      };
    } finally {
      await bridge.close();
      await echo.close();
    }
  }

  it.each<EchoMode>([
    { kind: 'envelope' },
    { kind: 'http', status: 401 },
    { kind: 'http', status: 429, retryAfterSeconds: 1 },
  ])(
    'keeps it out of every frame, log line, notice and status (%o)',
    async (mode) => {
      const seen = await provoke(ECHOED, mode);
      expect(seen.sent).toContain(ECHOED); // the service did get it, and did repeat it
      const everything = JSON.stringify([seen.frames, seen.logs, seen.status]);
      const at = everything.indexOf(ECHOED);
      expect(at, everything.slice(Math.max(0, at - 300), at + 40)).toBe(-1);
      // Blanked, not lost: the service's words reached the user with the one mask.
      expect(everything).toContain(`for token ${REDACTED}`);
    },
    20_000,
  );

  it('does not garble messages with a one-letter token', async () => {
    const seen = await provoke('T', { kind: 'envelope' });
    expect(seen.sent).toContain('T');
    expect(seen.messages.length).toBeGreaterThan(0);
    for (const message of seen.messages) {
      expect(message).toMatch(/^The market data service reported an error/);
      expect(message).toContain(`for token ${REDACTED};`);
    }
    expect(seen.frames).not.toContain(`${REDACTED}he `);
    expect(seen.frames).toContain('The market data service');
  }, 20_000);

  // Findings 1 and 4 of the second audit: a token holding +, / or = echoed URL-encoded,
  // and a body or record field quoting the token cut short, reached events and stderr.
  const ENCODABLE = 'LEAK+Canary/9f3e=b2c7d1a8e5f4c3b2a1d0e9f8a7b6c5d4';
  it.each<EchoMode>([
    { kind: 'envelope', encoding: 'url' },
    { kind: 'http', status: 400, encoding: 'url' },
    { kind: 'envelope', encoding: 'base64' },
    { kind: 'envelope', encoding: 'json' },
    { kind: 'http', status: 403, encoding: 'hex' },
    { kind: 'text' },
    { kind: 'field' },
  ])(
    'keeps its encoded, cut and field-embedded forms out too (%o)',
    async (mode) => {
      const seen = await provoke(ENCODABLE, mode);
      expect(seen.sent).toContain(ENCODABLE);
      const everything = JSON.stringify([seen.frames, seen.logs, seen.status]);
      for (const form of encodedForms(ENCODABLE)) {
        const head = form.slice(0, REDACT_PREFIX_LENGTH);
        const at = everything.indexOf(head);
        expect(at, `${form}: ${everything.slice(Math.max(0, at - 200), at + 60)}`).toBe(-1);
      }
      expect(everything).toContain(REDACTED);
    },
    20_000,
  );
});
