/**
 * The health model's states and transitions on manual timers: every state is entered
 * and left the way README.md says, LIVE never shows while a request is failing, and
 * the probes, wake-ups and waits run on the injected clock.
 */
import { describe, expect, it } from 'vitest';
import type { DataHealth, StreamHealth } from '../../shared/model';
import { ManualTimers } from '../../shared/testing/manual-timers';
import { HealthService } from './health-service';
import { TOKEN_REJECTED_MESSAGE, clockTime, rateLimitedMessage } from './messages';
import { SUCCESS, type Outcome } from './outcome';
import { STREAM_OFF, type HealthServiceOptions } from './types';

function setup(options: HealthServiceOptions = {}) {
  const timers = new ManualTimers();
  const health = new HealthService({ now: timers.now, timers, ...options });
  const told: DataHealth[] = [];
  health.onChange((h) => told.push(h));
  return { timers, health, told, states: () => told.map((h) => h.state) };
}

const fail = (
  kind: Exclude<Outcome['kind'], 'success' | 'rate-limited'>,
  message: string = kind,
): Outcome => ({ kind, message });
const limited = (retryAfterMs?: number): Outcome =>
  retryAfterMs === undefined
    ? { kind: 'rate-limited', message: 'HTTP 429' }
    : { kind: 'rate-limited', message: 'HTTP 429', retryAfterMs };

describe('HealthService: the stream', () => {
  const streaming: StreamHealth = { ...STREAM_OFF, state: 'streaming', reason: null, streamed: 10 };

  it('says prices are polled until told otherwise, and tells each change once', () => {
    const { health, told } = setup();
    expect(health.snapshot().stream).toEqual({ ...STREAM_OFF, state: 'polling', reason: 'off' });
    health.setStream(streaming);
    health.setStream({ ...streaming });
    const reconnecting: StreamHealth = {
      ...streaming,
      state: 'reconnecting',
      reason: 'down',
      streamed: 0,
      polled: 10,
      nextAttemptAt: 5,
      message: 'the stream endpoint answered 503',
    };
    health.setStream(reconnecting);
    expect(told.map((h) => h.stream)).toEqual([streaming, reconnecting]);
    // The data's state is the requests' to say: the stream alone does not make it live.
    expect(told.map((h) => h.state)).toEqual(['connecting', 'connecting']);
  });

  it('keeps the stream through a reset (a new token): the hub says what streams', () => {
    const { health } = setup();
    health.setStream(streaming);
    health.reset();
    expect(health.snapshot().stream).toEqual(streaming);
  });

  it('hands out copies', () => {
    const { health } = setup();
    health.setStream(streaming);
    health.snapshot().stream.streamed = 99;
    expect(health.snapshot().stream.streamed).toBe(10);
  });
});

describe('HealthService: live', () => {
  it('is connecting until something answers, and live only once a request succeeded', () => {
    const { timers, health } = setup();
    expect(health.snapshot()).toMatchObject({ state: 'connecting', since: null, lastError: null });
    expect(health.snapshot().lastSuccessAt).toBeNull();
    health.record(SUCCESS, { channel: 'a' });
    expect(health.snapshot()).toEqual({
      state: 'live',
      since: timers.now(),
      lastSuccessAt: timers.now(),
      resumesAt: null,
      lastError: null,
      outsidePlan: null,
      stream: STREAM_OFF,
    });
  });

  it('tells listeners of state changes, not of every success', async () => {
    const { timers, health, told } = setup();
    health.record(SUCCESS);
    await timers.advance(1000);
    health.record(SUCCESS);
    expect(told).toHaveLength(1);
    expect(health.snapshot().lastSuccessAt).toBe(timers.now());
  });
});

describe('HealthService: degraded (5xx, timeouts while others answer)', () => {
  it('is never live while a channel is failing, and live again when it answers', () => {
    const { health, states } = setup();
    health.record(SUCCESS, { channel: 'quotes' });
    health.record(fail('failed', 'HTTP 503'), { channel: 'depth' });
    expect(health.snapshot()).toMatchObject({ state: 'degraded', lastError: 'HTTP 503' });
    // Other channels succeeding do not hide it.
    health.record(SUCCESS, { channel: 'quotes' });
    expect(health.snapshot().state).toBe('degraded');
    health.record(SUCCESS, { channel: 'depth' });
    expect(health.snapshot()).toMatchObject({ state: 'live', lastError: null });
    expect(states()).toEqual(['live', 'degraded', 'live']);
  });

  it('lets a one-off failure stand for its validity, then live again while others succeed', async () => {
    const { timers, health, states } = setup();
    health.record(SUCCESS, { channel: 'quotes' });
    health.record(fail('failed', 'info: HTTP 500'), { channel: 'info', validMs: 60_000 });
    await timers.advance(30_000);
    health.record(SUCCESS, { channel: 'quotes' });
    await timers.advance(29_999);
    expect(health.snapshot().state).toBe('degraded');
    await timers.advance(1);
    expect(health.snapshot().state).toBe('live');
    expect(states()).toEqual(['live', 'degraded', 'live']);
  });

  it('stays degraded when the failure runs out with nothing succeeding after it', async () => {
    const { timers, health } = setup();
    health.record(SUCCESS, { channel: 'quotes' });
    health.record(fail('failed', 'HTTP 500'), { channel: 'quotes', validMs: 1000 });
    await timers.advance(60_000);
    expect(health.snapshot()).toMatchObject({ state: 'degraded', lastError: 'HTTP 500' });
  });

  it('counts a timeout while another channel answers as degraded, three in a row as offline', async () => {
    const { timers, health } = setup();
    health.record(SUCCESS, { channel: 'news', validMs: 120_000 });
    health.record(fail('unreachable', 'timed out'), { channel: 'quotes' });
    expect(health.snapshot()).toMatchObject({ state: 'degraded', lastError: 'timed out' });
    await timers.advance(2000);
    health.record(fail('unreachable', 'timed out'), { channel: 'quotes' });
    expect(health.snapshot().state).toBe('degraded');
    await timers.advance(4000);
    health.record(fail('unreachable', 'refused'), { channel: 'quotes' });
    expect(health.snapshot()).toMatchObject({
      state: 'offline',
      since: timers.now(),
      lastError: 'refused',
    });
  });

  it("takes a stream's failed connection (a connection retrying by itself) as degraded at once, never offline", async () => {
    const { timers, health, states } = setup();
    const stream = { channel: 'stream:stock', retriesItself: true, validMs: 20_000 };
    health.record(SUCCESS, { channel: 'quotes', validMs: 120_000 });
    health.record(SUCCESS, { channel: 'news', validMs: 120_000 });
    health.record(SUCCESS, stream);
    // The service died: the stream cannot connect again, the next poll is a minute away.
    health.record(fail('unreachable', 'stream: connection refused'), stream);
    expect(health.snapshot()).toMatchObject({
      state: 'degraded',
      lastError: 'stream: connection refused',
    });
    // Its retries, however many, are one socket: no hold stops the polls that may work.
    for (let i = 0; i < 5; i++) {
      await timers.advance(2000);
      health.record(fail('unreachable', 'stream: connection refused'), stream);
    }
    expect(health.snapshot().state).toBe('degraded');
    expect(health.hold()).toBeNull();
    // The requests speak for the service: the first that cannot connect either…
    health.record(fail('unreachable', 'connection refused'), { channel: 'quotes' });
    expect(health.snapshot().state).toBe('degraded');
    health.record(fail('unreachable', 'connection refused'), { channel: 'depth' });
    health.record(fail('unreachable', 'connection refused'), { channel: 'news' });
    // …and three in a row: offline.
    expect(health.snapshot().state).toBe('offline');
    // The stream connecting again is an answer: back.
    health.record(SUCCESS, stream);
    expect(health.snapshot()).toMatchObject({ state: 'live', lastError: null });
    const steps = states().filter((state, i, all) => state !== all[i - 1]);
    expect(steps).toEqual(['live', 'degraded', 'offline', 'live']);
  });

  it("is live again once a request answers while the stream fails: the stream's trouble is then its own, until it connects", () => {
    const { health, states } = setup();
    const stream = { channel: 'stream:stock', retriesItself: true, validMs: 20_000 };
    health.record(SUCCESS, { channel: 'quotes', validMs: 120_000 });
    health.record(SUCCESS, stream);
    health.record(fail('failed', 'stream: HTTP 503'), stream);
    expect(health.snapshot().state).toBe('degraded');
    // A poll answers: the data is fine.
    health.record(SUCCESS, { channel: 'quotes', validMs: 120_000 });
    expect(health.snapshot()).toMatchObject({ state: 'live', lastError: null });
    // The stream's retries failing on: no flapping.
    health.record(fail('failed', 'stream: HTTP 503'), stream);
    health.record(fail('unreachable', 'stream: refused'), stream);
    expect(health.snapshot().state).toBe('live');
    // It connects; failing again after is news again.
    health.record(SUCCESS, stream);
    health.record(fail('unreachable', 'stream: refused'), stream);
    expect(health.snapshot()).toMatchObject({ state: 'degraded', lastError: 'stream: refused' });
    expect(states()).toEqual(['live', 'degraded', 'live', 'degraded']);
    // A closed channel forgets its excuse too.
    health.forget('stream:stock');
    expect(health.snapshot().state).toBe('live');
  });

  it("does not go offline on a stream's failure when nothing else stands", () => {
    const { health } = setup();
    health.record(fail('unreachable', 'stream: connection refused'), {
      channel: 'stream:crypto',
      retriesItself: true,
    });
    expect(health.snapshot().state).toBe('degraded');
    expect(health.offline).toBe(false);
  });

  it('forgets a channel that closed', () => {
    const { health } = setup();
    health.record(SUCCESS, { channel: 'a' });
    health.record(fail('failed'), { channel: 'b' });
    health.forget('b');
    expect(health.snapshot().state).toBe('live');
  });
});

describe('HealthService: not in plan', () => {
  it('is not-in-plan when every failure is that and nothing succeeds, live and saying so beside data', () => {
    const { health } = setup();
    health.record(fail('not-in-plan', 'Not in your plan: stock JP'), { channel: 'jp' });
    expect(health.snapshot()).toMatchObject({
      state: 'not-in-plan',
      lastError: 'Not in your plan: stock JP',
    });
    health.record(SUCCESS, { channel: 'us' });
    expect(health.snapshot()).toMatchObject({
      state: 'live',
      lastError: null,
      outsidePlan: 'Not in your plan: stock JP',
    });
    // A real failure beside it is the service failing: degraded, and it names that one.
    health.record(fail('failed', 'HTTP 502'), { channel: 'news' });
    expect(health.snapshot()).toMatchObject({ state: 'degraded', lastError: 'HTTP 502' });
    health.forget('news');
    expect(health.snapshot()).toMatchObject({
      state: 'live',
      outsidePlan: 'Not in your plan: stock JP',
    });
    // The market leaves the workspace: nothing outside the plan is asked any more.
    health.forget('jp');
    expect(health.snapshot()).toMatchObject({ state: 'live', outsidePlan: null });
  });

  it('takes an unknown symbol as an answer: the service is fine', () => {
    const { health } = setup();
    health.record(fail('unknown-symbol', 'E001 not found'), { channel: 'info' });
    expect(health.snapshot().state).toBe('live');
  });
});

describe('HealthService: token rejected', () => {
  it('holds every request until a reset, whatever answers meanwhile', async () => {
    const { timers, health } = setup();
    health.record(SUCCESS, { channel: 'quotes' });
    health.record(fail('token-rejected', 'HTTP 401: E002'), { channel: 'quotes' });
    expect(health.snapshot()).toMatchObject({
      state: 'token-rejected',
      since: timers.now(),
      lastError: 'HTTP 401: E002',
    });
    expect(health.hold()).toEqual({
      state: 'token-rejected',
      message: TOKEN_REJECTED_MESSAGE,
      resumesAt: null,
    });
    expect(await health.clearance()).toMatchObject({ state: 'token-rejected' });
    // A late answer of a request sent before the refusal does not clear it.
    health.record(SUCCESS, { channel: 'news' });
    await timers.advance(3_600_000);
    expect(health.snapshot().state).toBe('token-rejected');
    const before = health.epoch;
    health.reset();
    expect(health.epoch).toBe(before + 1);
    expect(health.snapshot()).toMatchObject({ state: 'connecting', since: null, lastError: null });
    expect(health.hold()).toBeNull();
  });

  it('drops outcomes of requests sent before a reset', () => {
    const { health } = setup();
    const old = health.epoch;
    health.reset();
    health.record(fail('token-rejected'), { epoch: old });
    expect(health.snapshot().state).toBe('connecting');
    health.record(SUCCESS, { epoch: health.epoch });
    expect(health.snapshot().state).toBe('live');
  });
});

describe('HealthService: rate limited', () => {
  it('holds requests until Retry-After says, then lets them go and waits for an answer', async () => {
    const { timers, health, told } = setup();
    health.record(SUCCESS, { channel: 'quotes' });
    const at = timers.now();
    health.record(limited(30_000), { channel: 'quotes' });
    const resumesAt = at + 30_000;
    expect(health.snapshot()).toMatchObject({
      state: 'rate-limited',
      since: at,
      resumesAt,
      lastError: 'HTTP 429',
    });
    expect(health.hold()).toEqual({
      state: 'rate-limited',
      message: rateLimitedMessage(resumesAt),
      resumesAt,
    });
    expect(rateLimitedMessage(resumesAt)).toContain(`resume at ${clockTime(resumesAt)}`);
    expect(clockTime(resumesAt)).toMatch(/^\d\d:\d\d:\d\d$/);
    const toldBefore = told.length;
    await timers.advance(30_000);
    // The hold is over (pollers are told, to start again); no answer yet says otherwise.
    expect(health.hold()).toBeNull();
    expect(told.length).toBe(toldBefore + 1);
    expect(health.snapshot().state).toBe('rate-limited');
    health.record(SUCCESS, { channel: 'quotes' });
    expect(health.snapshot()).toMatchObject({ state: 'live', resumesAt: null, lastError: null });
  });

  it('holds a 429 without Retry-After for the default hold, and a later 429 extends it', async () => {
    const { timers, health } = setup({ tuning: { rateLimitHoldMs: 10_000 } });
    const at = timers.now();
    health.record(limited());
    expect(health.snapshot().resumesAt).toBe(at + 10_000);
    await timers.advance(5000);
    health.record(limited(20_000));
    expect(health.snapshot().resumesAt).toBe(at + 25_000);
  });

  it('makes a request wait for the end of the hold (no storm), or answers at once when too long', async () => {
    const { timers, health } = setup();
    health.record(limited(8000));
    let cleared: unknown = 'waiting';
    void health.clearance().then((hold) => (cleared = hold));
    expect(await health.clearance(undefined, 5000)).toMatchObject({ state: 'rate-limited' });
    await timers.advance(7999);
    expect(cleared).toBe('waiting');
    await timers.advance(1);
    expect(cleared).toBeNull();
  });

  it('stops waiting when the caller aborts', async () => {
    const { health } = setup();
    health.record(limited(8000));
    const controller = new AbortController();
    const waiting = health.clearance(controller.signal);
    controller.abort(new Error('chart closed'));
    await expect(waiting).rejects.toThrow('chart closed');
  });

  it('ends the rate limit when another answer arrives after it', async () => {
    const { timers, health } = setup();
    health.record(limited(1000), { channel: 'quotes' });
    await timers.advance(1000);
    health.record(fail('failed', 'HTTP 502'), { channel: 'depth' });
    expect(health.snapshot()).toMatchObject({ state: 'degraded', lastError: 'HTTP 502' });
  });
});

describe('HealthService: offline', () => {
  it('goes offline at once when nothing else shows the service reachable, with since when', () => {
    const { timers, health } = setup();
    health.record(fail('unreachable', 'connection refused'), { channel: 'history' });
    expect(health.offline).toBe(true);
    expect(health.snapshot()).toMatchObject({
      state: 'offline',
      since: timers.now(),
      lastError: 'connection refused',
    });
    expect(health.hold()).toMatchObject({ state: 'offline' });
  });

  it('probes with backoff (5 s doubling to 30 s), cheapest first, and recovers on any answer', async () => {
    const { timers, health, states } = setup();
    const sent: string[] = [];
    const probe = (name: string, cost: number) => ({
      cost,
      send() {
        sent.push(`${name}@${timers.now() - down}`);
        // Still down: the probe's own failure is recorded, as any request's is.
        health.record(fail('unreachable', 'refused'), { channel: name, probe: probe(name, cost) });
        return true;
      },
    });
    health.record(fail('unreachable', 'refused'), { channel: 'big', probe: probe('big', 40) });
    health.record(fail('unreachable', 'refused'), { channel: 'small', probe: probe('small', 1) });
    const down = timers.now();
    await timers.advance(125_000);
    expect(sent).toEqual([
      'small@5000',
      'small@15000',
      'small@35000',
      'small@65000',
      'small@95000',
      'small@125000',
    ]);
    // Back: an answer of any kind (here a refusal) means reachable; the probes stop.
    health.record(fail('failed', 'HTTP 502'), { channel: 'small' });
    expect(health.offline).toBe(false);
    expect(health.snapshot().state).toBe('degraded');
    const count = sent.length;
    await timers.advance(120_000);
    expect(sent).toHaveLength(count);
    expect(states()).toEqual(['offline', 'degraded']);
  });

  it('keeps looking when no probe can be sent now, without counting it', async () => {
    const { timers, health } = setup();
    let ready = false;
    let probes = 0;
    health.record(fail('unreachable'), {
      probe: {
        send: () => {
          if (!ready) return false;
          probes++;
          health.record(SUCCESS);
          return true;
        },
      },
    });
    await timers.advance(20_000);
    expect(probes).toBe(0);
    ready = true;
    await timers.advance(5000);
    expect(probes).toBe(1);
    expect(health.snapshot().state).toBe('live');
  });

  it('is live again when the service answers, though a request of the outage is never repeated', () => {
    const { health } = setup();
    health.record(fail('unreachable', 'connection refused'), { channel: 'info' });
    health.record(fail('unreachable', 'connection refused'), { channel: 'feed' });
    expect(health.snapshot().state).toBe('offline');
    // Back: the feed answers; nobody asks for that company card again.
    health.record(SUCCESS, { channel: 'feed' });
    expect(health.snapshot()).toMatchObject({ state: 'live', lastError: null });
  });

  it('keeps a rate limit that came before the outage', async () => {
    const { timers, health } = setup();
    health.record(limited(60_000), { channel: 'quotes' });
    health.record(fail('unreachable'), { channel: 'quotes' });
    health.record(fail('unreachable'), { channel: 'quotes' });
    health.record(fail('unreachable'), { channel: 'quotes' });
    expect(health.snapshot().state).toBe('offline');
    let cleared: unknown = 'waiting';
    void health.clearance().then((hold) => (cleared = hold));
    await timers.advance(59_000);
    expect(cleared).toBe('waiting');
    await timers.advance(1000);
    expect(cleared).toBeNull();
  });
});

describe('HealthService: messages', () => {
  it('redacts every message it keeps', () => {
    const { health } = setup({ redact: (t) => t.replace('secret-token', '[redacted]') });
    health.record(fail('failed', 'bad secret-token'));
    expect(health.snapshot().lastError).toBe('bad [redacted]');
  });

  it('survives a listener that throws', () => {
    const errors: unknown[] = [];
    const { health, told } = setup({ onError: (e) => errors.push(e) });
    health.onChange(() => {
      throw new Error('window gone');
    });
    health.record(SUCCESS);
    expect(errors).toHaveLength(1);
    expect(told).toHaveLength(1);
  });
});
