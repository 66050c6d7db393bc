/**
 * The backend on the one health model, over real services and a live simulator: the
 * status's health, stock info under a refused token, a rate limit, an unknown symbol
 * and a service that does not answer — requests counted by the simulator's stats.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AppStatus } from '../../shared/model';
import type { CandleAnswer } from '../cache';
import { startSimulator, type SimulatorHandle, type SimulatorOptions } from '../../simulator';
import { ManualTimers } from '../../shared/testing/manual-timers';
import { TOKEN_REJECTED_MESSAGE } from '../health';
import type { Services } from '../services';
import { createTestServices } from '../testing/services';
import { AppBackend } from './app-backend';
import { AAPL_DAILY } from '../../shared/testing/fixtures';

const TOKEN = 'live-token-7781';
const AAPL = { region: 'US', exchange: '', code: 'AAPL' };

let folder: string;
let services: Services;
let sim: SimulatorHandle;

beforeEach(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'marketdesk-backend-'));
  services = await createTestServices({ dataFolder: folder, env: {} });
});
afterEach(async () => {
  await services.dispose();
  await sim?.close();
  rmSync(folder, { recursive: true, force: true });
});

/** A live service with `options`, and the app switched to it with `token`. */
async function goLive(options: SimulatorOptions, token = TOKEN): Promise<void> {
  sim = await startSimulator({ port: 0, token: TOKEN, ...options });
  await services.backend.setSettings({ baseUrl: sim.url });
  await services.backend.setToken(token);
}

describe('AppBackend: status', () => {
  it('says where the data comes from and how it is doing', async () => {
    expect(services.status()).toMatchObject({
      source: 'demo',
      health: { state: 'connecting', since: null, lastSuccessAt: null },
    });
    await services.backend.getInfo(AAPL);
    expect(services.status().health).toMatchObject({ state: 'live', lastError: null });
    await goLive({});
    expect(services.status()).toMatchObject({
      mode: 'live',
      source: `live:${new URL(sim.url).origin}`,
      // A new link: nothing is known of it yet.
      health: { state: 'connecting' },
    });
  });
});

describe('AppBackend: notices', () => {
  it('tells status listeners of a notice at once, with no other event to carry it', async () => {
    const told: AppStatus[] = [];
    services.backend.onStatus((status) => told.push(status));
    // Nothing else is under way: no subscription, no request, no settings change.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(told).toEqual([]);
    services.notices.add('workspace.json was repaired.');
    await vi.waitFor(() => expect(told).toHaveLength(1));
    expect(told[0]!.notice).toBe('workspace.json was repaired.');
  });
});

describe('AppBackend: getInfo on the health model', () => {
  it('sends nothing more once the token is refused, says so, and tries again with a new token', async () => {
    await goLive({}, 'wrong-token-1');
    const first = await services.backend.getInfo(AAPL);
    expect(first.info).toBeNull();
    expect(first.error).toMatch(/rejected the token/);
    const health = services.status().health;
    expect(health.state).toBe('token-rejected');
    expect(health.lastError).not.toContain('wrong-token-1');
    const sent = sim.stats().requests;
    expect(sent).toBe(1);
    // Neither the card nor a chart asks again with the refused token.
    expect(await services.backend.getInfo(AAPL)).toMatchObject({
      info: null,
      offline: false,
      error: TOKEN_REJECTED_MESSAGE,
    });
    const refreshed = new Promise<CandleAnswer>((resolve) => services.history.onCandles(resolve));
    const page = await services.backend.history.loadCandles(AAPL_DAILY, { limit: 10 });
    expect(page.refreshing).toBe(true);
    expect(await refreshed).toMatchObject({ offline: false, error: TOKEN_REJECTED_MESSAGE });
    expect(sim.stats().requests).toBe(sent);
    // A new token is a new link: asked again.
    await services.backend.setToken(TOKEN);
    expect(await services.backend.getInfo(AAPL)).toMatchObject({ info: { name: 'Apple Inc.' } });
    expect(services.status().health.state).toBe('live');
  });

  it('answers at once while rate limited (no request, no minute-long wait), from the cache', async () => {
    await goLive({ faults: { rateLimit: { requests: 1, windowMs: 60_000 } } });
    expect(await services.backend.getInfo(AAPL)).toMatchObject({ info: { name: 'Apple Inc.' } });
    const limited = await services.backend.getInfo(AAPL);
    expect(limited).toMatchObject({ info: { name: 'Apple Inc.' }, offline: false });
    expect(limited.error).toMatch(/limiting/);
    const health = services.status().health;
    expect(health.state).toBe('rate-limited');
    expect(health.resumesAt).toBeGreaterThan(Date.now() + 50_000);
    const sent = sim.stats().requests;
    const held = await services.backend.getInfo(AAPL);
    expect(held.error).toMatch(/requests resume at \d\d:\d\d:\d\d/);
    expect(sim.stats().requests).toBe(sent);
    expect(sim.stats().byStatus['429']).toBe(1);
  });

  it('answers unknown, with no snapshot, for a symbol the source has not got', async () => {
    await goLive({});
    const answer = await services.backend.getInfo({ region: 'US', exchange: '', code: 'ZZZZ' });
    expect(answer).toMatchObject({ info: null, unknown: true, offline: false, asOf: null });
    expect(answer.error).toBeTruthy();
    // The service answered: its health is fine.
    expect(services.status().health.state).toBe('live');
  });

  it('answers within its timeout when the service does not answer', async () => {
    // The simulator's injected latency never ends: only the backend's deadline does.
    await goLive({ faults: { latencyMs: 60_000 }, sleep: () => new Promise<void>(() => {}) });
    const timers = new ManualTimers(Date.now());
    const backend = new AppBackend({
      settings: services.settings,
      workspace: services.workspace,
      drawings: services.drawings,
      events: services.events,
      snapshots: services.snapshots,
      history: services.history,
      hub: services.hub,
      alerts: services.alerts,
      link: services.link,
      health: services.health,
      now: timers.now,
      notices: services.notices,
      timers,
      infoTimeoutMs: 3000,
    });
    let answered = false;
    const pending = backend.getInfo(AAPL).finally(() => (answered = true));
    await timers.advance(2999);
    expect(answered).toBe(false);
    await timers.advance(1);
    expect(await pending).toMatchObject({
      info: null,
      error: 'The market data service did not answer within 3 s; showing the last saved data.',
    });
    backend.dispose();
  });
});
