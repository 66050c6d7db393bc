/**
 * Settings' connection Test against the simulator: what it reports for a service that
 * works, one that refuses the token, an address that does not answer, markets outside
 * the plan, a spent minute, and the stream (the feed's own, or a probe).
 */
import { describe, expect, it } from 'vitest';
import { planOf, type PlanName } from '../../shared/model';
import { startSimulator } from '../../simulator';
import { MarketClient } from '../api';
import { StreamClient } from '../stream';
import { probeStream, testConnection, type ConnectionTestDeps } from './connection-test';
import { STREAMING } from '../../shared/testing/fixtures';
import { closeAfterEach } from '../../shared/testing/close-after-each';

const TOKEN = 'connection-test-token-7f2a';
const simulator = closeAfterEach((options: Parameters<typeof startSimulator>[0] = {}) =>
  startSimulator({ token: TOKEN, ...options }),
);

const MARKETS = [
  { cls: 'stock', region: 'US', code: 'AAPL' },
  { cls: 'stock', region: 'HK', code: '700' },
  { cls: 'crypto', region: 'BA', code: 'BTCUSDT' },
] as const;

function deps(
  baseUrl: string,
  over: Partial<ConnectionTestDeps> & { token?: string; plan?: PlanName } = {},
): ConnectionTestDeps {
  const plan = over.plan ?? 'base';
  const client = new MarketClient({
    baseUrl,
    token: over.token ?? TOKEN,
    plan: planOf(plan),
    timeoutMs: 2_000,
    retry: { attempts: 1 },
  });
  return {
    mode: 'live',
    address: new URL(baseUrl).origin,
    plan,
    client,
    markets: MARKETS,
    stream: { health: STREAMING, refusal: null },
    probeStream: () => Promise.reject(new Error('the feed streams: no probe')),
    redact: (text) => text.replaceAll(over.token ?? TOKEN, '••••'),
    now: () => 1_700_000_000_000,
    ...over,
  };
}

const lines = (report: { checks: { subject: string; verdict: string }[] }) =>
  report.checks.map((c) => `${c.subject}: ${c.verdict}`);

describe('connection test', () => {
  it('a working service: REST answers, the stream and its subscriptions are the feed’s, a market outside the plan is named', async () => {
    const sim = await simulator({ deniedMarkets: ['stock:HK'] });
    const report = await testConnection(deps(sim.url));
    expect(lines(report)).toEqual([
      'REST: ok',
      'Stream: ok',
      'Subscriptions: ok',
      'stock · US: ok',
      'stock · HK: failed',
      'crypto · BA: ok',
    ]);
    expect(report.checks[0]!.text).toMatch(
      /^The service answers \(\d+ ms\) and takes the token\.$/,
    );
    expect(report.checks[2]!.text).toBe('10 symbols subscribed and acknowledged.');
    expect(report.checks[4]!.text).toBe('Not in your plan: the service answers 700 with no data.');
    expect(sim.stats().requests).toBe(3);
  });

  it('a refused token: REST says so, asks once, and the stream is not tried', async () => {
    const sim = await simulator();
    const report = await testConnection(deps(sim.url, { token: 'wrong-token-0000' }));
    expect(lines(report)).toEqual(['REST: failed', 'Stream: not-checked']);
    expect(report.checks[0]!.text).toMatch(/^The service refused the token \(.+\)\. Set the token/);
    expect(JSON.stringify(report)).not.toContain('wrong-token-0000');
    expect(sim.stats().requests).toBe(1);
  });

  it('an address that does not answer: REST says so', async () => {
    const sim = await simulator();
    const url = sim.url;
    await sim.close();
    const report = await testConnection(deps(url, { stream: null }));
    expect(lines(report)).toEqual(['REST: failed', 'Stream: not-checked']);
    expect(report.checks[0]!.text).toMatch(/^No answer from http:\/\/127\.0\.0\.1:\d+ \(/);
    expect(report.checks[1]!.text).toBe('Streaming is off in Settings: every price is polled.');
  });

  it('on a spent minute it asks one market only, and says the rest were not asked', async () => {
    const sim = await simulator();
    const d = deps(sim.url, { plan: 'free' });
    const client = d.client as MarketClient;
    // The feed took four of the free plan's five this minute.
    for (let i = 0; i < 4; i++) await client.quotes('stock', { region: 'US', codes: ['MSFT'] });
    sim.resetStats();
    const report = await testConnection(d);
    expect(lines(report).slice(3)).toEqual([
      'stock · US: ok',
      'stock · HK: not-checked',
      'crypto · BA: not-checked',
    ]);
    expect(report.checks[4]!.text).toBe(
      "Not asked: the free plan's minute has no room left (5 of 5 used). Its panes show what the service answers.",
    );
    expect(sim.stats().requests).toBe(1);
  });

  it('says when the stream is down or the service refused more subscriptions', async () => {
    const sim = await simulator();
    const down = await testConnection(
      deps(sim.url, {
        stream: {
          refusal: null,
          health: {
            ...STREAMING,
            state: 'reconnecting',
            reason: 'down',
            streamed: 0,
            polled: 10,
            message: 'HTTP 503',
          },
        },
      }),
    );
    expect(down.checks[1]).toEqual({
      subject: 'Stream',
      verdict: 'failed',
      text: 'Does not connect (HTTP 503); prices are polled while it retries.',
    });
    const over = await testConnection(
      deps(sim.url, {
        stream: {
          health: {
            ...STREAMING,
            reason: 'over-limit',
            streamed: 3,
            polled: 7,
            message: 'refused',
          },
          refusal: 'exceeding the maximum subscription limit',
        },
      }),
    );
    expect(over.checks[2]).toEqual({
      subject: 'Subscriptions',
      verdict: 'failed',
      text: '3 symbols subscribed and acknowledged; the service refused more (exceeding the maximum subscription limit). 7 are polled.',
    });
    // Left out by the plan's own connections: not a failure, and said why.
    const parked =
      'The plan allows 3 stream connections, one per asset class: fund prices are polled.';
    const full = await testConnection(
      deps(sim.url, {
        stream: {
          health: { ...STREAMING, reason: 'over-limit', streamed: 8, polled: 2, message: parked },
          refusal: null,
        },
      }),
    );
    expect(full.checks[2]).toEqual({
      subject: 'Subscriptions',
      verdict: 'ok',
      text: `8 symbols subscribed and acknowledged; 2 more are polled. ${parked}`,
    });
  });

  it('probes the stream when the feed streams nothing: connects, subscribes one symbol, closes', async () => {
    const sim = await simulator();
    const opened: StreamClient[] = [];
    const open = (cls: 'stock' | 'crypto' | 'fund' | 'future' | 'indices') => {
      const client = new StreamClient({ cls, baseUrl: sim.url, token: TOKEN, limit: 1 });
      opened.push(client);
      return client;
    };
    const report = await testConnection(
      deps(sim.url, {
        stream: { health: { ...STREAMING, state: 'idle', streamed: 0 }, refusal: null },
        probeStream: (market) => probeStream(open, market),
      }),
    );
    expect(report.checks.slice(1, 3)).toEqual([
      { subject: 'Stream', verdict: 'ok', text: 'Connected and authenticated.' },
      {
        subject: 'Subscriptions',
        verdict: 'ok',
        text: 'AAPL (stock) subscribed and acknowledged.',
      },
    ]);
    expect(opened.map((c) => c.state.kind)).toEqual(['disposed']);
  });

  it('a probe the service refuses as over its limit says so', async () => {
    const sim = await simulator({ streamLimit: 0 });
    const open = (cls: 'stock' | 'crypto' | 'fund' | 'future' | 'indices') =>
      new StreamClient({ cls, baseUrl: sim.url, token: TOKEN, limit: 1 });
    const state = await probeStream(open, MARKETS[2]);
    expect(state).toMatchObject({ kind: 'over-limit', subscribed: 0 });
  });

  it('in demo mode it asks nothing and says a token is needed', async () => {
    const sim = await simulator();
    const report = await testConnection(deps(sim.url, { mode: 'demo' }));
    expect(lines(report)).toEqual(['Token: failed']);
    expect(sim.stats().requests).toBe(0);
  });
});
