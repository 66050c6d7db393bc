import { mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MarketClient } from '../api';
import { startSimulator } from '../../simulator';
import { HealthService } from '../health';
import { SessionStore } from '../secrets/session-store';
import { SettingsStore } from '../settings';
import { MarketLink, TOKEN_REMOVED_NOTICE } from './market-link';

const TOKEN = 'live-token-abc';
let folder: string;
let settings: SettingsStore;
let secrets: SessionStore;
let notices: string[];
let link: MarketLink;

beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'marketdesk-link-'));
  settings = new SettingsStore({ folder, now: () => 0 });
  settings.load();
  secrets = new SessionStore();
  notices = [];
  link = new MarketLink({ settings, secrets, now: () => 0, seed: 1, notices });
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

async function startLive(): Promise<MarketClient[]> {
  await secrets.set(TOKEN);
  await link.start();
  expect(link.mode).toBe('live');
  const built: MarketClient[] = [];
  link.onClient((client) => built.push(client));
  return built;
}

describe('MarketLink: a base URL moved to another origin', () => {
  it('drops the token (store and memory), goes demo and says why', async () => {
    const built = await startLive();
    settings.update({ baseUrl: 'https://attacker.example' });
    // At once, before any await: nothing can be built with the token from here on.
    expect(link.hasToken).toBe(false);
    expect(notices).toEqual([TOKEN_REMOVED_NOTICE]);
    await vi.waitFor(() => expect(built).toHaveLength(1));
    expect(link.mode).toBe('demo');
    expect(link.client.baseUrl).toBe(link.simulatorUrl);
    expect(built.every((c) => !c.baseUrl.startsWith('https://attacker.example'))).toBe(true);
    expect(await secrets.get()).toEqual({ ok: true, value: null });
    expect(link.redact(`x ${TOKEN} y`)).toBe('x [redacted] y');
  });

  it('keeps the token when only the path changes on the same origin', async () => {
    const built = await startLive();
    const origin = new URL(settings.get().baseUrl).origin;
    settings.update({ baseUrl: `${origin}/v2` });
    await vi.waitFor(() => expect(built).toHaveLength(1));
    expect(link.mode).toBe('live');
    expect(link.client.baseUrl).toContain('/v2');
    expect(notices).toEqual([]);
    expect(await secrets.get()).toEqual({ ok: true, value: TOKEN });
  });

  it('clears the notice when a token is entered again', async () => {
    await startLive();
    settings.update({ baseUrl: 'https://other.example' });
    await vi.waitFor(() => expect(link.mode).toBe('demo'));
    await link.setToken('new-token-1');
    expect(link.mode).toBe('live');
    expect(link.client.baseUrl).toBe('https://other.example');
    expect(notices).toEqual([]);
  });

  it('does nothing special without a token', async () => {
    await link.start();
    settings.update({ baseUrl: 'https://other.example' });
    expect(notices).toEqual([]);
  });
});

describe('MarketLink: shutdown', () => {
  it('closes the retired simulator even when a listener throws', async () => {
    await link.start();
    const simulator = link.simulatorUrl!;
    link.onClient(() => {
      throw new Error('hub disposed');
    });
    await expect(link.setToken(TOKEN)).rejects.toThrow('hub disposed');
    expect(await accepts(simulator)).toBe(false);
  });

  it('waits for a token change under way, and leaves no simulator running', async () => {
    await secrets.set(TOKEN);
    await link.start();
    let settled = false;
    const cleared = link.clearToken().finally(() => (settled = true));
    await link.dispose();
    expect(settled).toBe(true);
    await cleared;
    expect(link.simulatorUrl).toBeNull();
  });
});

describe('MarketLink: the health service', () => {
  it('starts it over for a new token, address or mode, after the listeners switched; not for a plan', async () => {
    const health = new HealthService({ now: () => 0 });
    await link.dispose();
    link = new MarketLink({ settings, secrets, now: () => 0, seed: 1, notices, health });
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
      await secrets.set(TOKEN);
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
});
