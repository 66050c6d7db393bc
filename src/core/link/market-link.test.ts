import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MarketClient } from '../api';
import { startDemoService, startSimulator } from '../../simulator';
import { HealthService } from '../health';
import { ManualTimers } from '../../shared/testing/manual-timers';
import { NoticeService } from '../notices';
import { EnvironmentStore } from '../secrets/environment-store';
import { SessionStore } from '../secrets/session-store';
import { SettingsStore } from '../settings';
import { baseUrlOverrideNotice, planMismatchNotice, tokenNotSentNotice } from './link-notices';
import { MarketLink } from './market-link';
import { TokenError } from './errors';

const TOKEN = 'live-token-abc';
let folder: string;
let settings: SettingsStore;
let secrets: SessionStore;
let notices: NoticeService;
let link: MarketLink;

beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'marketdesk-link-'));
  settings = new SettingsStore({ folder, now: () => 0 });
  settings.load();
  secrets = new SessionStore();
  notices = new NoticeService();
  link = new MarketLink({ settings, secrets, now: () => 0, demo: startDemoService, notices });
});
afterEach(async () => {
  await link.dispose();
  rmSync(folder, { recursive: true, force: true });
});

/** Resolves true when something listens on `url`'s port, false when refused. */
function accepts(url: string): Promise<boolean> {
  const { port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** The origin of the default base URL in Settings. */
const home = () => new URL(settings.get().baseUrl).origin;

async function startLive(): Promise<MarketClient[]> {
  await secrets.set(TOKEN, settings.get().baseUrl);
  await link.start();
  expect(link.mode).toBe('live');
  const built: MarketClient[] = [];
  link.onClient(({ client }) => built.push(client));
  return built;
}

describe('MarketLink: the stream', () => {
  it("opens streams on the app's clock: a reconnect's time is on it, not on the wall clock", async () => {
    await link.start();
    // A test clock (the link's `now` is 0): the stream cannot connect, and says when it tries again.
    const stream = link.openStream({
      cls: 'crypto',
      limit: 1,
      timers: new ManualTimers(),
      sockets: {
        sendsHeaders: true,
        open: (_url, _headers, events) => {
          queueMicrotask(() => events.failed('connect ECONNREFUSED'));
          return { send: () => undefined, close: () => undefined };
        },
      },
    });
    stream.setWanted([{ region: 'BA', code: 'BTCUSDT', types: ['quote'] }]);
    await vi.waitFor(() => expect(stream.state.kind).toBe('reconnecting'));
    const state = stream.state as Extract<typeof stream.state, { kind: 'reconnecting' }>;
    expect(state.nextAttemptAt).toBeGreaterThan(0);
    expect(state.nextAttemptAt).toBeLessThanOrEqual(60_000);
    stream.dispose();
  });
});

describe('MarketLink: a base URL moved to another origin', () => {
  it('sends the token nowhere else: goes demo at once and says why, keeping it for its origin', async () => {
    const built = await startLive();
    settings.update({ baseUrl: 'https://attacker.example' });
    // At once, before any await: nothing can be built with the token from here on.
    expect(link.hasToken).toBe(false);
    expect(notices.all).toEqual([
      tokenNotSentNotice('session', 'https://api.itick.org', 'https://attacker.example'),
    ]);
    // The mode is the client's in use: live until the demo client is built, then demo.
    expect(link.mode).toBe('live');
    await vi.waitFor(() => expect(built).toHaveLength(1));
    expect(link.mode).toBe('demo');
    expect(link.client.baseUrl).toBe(link.demoUrl);
    expect(built.every((c) => !c.baseUrl.startsWith('https://attacker.example'))).toBe(true);
    // Still stored for the service it was given for, and still scrubbed.
    expect(await secrets.get()).toEqual({
      ok: true,
      value: { token: TOKEN, origin: 'https://api.itick.org' },
    });
    expect(link.redact(`x ${TOKEN} y`)).toBe('x [redacted] y');

    // The address set back: the token is for it, so it is sent again.
    settings.update({ baseUrl: 'https://api.itick.org' });
    expect(link.hasToken).toBe(true);
    await vi.waitFor(() => expect(built).toHaveLength(2));
    expect(link.client.baseUrl).toBe('https://api.itick.org');
    expect(notices.all).toEqual([]);
  });

  it('keeps the token when only the path changes on the same origin', async () => {
    const built = await startLive();
    const origin = home();
    settings.update({ baseUrl: `${origin}/v2` });
    await vi.waitFor(() => expect(built).toHaveLength(1));
    expect(link.mode).toBe('live');
    expect(link.client.baseUrl).toContain('/v2');
    expect(notices.all).toEqual([]);
    expect(await secrets.get()).toEqual({ ok: true, value: { token: TOKEN, origin } });
  });

  it('binds a token entered after the move to the new origin, and clears the notice', async () => {
    await startLive();
    settings.update({ baseUrl: 'https://other.example' });
    await vi.waitFor(() => expect(link.mode).toBe('demo'));
    await link.setToken('new-token-1');
    expect(link.mode).toBe('live');
    expect(link.client.baseUrl).toBe('https://other.example');
    expect(notices.all).toEqual([]);
    expect(await secrets.get()).toEqual({
      ok: true,
      value: { token: 'new-token-1', origin: 'https://other.example' },
    });
    // The replaced token is still scrubbed from anything leaving.
    expect(link.redact(TOKEN)).toBe('[redacted]');
  });

  it('does nothing special without a token', async () => {
    await link.start();
    settings.update({ baseUrl: 'https://other.example' });
    expect(notices.all).toEqual([]);
  });

  it('binds a token stored before tokens were bound to the base URL in Settings, once', async () => {
    settings.update({ baseUrl: 'https://legacy.example/api' });
    const legacy = new SessionStore();
    // What an older Marketdesk left: a token with no origin.
    legacy.get = async () => ({ ok: true, value: { token: TOKEN, origin: null } });
    const set = vi.spyOn(legacy, 'set');
    await link.dispose();
    link = new MarketLink({
      settings,
      secrets: legacy,
      now: () => 0,
      demo: startDemoService,
      notices,
    });
    await link.start();
    expect(set).toHaveBeenCalledWith(TOKEN, 'https://legacy.example');
    expect(link.mode).toBe('live');
    expect(link.client.baseUrl).toBe('https://legacy.example/api');
    settings.update({ baseUrl: 'https://elsewhere.example' });
    expect(link.hasToken).toBe(false);
  });
});

describe('MarketLink: MARKETDESK_TOKEN and MARKETDESK_BASE_URL', () => {
  async function relink(options: { token: EnvironmentStore; override?: string }) {
    await link.dispose();
    link = new MarketLink({
      settings,
      secrets: options.token,
      now: () => 0,
      demo: startDemoService,
      notices,
      baseUrlOverride: options.override ?? null,
    });
    await link.start();
  }

  it('sends the environment token only to its origin, never to the base URL in Settings', async () => {
    settings.update({ baseUrl: 'https://other.example' });
    await relink({ token: new EnvironmentStore(TOKEN, 'https://api.itick.org') });
    expect(link.mode).toBe('demo');
    expect(link.client.baseUrl).toBe(link.demoUrl);
    expect(notices.all).toEqual([
      tokenNotSentNotice('environment', 'https://api.itick.org', 'https://other.example'),
    ]);
    expect(notices.all[0]).toMatch(/MARKETDESK_TOKEN is for https:\/\/api\.itick\.org/);
    // Nothing can be set over the environment's token, so it stays that way.
    const refused = link.setToken('another-token');
    await expect(refused).rejects.toBeInstanceOf(TokenError);
    await expect(refused).rejects.toMatchObject({ kind: 'environment-override' });
    expect(link.mode).toBe('demo');
  });

  it('uses MARKETDESK_BASE_URL over Settings, and ignores base URL changes while it is set', async () => {
    const proxy = 'https://proxy.example:8443/api';
    await relink({ token: new EnvironmentStore(TOKEN, proxy), override: proxy });
    expect(link.mode).toBe('live');
    expect(link.client.baseUrl).toBe(proxy);
    expect(notices.all).toEqual([baseUrlOverrideNotice(proxy, settings.get().baseUrl)]);
    const built: MarketClient[] = [];
    link.onClient(({ client }) => built.push(client));
    settings.update({ baseUrl: 'https://attacker.example' });
    settings.update({ plan: 'premium' });
    await vi.waitFor(() => expect(built).toHaveLength(1));
    expect(built.map((c) => c.baseUrl)).toEqual([proxy]);
    expect(link.hasToken).toBe(true);
    expect(notices.all).toEqual([baseUrlOverrideNotice(proxy, 'https://attacker.example')]);
  });
});

describe('MarketLink: the request timeout setting', () => {
  it('builds a client with it, and again when it changes (not a new link)', async () => {
    // A service that takes every request and never answers.
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(silent.address() as AddressInfo).port}`;
    try {
      settings.update({ baseUrl: url, requestTimeoutMs: 60_000 });
      await secrets.set(TOKEN, url);
      await link.start();
      const built: MarketClient[] = [];
      link.onClient(({ client }) => built.push(client));
      settings.update({ requestTimeoutMs: 1_000 });
      await vi.waitFor(() => expect(built).toHaveLength(1));
      const started = Date.now();
      const r = await link.client.info({ region: 'US', code: 'AAPL' });
      expect(r).toMatchObject({ ok: false, error: { kind: 'timeout' } });
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});

describe('MarketLink: shutdown', () => {
  it('switches and closes the retired simulator even when a listener throws, and reports it', async () => {
    const reported = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      await link.start();
      const simulator = link.demoUrl!;
      link.onClient(() => {
        throw new Error('hub disposed');
      });
      const heard: MarketClient[] = [];
      link.onClient(({ client }) => heard.push(client));
      await link.setToken(TOKEN);
      expect(link.mode).toBe('live');
      expect(heard).toEqual([link.client]);
      expect(reported).toHaveBeenCalledWith(
        expect.any(String),
        expect.objectContaining({ message: 'hub disposed' }),
      );
      expect(await accepts(simulator)).toBe(false);
    } finally {
      reported.mockRestore();
    }
  });

  it('waits for a token change under way, and leaves no simulator running', async () => {
    await secrets.set(TOKEN, settings.get().baseUrl);
    await link.start();
    let settled = false;
    const cleared = link.clearToken().finally(() => (settled = true));
    await link.dispose();
    expect(settled).toBe(true);
    await cleared;
    expect(link.demoUrl).toBeNull();
  });
});

describe('MarketLink: the health service', () => {
  it('starts it over for a new token, address or mode, after the listeners switched; not for a plan', async () => {
    const health = new HealthService({ now: () => 0 });
    await link.dispose();
    link = new MarketLink({
      settings,
      secrets,
      now: () => 0,
      demo: startDemoService,
      notices,
      health,
    });
    const refused = () =>
      health.record({ kind: 'token-rejected', message: 'HTTP 401' }, { channel: 'quotes' });
    await link.start();
    // The listeners (the feed hub) get the new client before the refusal is forgotten.
    const seen: string[] = [];
    link.onClient(() => seen.push(health.snapshot().state));

    refused();
    settings.update({ plan: 'premium' });
    await vi.waitFor(() => expect(seen).toHaveLength(1));
    expect(health.snapshot().state).toBe('token-rejected');

    await link.setToken(TOKEN);
    expect(seen).toEqual(['token-rejected', 'token-rejected']);
    expect(health.snapshot().state).toBe('connecting');

    refused();
    await link.setToken(TOKEN); // the same token again: the user asks for it to be tried
    expect(health.snapshot().state).toBe('connecting');

    refused();
    settings.update({ baseUrl: `${new URL(settings.get().baseUrl).origin}/v2` });
    await vi.waitFor(() => expect(health.snapshot().state).toBe('connecting'));

    refused();
    await link.clearToken();
    expect(health.snapshot().state).toBe('connecting');
    health.dispose();
  });

  it('lets a 429 through at once (the health service holds), instead of sleeping inside the client', async () => {
    const rateLimit = { requests: 1, windowMs: 60_000 };
    const sim = await startSimulator({ port: 0, faults: { rateLimit } });
    try {
      settings.update({ baseUrl: sim.url });
      await secrets.set(TOKEN, sim.url);
      await link.start();
      const ask = () => link.client.quotes('stock', { region: 'US', codes: ['AAPL'] });
      expect((await ask()).ok).toBe(true);
      const limited = await ask();
      expect(limited).toMatchObject({ ok: false, error: { kind: 'rate-limited' } });
      expect(!limited.ok && limited.error.retryAfterMs).toBeGreaterThan(50_000);
      // Answered once, not slept on and asked again.
      expect(sim.stats().byStatus['429']).toBe(1);
    } finally {
      await sim.close();
    }
  });

  it('says which plan the service seems to be on when it answers 429 below the plan set, until the plan changes', async () => {
    // The plan set is base (120 a minute); the service allows 5, as the free plan.
    const sim = await startSimulator({
      port: 0,
      faults: { rateLimit: { requests: 5, windowMs: 60_000 } },
    });
    try {
      settings.update({ baseUrl: sim.url, plan: 'base' });
      await secrets.set(TOKEN, sim.url);
      await link.start();
      for (let i = 0; i < 8; i++)
        await link.client.quotes('stock', { region: 'US', codes: ['AAPL'] });
      // Five answered, three refused: each refusal counted what the minute held then.
      expect(notices.all).toEqual([planMismatchNotice('base', 8)]);
      expect(notices.all.at(-1)).toMatch(
        /after 8 requests in the last minute, fewer than the base plan's 120: the token seems to be on the free plan \(5 a minute\), or another program uses it\. Switch to the free plan/,
      );
      // The status bar's one-click switch names it.
      expect(link.suggestedPlan).toBe('free');
      settings.update({ plan: 'free' });
      await vi.waitFor(() => expect(link.client.plan.name).toBe('free'));
      // The service still counts this minute's eight: so does the free plan's client.
      expect(link.client.requestsInLastMinute()).toBe(8);
      expect(notices.all.some((n) => n.includes('429'))).toBe(false);
      expect(link.suggestedPlan).toBeNull();
    } finally {
      await sim.close();
    }
  });
});
