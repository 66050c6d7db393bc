import Database from 'better-sqlite3';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BASE_URL_PLAIN_HTTP } from '../shared/model';
import { DEFAULT_REQUESTS_PER_MINUTE } from './api';
import { DEMO_REQUESTS_PER_MINUTE } from './link';
import { quotesSpec } from './feed/testing/hub';
import { createTestServices } from './testing/services';
import { SessionStore } from './secrets/session-store';
import { FakeKeytar } from './secrets/test-fakes';
import { connect } from 'node:net';
import { startTokenEchoService, type TokenEchoService } from './testing/token-echo-service';

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
    const services = await createTestServices({ dataFolder: folder });
    const url = services.link.demoUrl!;
    expect(services.status()).toMatchObject({ mode: 'demo', hasToken: false, notice: null });
    expect(services.link.client.baseUrl).toBe(url);
    // Only the app that started it is answered: its client has the launch's demo token.
    expect((await fetch(`${url}/stock/quotes?region=US&codes=AAPL`)).status).toBe(401);
    const quotes = await services.link.client.quotes('stock', { region: 'US', codes: ['AAPL'] });
    expect(quotes.ok).toBe(true);
    await services.dispose();
    await expect(fetch(`${url}/stock/quotes?region=US&codes=AAPL`)).rejects.toThrow();
  });

  it('polls demo data at the wanted rate, and live data within the plan budget', async () => {
    const services = await createTestServices({ dataFolder: folder });
    expect(services.link.requestsPerMinute).toBe(DEMO_REQUESTS_PER_MINUTE);
    await services.backend.setSettings({ requestsPerMinute: 30 });
    // A settings change rebuilds the client in the background.
    await vi.waitFor(() => expect(services.link.requestsPerMinute).toBe(30));
    await services.dispose();
    const live = await createTestServices({
      dataFolder: folder,
      env: { MARKETDESK_TOKEN: 'env-token-2' },
    });
    expect(live.link.requestsPerMinute).toBe(30); // the setting persisted
    await live.backend.setSettings({ requestsPerMinute: null });
    expect(live.settings.get().plan).toBe('base');
    await vi.waitFor(() =>
      expect(live.link.requestsPerMinute).toBe(DEFAULT_REQUESTS_PER_MINUTE.base),
    );
    await live.dispose();
  });

  it('streams demo prices, and polls them once the stream is turned off in Settings', async () => {
    const services = await createTestServices({ dataFolder: folder });
    const spec = quotesSpec('crypto', 'BA', ['BTCUSDT']);
    const prices: number[] = [];
    services.hub.subscribe('window', spec, (e) => {
      if (e.event === 'quotes') prices.push(e.payload.quotes.BTCUSDT!.last);
    });
    const stream = () => services.status().health.stream;
    await vi.waitFor(() => expect(stream()).toMatchObject({ state: 'streaming', streamed: 1 }), {
      timeout: 10_000,
    });
    await vi.waitFor(() => expect(prices.length).toBeGreaterThan(2), { timeout: 10_000 });
    await services.backend.setSettings({ streamEnabled: false });
    expect(stream()).toMatchObject({ state: 'polling', reason: 'off' });
    await services.backend.setSettings({ streamEnabled: true, streamSubscriptions: 1 });
    await vi.waitFor(() => expect(stream()).toMatchObject({ state: 'streaming', streamed: 1 }), {
      timeout: 10_000,
    });
    await services.dispose();
  });

  it('reports a damaged cache as a notice and carries on with a fresh one', async () => {
    writeFileSync(path.join(folder, 'cache.db'), 'this is not a database'.repeat(100));
    const services = await createTestServices({ dataFolder: folder });
    expect(services.status().notice).toMatch(/offline cache was damaged/);
    await services.dispose();
  });

  it('reports a cache from a newer version and works without it', async () => {
    const db = new Database(path.join(folder, 'cache.db'));
    db.pragma('user_version = 999');
    db.close();
    const services = await createTestServices({ dataFolder: folder });
    expect(services.status().notice).toMatch(/newer Marketdesk.*without an offline cache/);
    expect(services.db.sqlite.name).toBe(':memory:');
    await services.dispose();
  });

  it('applies a cache budget change at once, without a restart', async () => {
    const services = await createTestServices({ dataFolder: folder });
    expect(services.history.budgetBytes).toBe(services.settings.get().cacheBudgetBytes);
    await services.backend.setSettings({ cacheBudgetBytes: 64 * 1024 * 1024 });
    expect(services.history.budgetBytes).toBe(64 * 1024 * 1024);
    await services.dispose();
  });

  it('takes MARKETDESK_TOKEN as a live token that the bridge may not replace', async () => {
    const services = await createTestServices({
      dataFolder: folder,
      env: { MARKETDESK_TOKEN: 'env-token-1' },
    });
    expect(services.status()).toMatchObject({ mode: 'live', tokenStorage: 'environment' });
    expect(services.link.demoUrl).toBeNull();
    await expect(services.backend.setToken('other')).rejects.toMatchObject({
      kind: 'environment-override',
    });
    expect(services.backend.redact('x env-token-1 y')).toBe('x [redacted] y');
    await services.dispose();
  });

  it('sends the token only to its origin when the base URL moves to another, and says so', async () => {
    const secretStore = new SessionStore();
    await secretStore.set('tok-live-1', 'https://api.itick.org');
    const services = await createTestServices({ dataFolder: folder, secretStore });
    expect(services.status()).toMatchObject({ mode: 'live', notice: null });
    const fetched = vi.fn(globalThis.fetch);
    vi.stubGlobal('fetch', fetched);
    try {
      await services.backend.setSettings({ baseUrl: 'https://collector.example' });
      await vi.waitFor(() => expect(services.link.demoUrl).not.toBeNull());
      expect(services.status()).toMatchObject({
        hasToken: false,
        mode: 'demo',
        notice: expect.stringMatching(
          /^The token was given for https:\/\/api\.itick\.org, so it is not sent to https:\/\/collector\.example\./,
        ),
      });
      expect(services.link.client.baseUrl).toBe(services.link.demoUrl);
      await services.backend.getInfo({ region: 'US', exchange: '', code: 'AAPL' });
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
        if (operation === 'clearToken')
          await secretStore.set('tok-live-2', 'https://api.itick.org');
        const services = await createTestServices({ dataFolder: folder, secretStore });
        const simulators: string[] = [];
        const record = () => {
          if (services.link.demoUrl) simulators.push(services.link.demoUrl);
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
        expect(services.link.demoUrl).toBeNull();
      }
    },
  );
});

describe('the token across a restart: sent only to the origin it was given for', () => {
  let a: TokenEchoService;
  let b: TokenEchoService;
  beforeEach(async () => {
    a = await startTokenEchoService();
    b = await startTokenEchoService();
  });
  afterEach(async () => {
    await a.close();
    await b.close();
  });

  const ask = (services: { backend: { getInfo: (x: never) => Promise<unknown> } }) =>
    services.backend.getInfo({ region: 'US', exchange: '', code: 'AAPL' } as never);

  it('MARKETDESK_TOKEN never follows a base URL changed in Settings, in this run or the next', async () => {
    const env = { MARKETDESK_TOKEN: 'env-token-follow-1' };
    const first = await createTestServices({ dataFolder: folder, env });
    // For the default service, not for a base URL the app is pointed at.
    await first.backend.setSettings({ baseUrl: b.url });
    await vi.waitFor(() => expect(first.link.demoUrl).not.toBeNull());
    expect(first.status()).toMatchObject({ mode: 'demo', hasToken: false });
    await ask(first);
    await first.dispose();

    // The next launch: the new base URL was saved; the token still goes nowhere near it.
    const second = await createTestServices({ dataFolder: folder, env });
    expect(second.settings.get().baseUrl).toBe(b.url);
    expect(second.status()).toMatchObject({
      mode: 'demo',
      hasToken: false,
      notice: expect.stringContaining('MARKETDESK_TOKEN is for https://api.itick.org'),
    });
    await ask(second);
    await second.dispose();
    expect(b.tokens).toEqual([]);
  });

  it('MARKETDESK_BASE_URL names the origin MARKETDESK_TOKEN is for, and wins over Settings', async () => {
    const env = { MARKETDESK_TOKEN: 'env-token-follow-2', MARKETDESK_BASE_URL: a.url };
    const services = await createTestServices({ dataFolder: folder, env });
    expect(services.status()).toMatchObject({ mode: 'live', source: `live:${a.url}` });
    expect(services.status().notice).toContain(
      `MARKETDESK_BASE_URL is set: data comes from ${a.url}`,
    );
    await services.backend.setSettings({ baseUrl: b.url });
    await ask(services);
    await services.dispose();
    expect(a.tokens).toContain('env-token-follow-2');
    expect(b.tokens).toEqual([]);
  });

  it('refuses a MARKETDESK_BASE_URL the Settings field would refuse, and sends its token nowhere', async () => {
    const env = {
      MARKETDESK_TOKEN: 'env-token-follow-3',
      MARKETDESK_BASE_URL: 'http://collector.example',
    };
    const services = await createTestServices({ dataFolder: folder, env });
    expect(services.status()).toMatchObject({ mode: 'demo', hasToken: false });
    expect(services.status().notice).toContain(
      `MARKETDESK_BASE_URL is not used: ${BASE_URL_PLAIN_HTTP}.`,
    );
    await services.dispose();
  });

  it('a stored token stays bound to its origin across a restart', async () => {
    const keytar = new FakeKeytar();
    const launch = () =>
      createTestServices({ dataFolder: folder, loadKeytar: async () => ({ default: keytar }) });
    const first = await launch();
    expect(first.secrets.kind).toBe('keychain');
    await first.backend.setSettings({ baseUrl: a.url });
    await first.backend.setToken('stored-token-bound-1');
    await first.backend.setSettings({ baseUrl: b.url });
    await first.dispose();

    const second = await launch();
    expect(second.status()).toMatchObject({
      mode: 'demo',
      hasToken: false,
      notice: expect.stringContaining(`The token was given for ${a.url}`),
    });
    await ask(second);
    expect(b.tokens).toEqual([]);
    // Back to its own service: sent again, without entering it.
    await second.backend.setSettings({ baseUrl: a.url });
    await vi.waitFor(() => expect(second.status().mode).toBe('live'));
    await ask(second);
    await second.dispose();
    expect(a.tokens).toContain('stored-token-bound-1');
    expect(b.tokens).toEqual([]);
  });

  it('binds a token stored before tokens were bound to the base URL in Settings at first read', async () => {
    const keytar = new FakeKeytar();
    const launch = () =>
      createTestServices({ dataFolder: folder, loadKeytar: async () => ({ default: keytar }) });
    const setup = await launch();
    await setup.backend.setSettings({ baseUrl: a.url });
    await setup.dispose();
    // What an older Marketdesk left in the keychain: the bare token, no origin.
    keytar.entries.set('Marketdesk/api-token', 'legacy-token-1');

    const first = await launch();
    expect(first.settings.get().baseUrl).toBe(a.url);
    expect(first.status().mode).toBe('live');
    expect(JSON.parse(keytar.entries.get('Marketdesk/api-token')!)).toMatchObject({
      origin: a.url,
      token: 'legacy-token-1',
    });
    await first.backend.setSettings({ baseUrl: b.url });
    await first.dispose();

    const second = await launch();
    expect(second.status().mode).toBe('demo');
    await ask(second);
    await second.dispose();
    expect(b.tokens).toEqual([]);
  });
});
