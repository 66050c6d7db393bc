/**
 * The stream client against the live simulator (the contract's other side), both on
 * one step clock.
 */
import { describe, expect, it } from 'vitest';
import { planOf } from '../../shared/model';
import { MarketClient } from '../api';
import { wsSockets, type SocketFactory } from './socket';
import { harness, TOKEN, type Harness } from './testing/harness';
import { closeAfterEach } from '../../shared/testing/close-after-each';

const setup = closeAfterEach(harness);

/** Sockets that cannot send headers (a browser's WebSocket): the client authenticates by message. */
const headerless: SocketFactory = {
  sendsHeaders: false,
  open: (url, _headers, events) => wsSockets.open(url, {}, events),
};

const kinds = (h: Harness) => h.states.map((s) => s.kind);

describe('stream client: connecting and pushes', () => {
  it('authenticates with the header, subscribes, and reads pushes into the Quote REST yields at that moment', async () => {
    const h = await setup();
    const rest = new MarketClient({ token: TOKEN, baseUrl: h.sim.url, plan: planOf('premium') });
    h.client.setWanted([{ region: 'US', code: 'aapl', types: ['quote', 'depth'] }]);
    await h.streaming(1);
    expect(h.states).toEqual([
      { kind: 'connecting', attempt: 1 },
      { kind: 'streaming', subscribed: 0, overflow: 0 }, // authenticated
      { kind: 'streaming', subscribed: 1, overflow: 0 }, // subscribed
    ]);
    for (let i = 0; i < 3; i++) {
      const quote = await h.nextPush((p) => p.type === 'quote');
      expect(quote.instrument).toEqual({
        class: 'stock',
        region: 'US',
        exchange: '',
        code: 'AAPL',
      });
      const answer = await rest.quotes('stock', { region: 'US', codes: ['AAPL'] });
      expect(answer.ok && answer.value.data.AAPL).toEqual(quote.type === 'quote' && quote.quote);
      const depth = await h.nextPush((p) => p.type === 'depth');
      const book = await rest.depths('stock', { region: 'US', codes: ['AAPL'] });
      expect(book.ok && book.value.data.AAPL).toEqual(depth.type === 'depth' && depth.depth);
    }
  });

  it('crypto quotes and ticks agree with REST too', async () => {
    const h = await setup({}, { cls: 'crypto' });
    const rest = new MarketClient({ token: TOKEN, baseUrl: h.sim.url, plan: planOf('premium') });
    h.client.setWanted([{ region: 'BA', code: 'BTCUSDT', types: ['quote', 'tick'] }]);
    await h.streaming(1);
    const tick = await h.nextPush((p) => p.type === 'tick');
    const ticks = await rest.ticks({ region: 'BA', codes: ['BTCUSDT'] });
    expect(ticks.ok && ticks.value.data.BTCUSDT).toEqual(tick.type === 'tick' && tick.tick);
    const quote = await h.nextPush((p) => p.type === 'quote');
    const quotes = await rest.quotes('crypto', { region: 'BA', codes: ['BTCUSDT'] });
    expect(quotes.ok && quotes.value.data.BTCUSDT).toEqual(quote.type === 'quote' && quote.quote);
  });

  it('authenticates by message where the socket cannot send headers', async () => {
    const h = await setup({}, { sockets: headerless });
    h.client.setWanted([{ region: 'US', code: 'MSFT', types: ['quote'] }]);
    await h.streaming(1);
    expect((await h.nextPush()).instrument.code).toBe('MSFT');
  });

  it('a refused token (header or message) stops it: no reconnecting until restart()', async () => {
    for (const sockets of [wsSockets, headerless]) {
      const h = await setup({ token: 'another-token' }, { sockets });
      h.client.setWanted([{ region: 'US', code: 'AAPL', types: ['quote'] }]);
      await h.until(() => h.client.state.kind === 'refused', 'refused');
      expect(h.client.state).toEqual({
        kind: 'refused',
        reason: 'auth',
        message: 'the stream refused the token',
      });
      h.clock.step(300_000);
      await h.until(() => h.sim.streamStats().connections === 0, 'the socket closed');
      expect(kinds(h)).toEqual(['connecting', 'refused']);
      expect(h.client.stats().connections).toBe(1);
      h.client.restart();
      await h.until(() => h.client.stats().connections === 2, 'a new attempt');
    }
  });

  it('subscribes the first `limit` wanted symbols, the rest overflow; the service’s lower limit is over-limit', async () => {
    const h = await setup({ streamLimit: 2 }, { limit: 3 });
    h.client.setWanted(
      ['AAPL', 'MSFT', 'NVDA', 'AMZN'].map((code) => ({ region: 'US', code, types: ['quote'] })),
    );
    await h.until(() => h.client.state.kind === 'over-limit', 'over-limit');
    expect(h.client.state).toEqual({
      kind: 'over-limit',
      subscribed: 0,
      overflow: 4,
      message: 'exceeding the maximum subscription limit',
    });
    // Within the service's limit all is well again.
    h.client.setWanted([{ region: 'US', code: 'AAPL', types: ['quote'] }]);
    const fits = await setup({ streamLimit: 2 }, { limit: 2 });
    fits.client.setWanted(
      ['AAPL', 'MSFT', 'NVDA'].map((code) => ({ region: 'US', code, types: ['quote'] })),
    );
    await fits.streaming(2);
    expect(fits.client.state).toEqual({ kind: 'streaming', subscribed: 2, overflow: 1 });
    expect(fits.client.overflow()).toEqual([
      { class: 'stock', region: 'US', exchange: '', code: 'NVDA' },
    ]);
  });

  it('unsubscribes what is no longer wanted, and closes when nothing is', async () => {
    const h = await setup({}, { tuning: { idleCloseMs: 5_000 } });
    h.client.setWanted(['AAPL', 'MSFT'].map((code) => ({ region: 'US', code, types: ['quote'] })));
    await h.streaming(2);
    h.client.setWanted([{ region: 'US', code: 'MSFT', types: ['quote'] }]);
    await h.until(() => h.sim.streamStats().channels.stock === 1, 'AAPL unsubscribed');
    await h.streaming(1);
    h.client.setWanted([]);
    await h.until(() => h.sim.streamStats().channels.stock === 0, 'MSFT unsubscribed');
    expect(h.sim.streamStats().connections).toBe(1);
    h.clock.step(5_000);
    expect(h.client.state).toEqual({ kind: 'idle' });
    await h.until(() => h.sim.streamStats().connections === 0, 'the connection closed');
  });

  it('skips malformed frames and stays connected', async () => {
    const h = await setup({ streamFaults: { malformedRate: 1 } }, { cls: 'crypto' });
    h.client.setWanted([{ region: 'BA', code: 'ETHUSDT', types: ['quote'] }]);
    await h.streaming(1);
    h.clock.step(10_000);
    const sent = h.sim.streamStats().pushes;
    expect(sent).toBeGreaterThanOrEqual(8);
    // A frame missing `o` is a crypto quote the contract allows, with no base to complete it
    // from; one whose `s` became a number names no symbol.
    const refused = () => {
      const { malformed, incomplete, unattributed } = h.client.stats();
      return malformed + incomplete + unattributed;
    };
    await h.until(() => refused() === sent, 'every broken frame counted');
    expect(h.client.stats().malformed).toBeGreaterThan(0);
    expect(h.pushes).toEqual([]);
    expect(h.client.state.kind).toBe('streaming');
  });
});

describe('stream client: heartbeats and reconnecting', () => {
  it('pings every heartbeat and takes the pongs', async () => {
    const h = await setup({}, { tuning: { heartbeatMs: 15_000 } });
    h.client.setWanted([{ region: 'JP', code: '7203', types: ['quote'] }]); // closed: no pushes
    await h.streaming(1);
    for (let n = 1; n <= 3; n++) {
      h.clock.step(15_000);
      await h.until(() => h.client.stats().pongs === n, `pong ${n}`);
    }
    h.clock.step(14_999);
    expect(h.client.stats()).toMatchObject({ pings: 3, pongs: 3, connections: 1 });
    expect(h.client.state.kind).toBe('streaming');
  });

  it('late pongs: reconnecting (heartbeat) after the pong deadline, then streaming again', async () => {
    const h = await setup({ streamFaults: { pongDelayMs: 15_000 } }, { cls: 'crypto' });
    h.client.setWanted([{ region: 'BA', code: 'BTCUSDT', types: ['quote'] }]);
    await h.streaming(1);
    const start = h.clock.now();
    h.clock.step(20_000);
    await h.until(() => h.sim.streamStats().received === 2, 'the ping to arrive');
    h.clock.step(10_000);
    expect(h.client.state).toEqual({
      kind: 'reconnecting',
      reason: 'heartbeat',
      message: 'the stream stopped answering pings',
      attempt: 1,
      // Equal jitter with random 0.5: 3/4 of the first delay (1 s).
      nextAttemptAt: start + 30_000 + 750,
    });
    h.sim.setStreamFaults({});
    h.clock.step(750);
    await h.streaming(1);
    expect(h.client.stats().connections).toBe(2);
  });

  it('a stall is caught by the heartbeat', async () => {
    const h = await setup({ streamFaults: { stallRate: 1 } }, { cls: 'crypto' });
    h.client.setWanted([{ region: 'BA', code: 'BTCUSDT', types: ['quote'] }]);
    await h.streaming(1);
    h.clock.step(20_000);
    await h.until(() => h.sim.streamStats().received === 2, 'the ping to arrive');
    h.clock.step(10_000);
    expect(h.client.state).toMatchObject({ kind: 'reconnecting', reason: 'heartbeat' });
  });

  it('backs off while the endpoint is down, then resubscribes everything and streams', async () => {
    const h = await setup({}, { cls: 'crypto', random: () => 0 });
    const wanted = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT'].map((code) => ({
      region: 'BA',
      code,
      types: ['quote', 'depth'] as const,
    }));
    h.client.setWanted(wanted);
    await h.streaming(3);
    h.sim.setStreamFaults({ down: true });
    await h.until(() => h.client.state.kind === 'reconnecting', 'the drop noticed');
    expect(h.client.state).toMatchObject({
      reason: 'closed',
      message: 'the connection dropped',
      attempt: 1,
      nextAttemptAt: h.clock.now() + 500,
    });
    // Each refused attempt doubles the wait (random 0: half of 1 s, 2 s, 4 s …).
    for (const [attempt, wait] of [
      [2, 1_000],
      [3, 2_000],
      [4, 4_000],
    ] as const) {
      h.clock.step((h.client.state as { nextAttemptAt: number }).nextAttemptAt - h.clock.now());
      await h.until(
        () => h.client.state.kind === 'reconnecting' && h.client.state.attempt === attempt,
        `attempt ${attempt} refused`,
      );
      expect(h.client.state).toMatchObject({
        reason: 'unavailable',
        message: 'the stream endpoint answered HTTP 503 Service Unavailable',
        nextAttemptAt: h.clock.now() + wait,
      });
    }
    h.sim.setStreamFaults({});
    h.clock.step(4_000);
    await h.streaming(3);
    expect(h.sim.streamStats().channels.crypto).toBe(3);
    const seen = new Set<string>();
    while (seen.size < 3) seen.add((await h.nextPush((p) => p.type === 'depth')).instrument.code);
  });

  it('a dropped connection reconnects and resubscribes', async () => {
    const h = await setup({}, { cls: 'crypto' });
    h.client.setWanted([{ region: 'BA', code: 'BTCUSDT', types: ['quote'] }]);
    await h.streaming(1);
    h.sim.setStreamFaults({ dropRate: 1 });
    h.clock.step(1_500);
    await h.until(() => h.client.state.kind === 'reconnecting', 'the drop noticed');
    h.sim.setStreamFaults({});
    h.clock.step(1_000);
    await h.streaming(1);
    expect((await h.nextPush()).instrument.code).toBe('BTCUSDT');
  });

  it('a second client with the same token takes the connection: the first says replaced', async () => {
    const h = await setup();
    h.client.setWanted([{ region: 'US', code: 'AAPL', types: ['quote'] }]);
    await h.streaming(1);
    const other = await h.another();
    other.client.setWanted([{ region: 'US', code: 'MSFT', types: ['quote'] }]);
    await other.streaming(1);
    await h.until(() => h.client.state.kind === 'reconnecting', 'the first replaced');
    expect(h.client.state).toMatchObject({
      reason: 'replaced',
      message: 'another connection with this token took its place',
    });
  });

  it('never tells the token, in any state', async () => {
    const h = await setup({ token: 'x' }, { sockets: headerless });
    h.client.setWanted([{ region: 'US', code: 'AAPL', types: ['quote'] }]);
    await h.until(() => h.client.state.kind === 'refused', 'refused');
    const other = await h.another({ token: 'x', tuning: { connectTimeoutMs: 1_000 } });
    h.sim.setStreamFaults({ down: true });
    other.client.setWanted([{ region: 'US', code: 'AAPL', types: ['quote'] }]);
    await other.until(() => other.client.state.kind === 'reconnecting', 'reconnecting');
    const told = JSON.stringify([h.states, other.states]);
    expect(told).not.toContain(TOKEN);
  });
});
