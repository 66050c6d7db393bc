import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_REQUESTS_PER_MINUTE } from './api';
import { DEMO_REQUESTS_PER_MINUTE } from './bridge/market-link';
import { createServices } from './services';
import { SessionStore } from './secrets/session-store';
import { connect } from 'node:net';

/** Resolves true when something listens on `url`'s port, false when refused. */
function accepts(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(Number(new URL(url).port), '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(path.join(tmpdir(), 'marketdesk-services-'));
});
afterEach(() => {
  rmSync(folder, { recursive: true, force: true });
});

describe('createServices', () => {
  it('runs demo mode against an in-process simulator, closed by dispose', async () => {
    const services = await createServices({ dataFolder: folder, loadKeytar: null });
    const url = services.link.simulatorUrl!;
    expect(services.status()).toMatchObject({ mode: 'demo', hasToken: false, notice: null });
    expect(services.link.client.baseUrl).toBe(url);
    expect((await fetch(`${url}/stock/quotes?region=US&codes=AAPL`)).status).toBe(200);
    await services.dispose();
    await expect(fetch(`${url}/stock/quotes?region=US&codes=AAPL`)).rejects.toThrow();
  });

  it('polls demo data at the wanted rate, and live data within the plan budget', async () => {
    const services = await createServices({ dataFolder: folder, loadKeytar: null });
    expect(services.link.requestsPerMinute).toBe(DEMO_REQUESTS_PER_MINUTE);
    await services.backend.setSettings({ requestsPerMinute: 30 });
    // A settings change rebuilds the client in the background.
    await vi.waitFor(() => expect(services.link.requestsPerMinute).toBe(30));
    await services.dispose();
    const live = await createServices({
      dataFolder: folder,
      env: { MARKETDESK_TOKEN: 'env-token-2' },
      loadKeytar: null,
    });
    expect(live.link.requestsPerMinute).toBe(30); // the setting persisted
    await live.backend.setSettings({ requestsPerMinute: null });
    expect(live.settings.get().plan).toBe('base');
    await vi.waitFor(() =>
      expect(live.link.requestsPerMinute).toBe(DEFAULT_REQUESTS_PER_MINUTE.base),
    );
    await live.dispose();
  });

  it('reports a damaged cache as a notice and carries on with a fresh one', async () => {
    writeFileSync(path.join(folder, 'cache.db'), 'this is not a database'.repeat(100));
    const services = await createServices({ dataFolder: folder, loadKeytar: null });
    expect(services.status().notice).toMatch(/offline cache was damaged/);
    await services.dispose();
  });

  it('reports a cache from a newer version and works without it', async () => {
    const db = new Database(path.join(folder, 'cache.db'));
    db.pragma('user_version = 999');
    db.close();
    const services = await createServices({ dataFolder: folder, loadKeytar: null });
    expect(services.status().notice).toMatch(/newer Marketdesk.*without an offline cache/);
    expect(services.db.sqlite.name).toBe(':memory:');
    await services.dispose();
  });

  it('applies a cache budget change at once, without a restart', async () => {
    const services = await createServices({ dataFolder: folder, loadKeytar: null });
    expect(services.history.budgetBytes).toBe(services.settings.get().cacheBudgetBytes);
    await services.backend.setSettings({ cacheBudgetBytes: 64 * 1024 * 1024 });
    expect(services.history.budgetBytes).toBe(64 * 1024 * 1024);
    await services.dispose();
  });

  it('takes MARKETDESK_TOKEN as a live token that the bridge may not replace', async () => {
    const services = await createServices({
      dataFolder: folder,
      env: { MARKETDESK_TOKEN: 'env-token-1' },
      loadKeytar: null,
    });
    expect(services.status()).toMatchObject({ mode: 'live', tokenStorage: 'environment' });
    expect(services.link.simulatorUrl).toBeNull();
    await expect(services.backend.setToken('other')).rejects.toMatchObject({ code: 'forbidden' });
    expect(services.backend.redact('x env-token-1 y')).toBe('x [redacted] y');
    await services.dispose();
  });

  it('removes the token when the base URL moves to another origin, and says so', async () => {
    const secretStore = new SessionStore();
    await secretStore.set('tok-live-1');
    const services = await createServices({ dataFolder: folder, secretStore });
    expect(services.status()).toMatchObject({ mode: 'live', notice: null });
    const fetched = vi.fn(globalThis.fetch);
    vi.stubGlobal('fetch', fetched);
    try {
      await services.backend.setSettings({ baseUrl: 'https://collector.example' });
      await vi.waitFor(() => expect(services.link.simulatorUrl).not.toBeNull());
      expect(services.status()).toMatchObject({
        hasToken: false,
        notice:
          'The service address changed, so the token was removed; enter it again in Settings.',
      });
      expect(await secretStore.get()).toEqual({ ok: true, value: null });
      expect(services.link.client.baseUrl).toBe(services.link.simulatorUrl);
      for (const [input] of fetched.mock.calls) {
        expect(String(input)).not.toContain('collector.example');
      }
    } finally {
      vi.unstubAllGlobals();
      await services.dispose();
    }
  });

  it.each(['setToken', 'clearToken'] as const)(
    'leaves no simulator running when disposed during a %s rebuild',
    async (operation) => {
      // Shut down at successive points of the change (counted in microtask turns):
      // before, during and after its rebuild.
      for (let turns = 0; turns <= 12; turns++) {
        const secretStore = new SessionStore();
        if (operation === 'clearToken') await secretStore.set('tok-live-2');
        const services = await createServices({ dataFolder: folder, secretStore });
        const simulators: string[] = [];
        const record = () => {
          if (services.link.simulatorUrl) simulators.push(services.link.simulatorUrl);
        };
        record();
        services.link.onClient(record);
        const change =
          operation === 'setToken'
            ? services.backend.setToken('tok-live-3')
            : services.backend.clearToken();
        const outcome = change.then(
          () => 'done',
          (error: unknown) => String(error),
        );
        for (let i = 0; i < turns; i++) await Promise.resolve();
        await services.dispose();
        // A change overtaken by shutdown is not an error the caller must handle.
        expect(await outcome).toBe('done');
        for (const url of simulators) expect(await accepts(url)).toBe(false);
        expect(services.link.simulatorUrl).toBeNull();
      }
    },
  );
});
