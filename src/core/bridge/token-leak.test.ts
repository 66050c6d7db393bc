/**
 * The token never reaches a client: a recognisable token is set, every command runs
 * (good and bad arguments, a refused token, pushes of every kind), and every
 * response and event both clients received is searched for it — and so are the
 * files of the data folder.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { SubscriptionSpec } from '../../shared/bridge';
import { startSimulator, type SimulatorHandle } from '../../simulator';
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
  for (const name of readdirSync(t.folder)) {
    const bytes = readFileSync(path.join(t.folder, name));
    expect(bytes.includes(TOKEN), name).toBe(false);
    expect(bytes.includes(WRONG), name).toBe(false);
  }
});
