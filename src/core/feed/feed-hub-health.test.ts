/**
 * The hub's health rules against a scripted client on manual timers: backoff, stale
 * marks, offline detection and recovery, error states, and budget stretching with a
 * real rate limiter.
 */
import { describe, expect, it } from 'vitest';
import type { SubscriptionSpec } from '../../shared/bridge';
import { planOf, type DataHealth } from '../../shared/model';
import { RateLimiter } from '../api';
import type { FeedStatus } from './types';
import { FakeFeedClient, apiError } from './testing/fake-client';
import type { ManualTimers } from '../../shared/testing/manual-timers';
import { manualHub, stockDepth } from './testing/hub';
import { Recorder } from './testing/recorder';

const setup = manualHub;

const quotes = (codes: string[], cls: 'stock' | 'crypto' = 'stock'): SubscriptionSpec => ({
  kind: 'quotes',
  class: cls,
  region: cls === 'stock' ? 'US' : 'BA',
  exchange: '',
  codes,
});

/** Gaps between consecutive calls, in ms. */
const gaps = (client: FakeFeedClient) =>
  client.calls.slice(1).map((c, i) => c.at - client.calls[i]!.at);

describe('FeedHub: backoff', () => {
  it('backs a failing group off exponentially up to a cap and resets on success', async () => {
    const { timers, client, hub } = setup();
    const r = new Recorder();
    hub.subscribe('w', quotes(['AAPL']), r.push);
    client.error = apiError('http', 'the service answered 503', 503);
    await timers.advance(200_000);
    expect(gaps(client).slice(0, 6)).toEqual([2000, 4000, 8000, 16_000, 32_000, 60_000]);
    expect(r.state).toBe('stale');
    expect(r.status!.message).toBe('the service answered 503');
    // It answered: reachable, but failing.
    expect(hub.health.snapshot()).toMatchObject({
      state: 'degraded',
      lastError: 'the service answered 503',
    });
    client.error = null;
    const healedAt = client.calls.length;
    await timers.advance(65_000);
    expect(r.state).toBe('live');
    expect(hub.health.snapshot()).toMatchObject({ state: 'live', lastError: null });
    const after = client.calls
      .slice(healedAt + 1)
      .map((c, i) => c.at - client.calls[healedAt + i]!.at);
    expect(after.every((g) => g === 1000)).toBe(true);
    hub.dispose();
  });

  it('backs groups off independently', async () => {
    const { timers, client, hub } = setup();
    hub.subscribe('w', quotes(['AAPL']), new Recorder().push);
    hub.subscribe('w', stockDepth('AAPL'), new Recorder().push);
    await timers.advance(0);
    const failing = client.depths.bind(client);
    client.depths = async (...args) => {
      await failing(...args);
      return { ok: false, error: apiError('http', 'depth broke', 500) };
    };
    await timers.advance(10_000);
    expect(client.callsOf('quotes')).toHaveLength(11);
    expect(client.callsOf('depths').map((c) => c.at - client.calls[0]!.at)).toEqual([
      0, 1000, 3000, 7000,
    ]);
    hub.dispose();
  });
});

describe('FeedHub: stale marks', () => {
  it('marks a subscription stale after three intervals without data, live again on data', async () => {
    const { timers, client, hub, watch } = setup();
    const [r] = await watch(quotes(['AAPL']));
    client.hold = true;
    await timers.advance(3000);
    expect(r.state).toBe('live');
    expect(client.calls).toHaveLength(2); // the held request is not asked again meanwhile
    await timers.advance(1000);
    expect(r.state).toBe('stale');
    expect(r.status!.message).toMatch(/No new data for over 3 s/);
    client.hold = false;
    client.release();
    await timers.advance(0);
    expect(r.states()).toEqual(['loading', 'live', 'stale', 'live']);
    hub.dispose();
  });

  it('does not call one slow answer stale at a fast interval: 2 s at least', async () => {
    const { timers, client, hub, watch } = setup({ intervals: { quotes: 250 } });
    const [r] = await watch(quotes(['AAPL']));
    client.hold = true;
    // Three intervals are 750 ms: an answer taking 1.5 s would flicker stale and back.
    await timers.advance(1500);
    expect(r.state).toBe('live');
    client.hold = false;
    client.release();
    await timers.advance(0);
    client.hold = true;
    await timers.advance(2250);
    expect(r.state).toBe('stale');
    expect(r.status!.message).toMatch(/No new data for over 2 s/);
    expect(r.states()).toEqual(['loading', 'live', 'stale']);
    hub.dispose();
  });
});

describe('FeedHub: offline and recovery', () => {
  it('goes offline when every group fails to connect, probes gently, and recovers', async () => {
    const { timers, client, hub, watch } = setup();
    const healths: DataHealth[] = [];
    hub.health.onChange((h) => healths.push(h));
    const [a, b] = await watch(quotes(['AAPL']), stockDepth('AAPL'));
    expect(hub.health.snapshot().state).toBe('live');

    client.error = apiError('network', 'connection refused');
    await timers.advance(1000);
    const down = timers.now();
    expect(hub.health.snapshot()).toMatchObject({
      state: 'offline',
      since: down,
      lastError: 'connection refused',
    });
    expect(healths.at(-1)!.state).toBe('offline');
    expect(a.state).toBe('offline');
    expect(b.state).toBe('offline');

    // One probe at a time, 5 s then doubling to 30 s: 5, 15, 35, 65, 95, 125 s.
    const before = client.calls.length;
    await timers.advance(125_000);
    const probes = client.calls.slice(before).map((c) => c.at - down);
    expect(probes).toEqual([5000, 15_000, 35_000, 65_000, 95_000, 125_000]);

    // A new subscriber gets the last data at once, marked offline.
    const late = new Recorder();
    hub.subscribe('w2', quotes(['AAPL']), late.push);
    await timers.advance(0);
    expect(late.quoteCodes()).toEqual([['AAPL']]);
    expect(late.state).toBe('offline');

    client.error = null;
    client.bump();
    const healed = client.calls.length;
    await timers.advance(30_000);
    expect(hub.health.snapshot()).toMatchObject({ state: 'live', lastError: null });
    // The probe's success refreshes every group at once.
    const refresh = client.calls.slice(healed, healed + 3);
    expect(new Set(refresh.map((c) => c.at)).size).toBe(1);
    expect(refresh.map((c) => c.method).sort()).toEqual(['depths', 'quotes', 'quotes']);
    expect([a.state, b.state, late.state]).toEqual(['live', 'live', 'live']);
    expect(a.of('quotes').at(-1)!.quotes.AAPL!.last).toBe(101);
    expect(healths.at(-1)!.state).toBe('live');
    hub.dispose();
  });

  it('does not leave a subscription offline when its group fails otherwise after recovery', async () => {
    const { timers, client, hub, watch } = setup();
    const [r] = await watch(quotes(['AAPL']));
    client.error = apiError('network');
    await timers.advance(1000);
    expect(r.state).toBe('offline');
    client.error = apiError('http', 'the service answered 502', 502);
    await timers.advance(5000); // the probe gets an answer: reachable, failing
    expect(hub.health.snapshot()).toMatchObject({
      state: 'degraded',
      lastError: 'the service answered 502',
    });
    expect(r.state).toBe('offline');
    await timers.advance(5000);
    expect(r.status).toMatchObject({ state: 'stale', message: 'the service answered 502' });
    hub.dispose();
  });

  it('counts timeouts as unreachable too', async () => {
    const { timers, client, hub } = setup();
    hub.subscribe('w', quotes(['AAPL']), new Recorder().push);
    await timers.advance(0);
    client.error = apiError('timeout');
    await timers.advance(10_000);
    expect(hub.health.snapshot().state).toBe('offline');
    hub.dispose();
  });
});

describe('FeedHub: error states', () => {
  it('reports markets outside the plan as not-entitled', async () => {
    const { client, hub, watch } = setup();
    client.error = apiError('not-entitled', 'Your plan does not include stock quotes in JP.');
    const [r] = await watch(quotes(['7203']));
    expect(r.status).toMatchObject({
      state: 'not-entitled',
      message: 'Your plan does not include stock quotes in JP.',
    });
    hub.dispose();
  });

  it('reports a refused token on every subscription and in the health, and stops asking', async () => {
    const { timers, client, hub, watch } = setup();
    client.error = apiError('auth', 'The token was refused.');
    const [r, other] = await watch(quotes(['AAPL']), stockDepth('MSFT'));
    expect(r.state).toBe('token-rejected');
    expect(other.state).toBe('token-rejected');
    expect(hub.health.snapshot()).toMatchObject({
      state: 'token-rejected',
      lastError: 'The token was refused.',
    });
    const sent = client.calls.length;
    // The first answer refused the token: the depth clock, ticking right after, sent nothing.
    expect(client.calls.map((c) => c.method)).toEqual(['quotes']);
    // The service would answer now, but the token is not tried again: no retry, no probe.
    client.error = null;
    await timers.advance(120_000);
    expect(client.calls).toHaveLength(sent);
    expect(r.state).toBe('token-rejected');
    // A new client (a new token) is a new link: asked again at once.
    hub.setClient(client, planOf('premium'));
    await timers.advance(0);
    expect(r.state).toBe('live');
    expect(hub.health.snapshot().state).toBe('live');
    hub.dispose();
  });

  it('sends codes the source has not got as unknown codes', async () => {
    const { timers, client, hub, watch } = setup();
    client.missing.add('NOPE');
    const [some, none] = await watch(quotes(['AAPL', 'NOPE']), quotes(['NOPE']));
    expect(some.status).toMatchObject({ state: 'live', unknownCodes: ['NOPE'] });
    expect(some.quoteCodes()).toEqual([['AAPL']]);
    expect(none.status).toMatchObject({ state: 'unknown', unknownCodes: ['NOPE'] });
    // An unknown symbol is the pane's matter: the service itself is fine.
    expect(hub.health.snapshot().state).toBe('live');
    // An outage does not forget which codes are unknown.
    client.error = apiError('network');
    await timers.advance(1000);
    expect(some.status).toMatchObject({ state: 'offline', unknownCodes: ['NOPE'] });
    hub.dispose();
  });

  it('says codes the source knows and has no record of yet as such, never as unknown', async () => {
    // A replay before a channel's first frame: the symbol is in the recording, its quote
    // comes later in the span.
    const { timers, client, hub, watch } = setup();
    client.pending.add('LATE');
    const [some, only] = await watch(quotes(['AAPL', 'LATE']), quotes(['LATE']));
    expect(only.status?.state).toBe('live');
    expect(only.status?.unknownCodes ?? []).toEqual([]);
    expect(only.status?.message).toMatch(/No data yet for LATE/);
    expect(some.status?.state).toBe('live');
    expect(some.status?.unknownCodes ?? []).toEqual([]);
    expect(some.quoteCodes()).toEqual([['AAPL']]);
    // Its first record comes: no note any more.
    client.pending.delete('LATE');
    await timers.advance(1000);
    expect(only.status?.state).toBe('live');
    expect(only.status?.message).toBeUndefined();
    hub.dispose();
  });

  it('survives a subscriber whose push throws', async () => {
    const errors: unknown[] = [];
    const { hub, watch } = setup({ onError: (e) => errors.push(e) });
    hub.subscribe('gone', quotes(['AAPL']), () => {
      throw new Error('window destroyed');
    });
    const [ok] = await watch(quotes(['AAPL']));
    expect(ok.state).toBe('live');
    expect(errors.length).toBeGreaterThan(0);
    hub.dispose();
  });
});

describe('FeedHub: request budget', () => {
  it('stretches every interval by one factor to fit the budget and says so', async () => {
    // The client's own limiter at the same budget, on the same manual clock.
    const withLimiter = (t: ManualTimers) =>
      new FakeFeedClient(t.now, {
        maxCodes: 10,
        limiter: new RateLimiter({ requestsPerMinute: 60, clock: t.clock() }),
      });
    const { timers, client, hub } = setup(
      { plan: planOf('base'), requestsPerMinute: 60 },
      withLimiter,
    );
    const statuses: FeedStatus[] = [];
    hub.onStatus((s) => statuses.push(s));
    const codes = Array.from({ length: 25 }, (_, i) => `S${i}`);
    hub.subscribe('w', quotes(codes), new Recorder().push); // 3 requests a tick
    hub.subscribe('w', quotes(['BTCUSDT'], 'crypto'), new Recorder().push); // 1
    hub.subscribe('w', stockDepth('AAPL'), new Recorder().push); // 1
    // Wanted: 5 requests a second = 300/min; the hub plans for 90 % of the background
    // quarter of 60 (15): 13.5.
    expect(hub.status().budget).toEqual({
      requestsPerMinute: 13.5,
      wantedPerMinute: 300,
      stretch: 300 / 13.5,
      oneOffRequests: 0,
    });
    expect(statuses.at(-1)!.budget.stretch).toBe(300 / 13.5);
    await timers.advance(0);
    const start = client.requests;
    await timers.advance(120_000);
    const perMinute = (client.requests - start) / 2;
    expect(perMinute).toBeGreaterThanOrEqual(12);
    expect(perMinute).toBeLessThanOrEqual(15);
    // One factor for all: quotes and depth keep the same cadence.
    const quoteTicks = new Set(client.callsOf('quotes').map((c) => c.at));
    const depthTicks = new Set(client.callsOf('depths').map((c) => c.at));
    expect([...depthTicks].every((t) => quoteTicks.has(t))).toBe(true);
    hub.dispose();
  });

  it('on a plan too small for every row at once, refreshes the rows in turn, oldest first', async () => {
    const { timers, client, hub } = setup({ plan: planOf('free'), requestsPerMinute: 5 });
    const markets = ['US', 'HK', 'GB'];
    for (const region of markets) {
      const spec: SubscriptionSpec = {
        kind: 'quotes',
        class: 'stock',
        region,
        exchange: '',
        codes: ['AAA'],
      };
      hub.subscribe('w', spec, new Recorder().push);
    }
    await timers.advance(0);
    // Each market's first paint, in the order the panes asked.
    expect(client.callsOf('quotes').map((c) => c.region)).toEqual(markets);
    // The US row is refreshed out of turn (a pane adds a symbol to it): it is the newest.
    await timers.advance(1_000);
    hub.subscribe('w', quotes(['AAA', 'BBB']), new Recorder().push);
    await timers.advance(0);
    expect(client.callsOf('quotes').at(-1)).toMatchObject({ region: 'US' });
    // At the lane's next tick the oldest go first: HK, GB, then US.
    const before = client.callsOf('quotes').length;
    await timers.advance(120_000);
    expect(
      client
        .callsOf('quotes')
        .slice(before, before + 3)
        .map((c) => c.region),
    ).toEqual(['HK', 'GB', 'US']);
    hub.dispose();
  });

  it('tells a subscription polled slower than asked its pace at each refresh', async () => {
    const { timers, hub } = setup({ plan: planOf('base'), requestsPerMinute: 60 });
    const slow = new Recorder();
    hub.subscribe('w', quotes(Array.from({ length: 25 }, (_, i) => `S${i}`)), slow.push);
    await timers.advance(30_000);
    const paced = slow.of('subscriptionStatus').filter((s) => s.pace);
    // 3 requests a tick at 1 s wanted, 13.5 a minute allowed: every ~13.3 s.
    expect(paced.length).toBeGreaterThanOrEqual(2);
    const { everyMs, checkedAt } = paced.at(-1)!.pace!;
    expect(everyMs).toBeCloseTo((3 * 60_000) / 13.5);
    expect(checkedAt).toBeLessThanOrEqual(timers.now());
    expect(checkedAt).toBeGreaterThan(timers.now() - everyMs);
    expect(paced.at(-1)!.state).toBe('live');
    hub.dispose();
  });

  it('relaxes again when subscriptions go', async () => {
    const { hub } = setup({ plan: planOf('base'), requestsPerMinute: 60 });
    const big = hub.subscribe(
      'w',
      quotes(Array.from({ length: 25 }, (_, i) => `S${i}`)),
      () => undefined,
    );
    hub.subscribe('w', stockDepth('AAPL'), () => undefined);
    expect(hub.status().budget.stretch).toBeGreaterThan(1);
    hub.unsubscribe(big);
    expect(hub.status().budget).toEqual({
      requestsPerMinute: 13.5,
      wantedPerMinute: 60,
      stretch: 60 / 13.5,
      oneOffRequests: 0,
    });
    hub.dispose();
  });
});
