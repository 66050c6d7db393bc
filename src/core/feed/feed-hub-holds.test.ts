/**
 * The hub under the health service's holds, on manual timers: a 429 pauses every group
 * until `Retry-After` and says when on every pane; a refusal recorded by anyone (a chart's
 * history, a company card) stops the hub too; LIVE never shows while a group fails;
 * markets outside the plan.
 */
import { describe, expect, it } from 'vitest';
import { planOf } from '../../shared/model';
import { ApiError } from '../api';
import { HealthService, rateLimitedMessage } from '../health';
import { apiError } from './testing/fake-client';
import { manualHub, stockDepth, stockQuotes } from './testing/hub';
import { Recorder } from './testing/recorder';

/** A hub on manual timers; `shared`: with a health service the test also records in. */
const setup = (shared = false) =>
  manualHub((timers) => (shared ? { health: new HealthService({ now: timers.now, timers }) } : {}));

const tooMany = (retryAfterMs: number) =>
  new ApiError({
    kind: 'rate-limited',
    operation: 'stockQuotes',
    status: 429,
    retryAfterMs,
    message: 'The market data service is limiting the request rate (HTTP 429).',
  });

describe('FeedHub: rate limited', () => {
  it('pauses every group until Retry-After, says when on every pane, then asks all at once', async () => {
    const { timers, client, hub, watch } = setup();
    const [q, d] = await watch(stockQuotes(['AAPL']), stockDepth('AAPL'));
    expect(hub.health.snapshot().state).toBe('live');

    client.error = tooMany(30_000);
    await timers.advance(1000);
    const resumesAt = timers.now() + 30_000;
    expect(hub.health.snapshot()).toMatchObject({ state: 'rate-limited', resumesAt });
    for (const r of [q, d]) {
      expect(r.status).toMatchObject({
        state: 'rate-limited',
        message: rateLimitedMessage(resumesAt),
      });
    }
    // Only the request that got the 429: the depth clock, right after it, waits too.
    const limitedAt = client.calls.length;
    expect(client.calls.at(-1)!.method).toBe('quotes');

    client.error = null;
    client.bump();
    await timers.advance(29_999);
    expect(client.calls).toHaveLength(limitedAt);
    await timers.advance(1);
    const resumed = client.calls.slice(limitedAt);
    expect(resumed.map((c) => c.method).sort()).toEqual(['depths', 'quotes']);
    expect(resumed.every((c) => c.at === resumesAt)).toBe(true);
    expect([q.state, d.state]).toEqual(['live', 'live']);
    expect(hub.health.snapshot()).toMatchObject({ state: 'live', resumesAt: null });
    hub.dispose();
  });

  it('tells a pane subscribing during the hold when it resumes', async () => {
    const { timers, client, hub, watch } = setup();
    hub.subscribe('w', stockQuotes(['AAPL']), new Recorder().push);
    client.error = tooMany(60_000);
    await timers.advance(0);
    const [late] = await watch(stockQuotes(['MSFT']));
    expect(late.state).toBe('rate-limited');
    expect(late.states()).not.toContain('loading');
    hub.dispose();
  });
});

describe('FeedHub: one health service for every request', () => {
  it('stops polling when another request (a chart, a company card) finds the token refused', async () => {
    const { timers, client, hub } = setup(true);
    const r = new Recorder();
    hub.subscribe('w', stockQuotes(['AAPL']), r.push);
    await timers.advance(3000);
    const sent = client.calls.length;
    hub.health.record({ kind: 'token-rejected', message: 'HTTP 401' }, { channel: 'info' });
    expect(r.state).toBe('token-rejected');
    await timers.advance(60_000);
    expect(client.calls).toHaveLength(sent);
    // A shared health service is reset by whoever knows the token changed, not by setClient.
    hub.setClient(client, planOf('base'));
    await timers.advance(5000);
    expect(client.calls).toHaveLength(sent);
    hub.health.reset();
    await timers.advance(0);
    expect(client.calls.length).toBeGreaterThan(sent);
    expect(r.state).toBe('live');
    hub.dispose();
  });

  it('is never live while one group fails, and forgets a group that closed', async () => {
    const { timers, client, hub } = setup();
    hub.subscribe('w', stockQuotes(['AAPL']), new Recorder().push);
    const failing = new Recorder();
    const id = hub.subscribe('w', stockDepth('AAPL'), failing.push);
    const depths = client.depths.bind(client);
    client.depths = async (...args) => {
      await depths(...args);
      return { ok: false, error: apiError('http', 'depth: HTTP 500', 500) };
    };
    await timers.advance(0);
    const seen = new Set<string>([hub.health.snapshot().state]);
    hub.health.onChange((h) => seen.add(h.state));
    for (let i = 0; i < 120; i++) {
      await timers.advance(1000);
      seen.add(hub.health.snapshot().state);
    }
    // A minute of quotes succeeding every second while depth keeps failing: never live.
    expect([...seen]).toEqual(['degraded']);
    expect(hub.health.snapshot().lastError).toBe('depth: HTTP 500');
    hub.unsubscribe(id);
    expect(hub.health.snapshot().state).toBe('live');
    hub.dispose();
  });
});

describe('FeedHub: not in plan', () => {
  it('is not-in-plan when every market asked is outside the plan, live and saying so beside others', async () => {
    const { timers, client, hub, watch } = setup();
    const quotes = client.quotes.bind(client);
    client.quotes = async (cls, params, options) => {
      const r = await quotes(cls, params, options);
      if (params.region !== 'JP') return r;
      return {
        ok: false,
        error: apiError('not-entitled', 'Not in your plan: stock quotes in JP.'),
      };
    };
    const [jp] = await watch(stockQuotes(['7203'], 'JP'));
    expect(jp.status).toMatchObject({
      state: 'not-entitled',
      message: 'Not in your plan: stock quotes in JP.',
    });
    expect(hub.health.snapshot()).toMatchObject({
      state: 'not-in-plan',
      lastError: 'Not in your plan: stock quotes in JP.',
    });
    hub.subscribe('w', stockQuotes(['AAPL']), new Recorder().push);
    await timers.advance(1000);
    expect(hub.health.snapshot()).toMatchObject({
      state: 'live',
      lastError: null,
      outsidePlan: 'Not in your plan: stock quotes in JP.',
    });
    hub.dispose();
  });
});
