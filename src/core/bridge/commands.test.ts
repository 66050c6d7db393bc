/**
 * Every bridge command through the dispatcher, over real services on a temporary
 * data folder in demo mode (the in-process simulator), plus a rejected argument
 * object for each.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CommandName, SubscriptionSpec } from '../../shared/bridge';
import { COMMAND_NAMES } from '../../shared/bridge';
import { startSimulator, type SimulatorHandle } from '../../simulator';
import { AAPL, TREND } from '../drawings/testing/fixtures';
import { bridgeEachTest, type TestBridge } from './test-bridge';
import { AAPL_DAILY } from '../../shared/testing/fixtures';

const QUOTES: SubscriptionSpec = {
  kind: 'quotes',
  class: 'stock',
  region: 'US',
  exchange: '',
  codes: ['AAPL', 'MSFT'],
};

let t: TestBridge;
bridgeEachTest((bridge) => (t = bridge));

const DRAFT = {
  instrument: { class: 'crypto', region: 'BA', exchange: '', code: 'BTCUSDT' },
  condition: { kind: 'crosses', price: 90_000 },
  repeat: 'once',
};

/** One argument object per command that its schema must refuse, and what the message names. */
const BAD_ARGS: Record<CommandName, [unknown, RegExp][]> = {
  subscribe: [
    [{ spec: { ...QUOTES, class: 'bond' } }, /^subscribe: spec\.class must be one of/],
    [{ spec: { ...QUOTES, region: 'us' } }, /spec\.region must be two capital letters/],
    [
      { spec: { ...QUOTES, codes: Array.from({ length: 501 }, (_, i) => `C${i}`) } },
      /spec\.codes must have at most 500/,
    ],
    [{ spec: { ...QUOTES, codes: ['AA PL'] } }, /spec\.codes\[0\] must be/],
    [{ spec: QUOTES, extra: 1 }, /unknown key "extra"/],
  ],
  unsubscribe: [[{ subscriptionId: 5 }, /^unsubscribe: subscriptionId must be a string$/]],
  loadCandles: [
    [{ series: AAPL_DAILY, limit: 0 }, /limit must be at least 1/],
    [{ series: AAPL_DAILY, limit: 5001 }, /limit must be at most 5000/],
    [{ series: { ...AAPL_DAILY, kType: 11 }, limit: 10 }, /series\.kType must be one of/],
  ],
  loadNews: [[{ market: 'stock', lang: 'english', limit: 10 }, /lang must be a news language/]],
  getInfo: [[{ region: 'USA', exchange: '', code: 'AAPL' }, /region must be two capital letters/]],
  checkSymbol: [
    [
      { symbol: { class: 'stock', region: 'USA', exchange: '', code: 'AAPL' } },
      /symbol\.region must be two letters/,
    ],
  ],
  searchSymbols: [
    [{ query: { text: 'x'.repeat(65) } }, /query\.text .*64/],
    [{ query: { text: 'apple', limit: 1000 } }, /query\.limit .*100/],
    [{ query: { text: 'apple', region: 'USA' } }, /query\.region must be two letters/],
    [{ query: { text: 'apple', class: 'bond' } }, /query\.class/],
  ],
  setToken: [
    [{ token: 42 }, /^setToken: token must be a string$/],
    [{ token: 'two words' }, /token must be printable characters without spaces/],
    [{}, /^setToken: token is required$/],
  ],
  clearToken: [[{ now: true }, /^clearToken: unknown key "now"$/]],
  getStatus: [
    [{ x: 1 }, /^getStatus: unknown key "x"$/],
    [null, /must be an object/],
  ],
  getFeedPlan: [[{ all: true }, /^getFeedPlan: unknown key "all"$/]],
  testConnection: [[{ token: 'x' }, /^testConnection: unknown key "token"$/]],
  getSettings: [[[], /must be an object/]],
  setSettings: [
    [{ patch: { token: 'abc' } }, /the API token is not a setting/],
    [
      { patch: { intervals: { quotes: 10 } } },
      /^setSettings: Quotes refresh must be a whole number/,
    ],
  ],
  setAutoUpdate: [[{ enabled: 'yes' }, /^setAutoUpdate: enabled must be true or false$/]],
  openExternal: [[{ url: 7 }, /^openExternal: url must be a string$/]],
  popOut: [
    [{ title: 'x' }, /^popOut: paneId is required$/],
    // Finding 9 of the second audit: a lone surrogate failed later as "URI malformed".
    [{ paneId: 'pane-\uD800', title: 'x' }, /^popOut: paneId must be a pane id/],
    [{ paneId: 'a/b?c', title: 'x' }, /^popOut: paneId must be a pane id/],
  ],
  setVisibility: [[{ visible: 'no' }, /^setVisibility: visible must be true or false$/]],
  setFocus: [
    [{ instrument: { class: 'stock', region: 'US', code: '=CMD' } }, /^setFocus: instrument/],
  ],
  saveFile: [
    [
      { name: '../etc/passwd.csv', type: 'text/csv', text: '' },
      /^saveFile: name must be a file name/,
    ],
    [{ name: '.hidden.csv', type: 'text/csv', text: '' }, /^saveFile: name must be a file name/],
    [{ name: 'list', type: 'text/csv', text: '' }, /^saveFile: name must be a file name/],
    [{ name: 'a.csv', type: 'csv', text: '' }, /^saveFile: type must be a MIME type/],
    [
      { name: 'a.csv', type: 'text/csv', text: 'x'.repeat(16 * 1024 * 1024 + 1) },
      /^saveFile: text /,
    ],
  ],
  loadWorkspace: [[{ id: 1 }, /unknown key "id"/]],
  saveWorkspace: [
    [{ document: { version: -1, data: {} } }, /document\.version must be at least 0/],
    [
      { document: { version: 1, data: 'x'.repeat(1024 * 1024 + 1) } },
      /document\.data is too large/,
    ],
  ],
  listAlerts: [[{ all: true }, /unknown key "all"/]],
  createAlert: [
    [
      { draft: { ...DRAFT, condition: { kind: 'above', price: -1 } } },
      /price must be a price above 0/,
    ],
    [
      { draft: { ...DRAFT, condition: { kind: 'near', price: 1 } } },
      /draft\.condition\.kind must be one of above, below, crosses/,
    ],
    [
      { draft: { ...DRAFT, condition: { kind: 'move', percent: 2, windowMs: 500 } } },
      /windowMs must be at least 1 s/,
    ],
    [{ draft: { ...DRAFT, repeat: 'twice' } }, /repeat must be "once" or "every"/],
  ],
  updateAlert: [[{ id: 'a', change: {} }, /must change something/]],
  deleteAlert: [[{ id: '' }, /^deleteAlert: id /]],
  loadDrawings: [[{ instrument: { ...AAPL, code: 'A A' } }, /instrument\.code must be/]],
  saveDrawing: [
    [
      { instrument: AAPL, drawing: { ...TREND, anchors: [TREND.anchors[0]] } },
      /drawing\.anchors must hold 2 points for a trend/,
    ],
    [{ instrument: AAPL, drawing: { ...TREND, color: 'red' } }, /drawing\.color must be a colour/],
    [
      {
        instrument: AAPL,
        drawing: { ...TREND, anchors: [{ time: 1, price: null }, TREND.anchors[1]] },
      },
      /drawing\.anchors\[0\]\.price/,
    ],
    [{ instrument: AAPL, drawing: { ...TREND, kind: 'circle' } }, /drawing\.kind must be one of/],
  ],
  deleteDrawing: [[{ instrument: AAPL, id: '../x' }, /^deleteDrawing: id must be letters/]],
  loadRegionEvents: [
    [{ region: 'US', kinds: ['dividends'] }, /^loadRegionEvents: kinds/],
    [{ region: 'US', kinds: [] }, /^loadRegionEvents: kinds/],
    [{ region: 'usa', kinds: ['splits'] }, /^loadRegionEvents: region/],
  ],
  loadChartEvents: [
    [{ instrument: AAPL, from: 10, to: 5 }, /^loadChartEvents: from must not be after to/],
    [{ instrument: AAPL, from: -1, to: 5 }, /^loadChartEvents: from/],
    [{ instrument: AAPL, from: 0, to: 5, refreshNews: 'yes' }, /^loadChartEvents: refreshNews/],
  ],
  getRecording: [[{ extra: 1 }, /^getRecording/]],
  setRecorded: [
    [{ instrument: AAPL }, /^setRecorded: on/],
    [{ instrument: { ...AAPL, code: '' }, on: true }, /^setRecorded: instrument/],
  ],
  replaySpans: [[{ extra: 1 }, /^replaySpans: /]],
  replayStart: [
    [{ from: 10, to: 5, instrument: null }, /^replayStart: from must not be after to/],
    [{ from: 0, to: 5, instrument: null, speed: 200 }, /^replayStart: speed must be at most 100/],
    [{ from: 0, to: 5, instrument: null, speed: 0.1 }, /^replayStart: speed must be at least 0.25/],
    [{ from: 0, to: 5 }, /^replayStart: instrument/],
    [{ from: 0, to: 5, instrument: { ...AAPL, region: 'us' } }, /^replayStart: instrument\.region/],
  ],
  replayControl: [
    [{}, /^replayControl: name a change: speed, paused, seek or step/],
    [{ speed: 1000 }, /^replayControl: speed must be at most 100/],
    [{ seek: 5, step: true }, /^replayControl: step: seek and step cannot be asked together/],
    [{ step: false }, /^replayControl: step must be true/],
    [{ paused: 'yes' }, /^replayControl: paused must be true or false/],
    [{ rewind: true }, /^replayControl: /],
  ],
  replayStop: [[{ now: true }, /^replayStop: /]],
  getReplay: [[{ x: 1 }, /^getReplay: /]],
  loadDepthHistory: [
    [{ instrument: AAPL, from: 0, to: 5, bucketMs: 10 }, /^loadDepthHistory: bucketMs/],
    [{ instrument: AAPL, from: 9, to: 5, bucketMs: 100 }, /^loadDepthHistory: to: .*after its end/],
    [
      { instrument: AAPL, from: 0, to: 3_600_000, bucketMs: 100 },
      /^loadDepthHistory: to: .*at most 4800/,
    ],
  ],
  loadTrades: [
    [{ region: 'BA', codes: ['BTCUSDT'], limit: 0 }, /^loadTrades: limit/],
    [{ region: 'BA', codes: [], limit: 200 }, /^loadTrades: codes/],
  ],
};

describe('argument validation', () => {
  it('refuses a bad argument object for every command, naming the field', async () => {
    const c = t.client();
    for (const name of COMMAND_NAMES) {
      expect(BAD_ARGS[name].length, name).toBeGreaterThan(0);
      for (const [args, message] of BAD_ARGS[name]) {
        const r = await c.call(name, args);
        expect(r, `${name} ${JSON.stringify(args)?.slice(0, 80)}`).toMatchObject({
          ok: false,
          error: { code: 'bad-argument', message: expect.stringMatching(message) },
        });
      }
    }
  });

  it('answers unknown-command for names outside the contract', async () => {
    const c = t.client();
    expect(await c.call('rmrf', {})).toMatchObject({
      ok: false,
      error: { code: 'unknown-command' },
    });
    expect(await c.call(42, {})).toMatchObject({ ok: false, error: { code: 'unknown-command' } });
    expect(await c.call('toString', {})).toMatchObject({
      ok: false,
      error: { code: 'unknown-command' },
    });
  });

  it('takes a missing argument object of an argument-less command as {}', async () => {
    expect(await t.client().call('getStatus')).toMatchObject({ ok: true });
  });
});

describe('commands', () => {
  it('getStatus reports demo mode without a token', async () => {
    const r = await t.client().call('getStatus', {});
    expect(r).toMatchObject({
      ok: true,
      value: { mode: 'demo', hasToken: false, tokenStorage: null },
    });
  });

  it('subscribe pushes to the subscribing client only; unsubscribe stays within the client', async () => {
    const a = t.client();
    const b = t.client();
    const r = await a.call('subscribe', { spec: QUOTES });
    expect(r.ok).toBe(true);
    const id = (r as { value: { subscriptionId: string } }).value.subscriptionId;
    const quotes = await a.next('quotes', (p) => p.subscriptionId === id);
    expect(Object.keys(quotes.quotes).sort()).toEqual(['AAPL', 'MSFT']);
    expect(b.events.filter((e) => e.event === 'quotes')).toEqual([]);

    const unsubscribe = vi.spyOn(t.services.hub, 'unsubscribe');
    // Another window cannot end A's subscription.
    expect(await b.call('unsubscribe', { subscriptionId: id })).toEqual({
      ok: true,
      value: undefined,
    });
    expect(unsubscribe).not.toHaveBeenCalled();
    expect(await a.call('unsubscribe', { subscriptionId: id })).toMatchObject({ ok: true });
    expect(unsubscribe).toHaveBeenCalledWith(id);
  });

  it('disconnecting a client drops its subscriptions', async () => {
    const a = t.client();
    await a.call('subscribe', { spec: QUOTES });
    const drop = vi.spyOn(t.services.hub, 'dropClient');
    a.connection.close();
    expect(drop).toHaveBeenCalledWith(a.connection.clientId);
    expect(t.server.clientCount).toBe(0);
    expect(await a.call('subscribe', { spec: QUOTES })).toMatchObject({
      ok: false,
      error: { code: 'forbidden' },
    });
  });

  it('loadCandles answers the cache at once and pushes the refresh to the asking client', async () => {
    const a = t.client();
    const b = t.client();
    const r = await a.call('loadCandles', { series: AAPL_DAILY, limit: 30 });
    expect(r).toMatchObject({ ok: true, value: { series: AAPL_DAILY, refreshing: true } });
    const pushed = await a.next('candles');
    expect(pushed.subscriptionId).toBeNull();
    expect(pushed.page.candles).toHaveLength(30);
    // The other window hears the status (the refresh made the data live), not the candles.
    expect(b.events.filter((e) => e.event !== 'status')).toEqual([]);
    // Now cached and fresh: no refresh.
    const again = await a.call('loadCandles', { series: AAPL_DAILY, limit: 30 });
    expect(again).toMatchObject({ ok: true, value: { refreshing: false } });
    expect((again as { value: { candles: unknown[] } }).value.candles).toHaveLength(30);
  });

  it('loadNews answers pages (cache-first) and openExternal opens only their links', async () => {
    const c = t.client();
    const args = { market: 'stock', lang: 'en', limit: 10 };
    expect(await c.call('loadNews', args)).toMatchObject({ ok: true, value: { refreshing: true } });
    await t.services.history.idle();
    const r = await c.call('loadNews', args);
    const items = (r as { value: { items: { link: string }[] } }).value.items;
    expect(items.length).toBeGreaterThan(0);

    const link = items[0]!.link;
    expect(await c.call('openExternal', { url: link })).toEqual({ ok: true, value: undefined });
    expect(t.opened).toEqual([new URL(link).href]);
    for (const url of [
      'https://evil.example/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      `${link}x`,
    ]) {
      expect(await c.call('openExternal', { url })).toMatchObject({
        ok: false,
        error: { code: 'forbidden' },
      });
    }
    expect(t.opened).toHaveLength(1);
  });

  it('getInfo answers the API, then the same source’s snapshot when it is unreachable', async () => {
    const c = t.client();
    const args = { region: 'US', exchange: '', code: 'AAPL' };
    expect(await c.call('getInfo', args)).toMatchObject({
      ok: true,
      value: { info: { name: 'Apple Inc.' }, offline: false },
    });
    const service = await startSimulator({ port: 0, token: 'live-token-456' });
    await c.call('setSettings', { patch: { baseUrl: service.url } });
    await c.call('setToken', { token: 'live-token-456' });
    expect(await c.call('getInfo', args)).toMatchObject({ ok: true, value: { offline: false } });
    await service.close();
    const offline = await c.call('getInfo', args);
    expect(offline).toMatchObject({
      ok: true,
      value: { info: { name: 'Apple Inc.' }, offline: true },
    });
    expect((offline as { value: { asOf: number } }).value.asOf).toBeGreaterThan(0);
    // The one health model: the status says offline too.
    expect(t.services.status().health.state).toBe('offline');
  });

  describe('tokens', () => {
    let live: SimulatorHandle;
    beforeEach(async () => {
      live = await startSimulator({ port: 0, token: 'live-token-123' });
    });
    afterEach(async () => {
      await live.close();
    });

    it('setToken switches to live against the base URL; clearToken back to demo; all windows hear', async () => {
      const a = t.client();
      const b = t.client();
      await a.call('setSettings', { patch: { baseUrl: live.url } });
      const set = await a.call('setToken', { token: '  live-token-123\n' });
      expect(set).toMatchObject({
        ok: true,
        value: { mode: 'live', hasToken: true, tokenStorage: 'session', tokenSessionOnly: true },
      });
      await b.next('status', (s) => s.mode === 'live');
      expect(t.services.link.client.baseUrl).toBe(live.url);
      const info = await a.call('getInfo', { region: 'US', exchange: '', code: 'MSFT' });
      expect(info).toMatchObject({ ok: true, value: { offline: false } });
      expect(live.stats().requests).toBeGreaterThan(0);

      const cleared = await b.call('clearToken', {});
      expect(cleared).toMatchObject({ ok: true, value: { mode: 'demo', hasToken: false } });
      await a.next('status', (s) => s.mode === 'demo');
      expect(t.services.link.client.baseUrl).toBe(t.services.link.demoUrl);
    });
  });

  it('getSettings and setSettings read and persist; interval changes reach the hub', async () => {
    const c = t.client();
    const before = await c.call('getSettings', {});
    expect(before).toMatchObject({ ok: true, value: { theme: 'dark' } });
    const setIntervals = vi.spyOn(t.services.hub, 'setIntervals');
    const after = await c.call('setSettings', {
      patch: { theme: 'light', intervals: { quotes: 2000 } },
    });
    expect(after).toMatchObject({
      ok: true,
      value: { theme: 'light', intervals: { quotes: 2000 } },
    });
    expect(setIntervals).toHaveBeenCalledWith(expect.objectContaining({ quotes: 2000 }));
    const file = JSON.parse(readFileSync(path.join(t.folder, 'settings.json'), 'utf8'));
    expect(file).toMatchObject({ theme: 'light', intervals: { quotes: 2000 } });
  });

  it('setSettings with a new plan rebuilds the client', async () => {
    const c = t.client();
    await c.call('setSettings', { patch: { plan: 'premium' } });
    await vi.waitFor(() => expect(t.services.link.client.plan.maxCodes).toBe(50));
    const status = await c.call('getStatus', {});
    expect(status).toMatchObject({ ok: true, value: { plan: { name: 'premium', maxCodes: 50 } } });
  });

  // Finding 11 of the second audit: the renderer could switch updates on through setSettings.
  it('turns updates on only through setAutoUpdate, and only when the user agrees in the shell', async () => {
    const c = t.client();
    expect(await c.call('setSettings', { patch: { autoUpdate: true } })).toMatchObject({
      ok: false,
      error: { code: 'bad-argument', message: expect.stringContaining('setAutoUpdate') },
    });
    expect(t.services.settings.get().autoUpdate).toBe(false);
    // A shell that never updates (the browser host) refuses; one whose user declines keeps it off.
    expect(await c.call('setAutoUpdate', { enabled: true })).toMatchObject({
      ok: false,
      error: { code: 'bad-argument', message: expect.stringContaining('does not update itself') },
    });
    t.updates.answer = false;
    expect(await c.call('setAutoUpdate', { enabled: true })).toMatchObject({
      ok: true,
      value: { autoUpdate: false },
    });
    t.updates.answer = true;
    expect(await c.call('setAutoUpdate', { enabled: true })).toMatchObject({
      ok: true,
      value: { autoUpdate: true },
    });
    expect(t.updates.asked).toBe(3);
    // Off needs no question.
    expect(await c.call('setAutoUpdate', { enabled: false })).toMatchObject({
      ok: true,
      value: { autoUpdate: false },
    });
    expect(t.updates.asked).toBe(3);
  });

  it('popOut goes to the shell with the asking client', async () => {
    const c = t.client();
    const r = await c.call('popOut', { paneId: 'p1', title: 'AAPL chart', width: 800 });
    expect(r).toEqual({ ok: true, value: { windowId: 'w1', openUrl: null } });
    expect(t.popOuts).toEqual([
      {
        request: { paneId: 'p1', title: 'AAPL chart', width: 800 },
        clientId: c.connection.clientId,
      },
    ]);
  });

  it('saveFile goes to the shell, which answers how it was saved', async () => {
    const c = t.client();
    const r = await c.call('saveFile', { name: 'list.csv', type: 'text/csv', text: 'a\n' });
    expect(r).toEqual({ ok: true, value: { path: null, download: true } });
  });

  it('setVisibility goes to the hub for the asking client', async () => {
    const c = t.client();
    const spy = vi.spyOn(t.services.hub, 'setVisibility');
    expect(await c.call('setVisibility', { visible: false })).toEqual({
      ok: true,
      value: undefined,
    });
    expect(spy).toHaveBeenCalledWith(c.connection.clientId, false);
  });

  it('setFocus goes to the hub for the asking client', async () => {
    const c = t.client();
    const spy = vi.spyOn(t.services.hub, 'setFocus');
    const instrument = { class: 'crypto', region: 'BA', exchange: '', code: 'BTCUSDT' } as const;
    expect(await c.call('setFocus', { instrument })).toEqual({ ok: true, value: undefined });
    expect(await c.call('setFocus', { instrument: null })).toEqual({ ok: true, value: undefined });
    expect(spy.mock.calls).toEqual([
      [c.connection.clientId, instrument],
      [c.connection.clientId, null],
    ]);
  });

  it('saveWorkspace persists and tells the other windows; loadWorkspace reads it', async () => {
    const a = t.client();
    const b = t.client();
    expect(await a.call('loadWorkspace', {})).toEqual({ ok: true, value: null });
    const document = { version: 2, data: { layouts: [{ name: 'Main', panes: 3 }] } };
    expect(await a.call('saveWorkspace', { document })).toEqual({ ok: true, value: undefined });
    expect(await b.next('workspace')).toEqual(document);
    expect(a.events.filter((e) => e.event === 'workspace')).toEqual([]);
    expect(await b.call('loadWorkspace', {})).toEqual({ ok: true, value: document });
  });
});
