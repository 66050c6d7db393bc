import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_REQUESTS_PER_MINUTE } from './api';
import { DEMO_REQUESTS_PER_MINUTE } from './bridge/market-link';
import { createServices } from './services';

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
});
