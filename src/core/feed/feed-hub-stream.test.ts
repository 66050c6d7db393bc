/**
 * The hub with a stream, on manual timers with a scripted client and scripted streams:
 * what streams and what is polled (the limit, most visible first), the fallback to REST
 * while a stream is down and the way back with one REST snapshot, pushes into the panes,
 * a refused token, streaming off, and the stream's health.
 */
import { describe, expect, it } from 'vitest';
import {
  planOf,
  type AssetClass,
  type Quote,
  type StreamHealth,
  type Tick,
} from '../../shared/model';
import type { FakeFeedClient } from './testing/fake-client';
import { quote } from './testing/fake-client';
import { FakeStreams } from './testing/fake-stream';
import { depthSpec, manualHub, quotesSpec as quotes } from './testing/hub';
import { Recorder } from './testing/recorder';
import { openCache } from '../cache';

/** A manual hub streaming over scripted streams of `limit` symbols each. */
function setup(limit = 200) {
  const streams = new FakeStreams(limit);
  const { timers, client, hub } = manualHub({ stream: streams.open });
  const told: StreamHealth[] = [];
  hub.health.onChange((h) => told.push(h.stream));
  /** REST calls of `method` from now on. */
  const counter = (method: Parameters<FakeFeedClient['callsOf']>[0] = 'quotes') => {
    const before = client.callsOf(method).length;
    return () => client.callsOf(method).slice(before);
  };
  /** Window `w` shows quotes of `codes` (to `recorder`), the first tick runs, and their class's stream connects. */
  const streaming = async (
    cls: AssetClass,
    region: string,
    codes: string[],
    recorder = new Recorder(),
  ) => {
    hub.subscribe('w', quotes(cls, region, codes), recorder.push);
    await timers.advance(0);
    const stream = streams.of(cls);
    stream.stream();
    return stream;
  };
  return { timers, client, streams, hub, told, counter, streaming };
}

const AAPL = { class: 'stock', region: 'US', exchange: '', code: 'AAPL' } as const;
const pushed = (code: string, v: number): Quote => quote(code, v);

describe('FeedHub with a stream: what streams and what is polled', () => {
  it('streams what every window shows over one client per class; REST stops after one snapshot', async () => {
    const { timers, client, streams, hub, counter } = setup();
    const a = new Recorder();
    const b = new Recorder();
    hub.subscribe('window-1', quotes('stock', 'US', ['AAPL', 'MSFT']), a.push);
    hub.subscribe('window-2', quotes('stock', 'US', ['MSFT', 'NVDA']), b.push);
    hub.subscribe('window-2', quotes('crypto', 'BA', ['BTCUSDT']), b.push);
    hub.subscribe('window-2', depthSpec('crypto', 'BA', ['BTCUSDT']), b.push);
    await timers.advance(0);
    // The first snapshot of a newly shown symbol is REST's.
    expect(client.callsOf('quotes').map((c) => c.codes.join())).toEqual([
      'AAPL,MSFT,NVDA',
      'BTCUSDT',
    ]);
    expect(streams.opened.map((s) => s.cls)).toEqual(['stock', 'crypto']);
    // MSFT is on two boards: the most visible first.
    expect(streams.of('stock').keys()).toEqual(['MSFT$US', 'AAPL$US', 'NVDA$US']);
    expect(streams.of('crypto').wanted).toEqual([
      { region: 'BA', code: 'BTCUSDT', types: ['quote', 'depth'] },
    ]);

    streams.of('stock').stream();
    streams.of('crypto').stream();
    const after = counter();
    await timers.advance(10_000);
    // One REST snapshot of what went onto the stream (what changed before it took), then none.
    expect(after().map((c) => c.codes.join())).toEqual(['AAPL,MSFT,NVDA', 'BTCUSDT']);
    expect(client.callsOf('depths')).toHaveLength(2);
    expect(hub.status().budget.wantedPerMinute).toBe(0);
    expect(timers.pending).toBe(0);
    expect(hub.health.snapshot().stream).toEqual({
      state: 'streaming',
      reason: null,
      streamed: 4,
      polled: 0,
      nextAttemptAt: null,
      message: null,
    });
    hub.dispose();
  });

  it('pushes each pane only its symbols, one delivery per turn, and keeps it live without polls', async () => {
    const { timers, streams, hub } = setup();
    const a = new Recorder();
    const b = new Recorder();
    hub.subscribe('window-1', quotes('stock', 'US', ['AAPL']), a.push);
    hub.subscribe('window-2', quotes('stock', 'US', ['MSFT']), b.push);
    await timers.advance(0);
    streams.of('stock').stream();
    await timers.advance(1000);
    a.clear();
    b.clear();
    const stock = streams.of('stock');
    stock.push({ type: 'quote', instrument: AAPL, quote: pushed('AAPL', 50) });
    stock.push({ type: 'quote', instrument: { ...AAPL, code: 'MSFT' }, quote: pushed('MSFT', 51) });
    stock.push({ type: 'quote', instrument: AAPL, quote: pushed('AAPL', 52) });
    await timers.advance(0);
    expect(a.of('quotes').map((p) => p.quotes.AAPL?.last)).toEqual([152]);
    expect(b.of('quotes').map((p) => p.quotes.MSFT?.last)).toEqual([151]);
    // A quiet market pushes nothing for minutes: the stream still vouches for it.
    a.clear();
    await timers.advance(120_000);
    expect(a.states()).toEqual([]); // still live
    expect(a.events).toEqual([]);
    hub.dispose();
  });

  it('pushes every trade streamed in one turn, not only the newest (a tape skips none)', async () => {
    const { timers, streams, hub } = setup();
    const tape = new Recorder();
    hub.subscribe('w', { kind: 'ticks', region: 'BA', codes: ['BTCUSDT', 'ETHUSDT'] }, tape.push);
    await timers.advance(0);
    streams.of('crypto').stream();
    await timers.advance(1000);
    tape.clear();
    const crypto = { class: 'crypto', region: 'BA', exchange: '', code: 'BTCUSDT' } as const;
    const trade = (code: string, n: number): Tick => ({
      symbol: code,
      last: 100 + n,
      time: 1_800_000_000_000 + n * 1000,
      volume: n,
      turnover: n,
      status: 0,
    });
    // Five seconds of trades played in one turn (a replay at 100×), ETHUSDT's one beside them.
    const crypto2 = streams.of('crypto');
    for (const n of [1, 2, 3])
      crypto2.push({ type: 'tick', instrument: crypto, tick: trade('BTCUSDT', n) });
    crypto2.push({
      type: 'tick',
      instrument: { ...crypto, code: 'ETHUSDT' },
      tick: trade('ETHUSDT', 9),
    });
    // The newest again (a repeat): no trade of its own.
    crypto2.push({ type: 'tick', instrument: crypto, tick: trade('BTCUSDT', 3) });
    await timers.advance(0);
    const told = tape.of('ticks');
    expect(told).toHaveLength(1);
    expect(told[0]!.ticks.BTCUSDT?.last).toBe(103);
    expect(told[0]!.ticks.ETHUSDT?.last).toBe(109);
    expect(told[0]!.earlier).toEqual({ BTCUSDT: [trade('BTCUSDT', 1), trade('BTCUSDT', 2)] });
    // The next turn's one trade: no earlier ones carried over.
    tape.clear();
    crypto2.push({ type: 'tick', instrument: crypto, tick: trade('BTCUSDT', 4) });
    await timers.advance(0);
    expect(tape.of('ticks').map((p) => [p.ticks.BTCUSDT?.last, p.earlier])).toEqual([
      [104, undefined],
    ]);
    hub.dispose();
  });

  it('over the limit: the most visible symbols stream, the rest are polled', async () => {
    const { timers, client, streams, hub, counter } = setup(2);
    hub.subscribe('w1', quotes('stock', 'US', ['AAPL', 'MSFT', 'NVDA']), new Recorder().push);
    hub.subscribe('w2', quotes('stock', 'US', ['NVDA']), new Recorder().push);
    await timers.advance(0);
    streams.of('stock').stream();
    await timers.advance(1000);
    const after = counter();
    await timers.advance(3000);
    expect(after().map((c) => c.codes.join())).toEqual(['MSFT', 'MSFT', 'MSFT']);
    expect(client.callsOf('quotes').length).toBeGreaterThan(3);
    expect(hub.health.snapshot().stream).toMatchObject({
      state: 'streaming',
      reason: 'over-limit',
      streamed: 2,
      polled: 1,
    });
    hub.dispose();
  });

  it("over the plan's stream connections: the most visible classes stream, the others are polled whole", async () => {
    const streams = new FakeStreams();
    const { timers, client, hub } = manualHub({ stream: streams.open, plan: planOf('base') });
    const open = () => streams.opened.filter((s) => !s.disposed).map((s) => s.cls);
    hub.subscribe('w', quotes('stock', 'US', ['AAPL', 'MSFT']), new Recorder().push);
    hub.subscribe('w', quotes('crypto', 'BA', ['BTCUSDT']), new Recorder().push);
    hub.subscribe('w', depthSpec('crypto', 'BA', ['BTCUSDT']), new Recorder().push);
    hub.subscribe('w', quotes('future', 'US', ['NQ']), new Recorder().push);
    hub.subscribe('w', quotes('fund', 'US', ['SPY']), new Recorder().push);
    hub.subscribe('w', quotes('indices', 'GB', ['FTSE']), new Recorder().push);
    await timers.advance(0);
    // Base allows 3: stock and crypto (two viewers each), then the first of the rest.
    expect(open()).toEqual(['stock', 'crypto', 'future']);
    for (const cls of open()) streams.of(cls).stream();
    await timers.advance(1000);
    const before = client.callsOf('quotes').length;
    await timers.advance(30_000);
    const polled = client.callsOf('quotes').slice(before);
    expect(new Set(polled.map((c) => c.cls))).toEqual(new Set(['fund', 'indices']));
    // Within the base plan's background quarter, yet each polled row at least every 5 s.
    expect(polled.length).toBeGreaterThanOrEqual(12);
    const fundAt = polled.filter((c) => c.cls === 'fund').map((c) => c.at);
    expect(Math.max(...fundAt.slice(1).map((t, i) => t - fundAt[i]!))).toBeLessThanOrEqual(5000);
    expect(hub.health.snapshot().stream).toMatchObject({
      state: 'streaming',
      reason: 'over-limit',
      streamed: 4,
      polled: 2,
      message: expect.stringMatching(/allows 3 stream connections/) as unknown,
    });

    // Funds become the most visible: they take the least visible class's connection.
    hub.subscribe('w', quotes('fund', 'US', ['SPY', 'QQQ', 'IWM']), new Recorder().push);
    await timers.advance(0);
    expect(open()).toEqual(['stock', 'crypto', 'fund']);
    expect(streams.opened.filter((s) => s.cls === 'future').every((s) => s.disposed)).toBe(true);

    // A plan with more connections streams every class.
    hub.setClient(client, planOf('premium'));
    await timers.advance(0);
    expect(new Set(open())).toEqual(new Set(['stock', 'crypto', 'fund', 'future', 'indices']));
    hub.dispose();
  });

  it('a new pane on a streamed symbol gets its first snapshot from REST', async () => {
    const { timers, streams, hub, counter } = setup();
    hub.subscribe('w1', quotes('stock', 'US', ['AAPL']), new Recorder().push);
    await timers.advance(0);
    streams.of('stock').stream();
    await timers.advance(5000);
    const after = counter();
    const late = new Recorder();
    hub.subscribe('w2', quotes('stock', 'US', ['AAPL']), late.push);
    await timers.advance(5000);
    expect(after().map((c) => c.codes.join())).toEqual(['AAPL']);
    expect(late.state).toBe('live');
    expect(late.quoteCodes()).toEqual([['AAPL']]);
    hub.dispose();
  });

  it('a row the stream carries says no poll pace while its snapshot waits for the budget', async () => {
    // A small plan: the first poll is slower than asked, and the pane is told that pace.
    const streams = new FakeStreams();
    const { timers, client, hub } = manualHub({ stream: streams.open, requestsPerMinute: 2 });
    const board = new Recorder();
    hub.subscribe('w', quotes('crypto', 'BA', ['BTCUSDT', 'ETHUSDT']), board.push);
    await timers.advance(0);
    expect(board.of('subscriptionStatus').at(-1)?.pace).toBeDefined();
    // The stream takes the symbols after that poll: each is due a REST snapshot, which
    // waits its turn in the plan's minute (at start-up on the free plan, minutes).
    client.hold = true;
    streams.of('crypto').stream();
    await timers.advance(0);
    const crypto = { class: 'crypto', region: 'BA', exchange: '', code: 'BTCUSDT' } as const;
    streams.of('crypto').push({ type: 'quote', instrument: crypto, quote: pushed('BTCUSDT', 7) });
    await timers.advance(1000);
    expect(board.quoteCodes().at(-1)).toEqual(['BTCUSDT']);
    // Its prices come from the stream now: "refreshed every N s, last at …" is not true of them.
    const told = board.of('subscriptionStatus').at(-1)!;
    expect(told.state).toBe('live');
    expect(told.pace).toBeUndefined();
    hub.dispose();
  });

  it('hidden windows want nothing streamed', async () => {
    const { timers, streams, hub } = setup();
    hub.subscribe('w1', quotes('stock', 'US', ['AAPL']), new Recorder().push);
    hub.subscribe('w2', quotes('stock', 'US', ['MSFT']), new Recorder().push);
    await timers.advance(0);
    hub.setVisibility('w2', false);
    await timers.advance(0);
    expect(streams.of('stock').keys()).toEqual(['AAPL$US']);
    hub.setVisibility('w2', true);
    await timers.advance(0);
    expect(streams.of('stock').keys()).toEqual(['AAPL$US', 'MSFT$US']);
    hub.dispose();
  });

  it('a REST answer older than a push does not replace it', async () => {
    const { timers, client, streams, hub } = setup();
    const r = new Recorder();
    hub.subscribe('w', quotes('stock', 'US', ['AAPL']), r.push);
    await timers.advance(0);
    client.hold = true;
    streams.of('stock').stream();
    await timers.advance(1000); // the snapshot of the newly streamed AAPL is on its way
    streams.of('stock').push({ type: 'quote', instrument: AAPL, quote: pushed('AAPL', 500) });
    await timers.advance(0);
    client.release();
    await timers.advance(0);
    expect(r.of('quotes').at(-1)?.quotes.AAPL?.last).toBe(600);
    hub.dispose();
  });
});

describe('FeedHub with a stream: down, back, refused, off', () => {
  it('polls at once while the stream is down and goes back with one REST snapshot', async () => {
    const { timers, hub, counter, streaming } = setup();
    const r = new Recorder();
    const stock = await streaming('stock', 'US', ['AAPL', 'MSFT'], r);
    await timers.advance(60_000); // quiet: no push for a minute
    const down = counter();
    stock.drop(timers.now() + 4000);
    await timers.advance(0);
    expect(down()).toHaveLength(1); // at once
    expect(hub.health.snapshot().stream).toEqual({
      state: 'reconnecting',
      reason: 'down',
      streamed: 0,
      polled: 2,
      nextAttemptAt: timers.now() + 4000,
      message: 'the stream endpoint answered 503 Service Unavailable',
    });
    await timers.advance(3000);
    expect(down()).toHaveLength(4); // every second, within the budget
    expect(r.states()).not.toContain('stale');
    const back = counter();
    stock.stream();
    await timers.advance(10_000);
    expect(back().map((c) => c.codes.join())).toEqual(['AAPL,MSFT']);
    expect(hub.health.snapshot().stream.state).toBe('streaming');
    expect(r.state).toBe('live');
    hub.dispose();
  });

  it('is not LIVE once the stream cannot connect, until a poll answers; one drop that reconnects does not flap', async () => {
    const { timers, hub, streaming } = setup();
    const states: string[] = [];
    hub.health.onChange((h) => states.push(h.state));
    const stock = await streaming('stock', 'US', ['AAPL', 'MSFT']);
    await timers.advance(10_000);
    expect(hub.health.snapshot().state).toBe('live');
    const refused = (attempt: number, inMs: number) =>
      stock.drop(timers.now() + inMs, 'cannot reach the stream: connect ECONNREFUSED', {
        reason: 'unreachable',
        attempt,
      });
    // One drop, and the reconnect (under a second later) works: LIVE throughout.
    stock.drop(timers.now() + 800, 'the connection dropped', { reason: 'closed' });
    await timers.advance(800);
    stock.connect(2);
    stock.stream();
    await timers.advance(10_000);
    expect(states).not.toContain('degraded');
    // The socket drops and the attempt to connect again is refused: DEGRADED at once,
    // before any poll could say so (on a small plan the next one can be a minute away).
    stock.drop(timers.now() + 900, 'the connection dropped', { reason: 'closed' });
    await timers.advance(900);
    stock.connect(2);
    refused(2, 2000);
    expect(hub.health.snapshot()).toMatchObject({
      state: 'degraded',
      lastError: 'The stream is down (cannot reach the stream: connect ECONNREFUSED).',
    });
    // The polls answer (the symbols left the stream): the data is fine, LIVE again; the
    // stream's further failures are its own (its column says RETRY), no flapping.
    await timers.advance(2000);
    expect(hub.health.snapshot()).toMatchObject({ state: 'live', lastError: null });
    stock.connect(3);
    refused(3, 4000);
    await timers.advance(4000);
    stock.connect(4);
    refused(4, 8000);
    await timers.advance(0);
    expect(hub.health.snapshot()).toMatchObject({
      state: 'live',
      stream: { state: 'reconnecting' },
    });
    // Connected again; the next time it cannot, that is news again.
    await timers.advance(8000);
    stock.connect(5);
    stock.stream();
    await timers.advance(10_000);
    stock.drop(timers.now() + 700, 'the connection dropped', { reason: 'closed' });
    await timers.advance(700);
    stock.connect(2);
    refused(2, 2000);
    expect(hub.health.snapshot().state).toBe('degraded');
    const flips = states.filter((state, i) => state !== states[i - 1]);
    expect(flips).toEqual(['connecting', 'live', 'degraded', 'live', 'degraded']);
    hub.dispose();
  });

  it("the stream's refused token is REST's: every stream stops, nothing is polled, until a new token", async () => {
    const { timers, client, streams, hub, counter } = setup();
    const r = new Recorder();
    hub.subscribe('w', quotes('stock', 'US', ['AAPL']), r.push);
    hub.subscribe('w', quotes('crypto', 'BA', ['BTCUSDT']), r.push);
    await timers.advance(0);
    const crypto = streams.of('crypto');
    streams.of('stock').refuse();
    await timers.advance(0);
    expect(hub.health.snapshot()).toMatchObject({
      state: 'token-rejected',
      stream: { state: 'polling', reason: 'refused' },
    });
    expect(r.state).toBe('token-rejected');
    expect(crypto.disposed).toBe(true);
    const held = counter();
    await timers.advance(30_000);
    expect(held()).toEqual([]);
    expect(streams.opened.filter((s) => !s.disposed)).toEqual([]);
    // A new token: the composition root resets the health service.
    hub.health.reset();
    await timers.advance(0);
    expect(streams.of('stock').keys()).toEqual(['AAPL$US']);
    expect(client.callsOf('quotes').length).toBeGreaterThan(2);
    hub.dispose();
  });

  it('off (Settings): the streams close and everything is polled, and the health says why', async () => {
    const { timers, streams, hub, counter, streaming } = setup();
    const stock = await streaming('stock', 'US', ['AAPL']);
    await timers.advance(2000);
    hub.setStream(null);
    const polled = counter();
    await timers.advance(3000);
    expect(stock.disposed).toBe(true);
    expect(polled().length).toBeGreaterThanOrEqual(3);
    expect(hub.health.snapshot().stream).toMatchObject({ state: 'polling', reason: 'off' });
    hub.setStream(streams.open);
    await timers.advance(0);
    expect(streams.of('stock').keys()).toEqual(['AAPL$US']);
    hub.dispose();
  });

  it('a crypto quote the stream cannot complete takes one REST quote, which seeds the stream', async () => {
    const { timers, hub, counter, streaming } = setup();
    const crypto = await streaming('crypto', 'BA', ['BTCUSDT']);
    await timers.advance(5000);
    crypto.seeds.clear();
    const after = counter();
    crypto.needsSnapshot({ class: 'crypto', region: 'BA', exchange: '', code: 'BTCUSDT' });
    await timers.advance(5000);
    expect(after().map((c) => c.codes.join())).toEqual(['BTCUSDT']);
    expect([...crypto.seeds.keys()]).toEqual(['BTCUSDT$BA']);
    hub.dispose();
  });

  it('tells the health model each step: idle, connecting, streaming, reconnecting, streaming', async () => {
    const { timers, hub, told, streaming } = setup();
    expect(hub.health.snapshot().stream.state).toBe('idle'); // on, and nothing shown
    const stock = await streaming('stock', 'US', ['AAPL']);
    stock.drop(timers.now() + 2000);
    stock.stream();
    await timers.advance(0);
    // Told with every change of the health (the data's state too): the stream's steps, in order.
    const steps = told.map((s) => s.state).filter((s, i, all) => s !== all[i - 1]);
    expect(steps).toEqual(['connecting', 'streaming', 'reconnecting', 'streaming']);
    hub.dispose();
  });
});

describe('FeedHub with a stream: the forming candle', () => {
  it('moves with streamed quotes between REST refreshes, and asks REST when a new candle begins', async () => {
    const { timers, client, streams, hub } = setup();
    const r = new Recorder();
    const series = { ...AAPL, kType: 1 } as const;
    hub.subscribe('w', { kind: 'candles', series }, r.push);
    await timers.advance(0);
    const rest = r.of('candles').at(-1)!.page.candles.at(-1)!;
    expect(streams.of('stock').wanted).toEqual([{ region: 'US', code: 'AAPL', types: ['quote'] }]);
    const stock = streams.of('stock');
    stock.stream();
    // Newly streamed: one REST snapshot, then the pushes build the candle.
    await timers.advance(0);
    const klinesStreaming = client.callsOf('klines').length;
    const base = { ...pushed('AAPL', 0), time: rest.time + 10_000 };
    stock.push({
      type: 'quote',
      instrument: AAPL,
      quote: { ...base, last: 103, high: 103, low: 99 },
    });
    stock.push({
      type: 'quote',
      instrument: AAPL,
      quote: { ...base, time: base.time + 5000, last: 98.5, low: 98, volume: base.volume + 7 },
    });
    await timers.advance(0);
    expect(r.of('candles').at(-1)!.page.candles.at(-1)).toEqual({
      ...rest,
      high: 103,
      low: 98, // a new day low between two pushes was this candle's
      close: 98.5,
      volume: rest.volume + 7,
    });
    // No REST poll while the stream builds the bar: the 1-minute clock's 2 s are gone.
    await timers.advance(30_000);
    const klines = client.callsOf('klines').length;
    expect(klines).toBe(klinesStreaming);
    stock.push({ type: 'quote', instrument: AAPL, quote: { ...base, time: rest.time + 60_000 } });
    await timers.advance(0);
    // The bar closed: REST asked once.
    expect(client.callsOf('klines').length).toBe(klines + 1);
    await timers.advance(30_000);
    expect(client.callsOf('klines').length).toBe(klines + 1);
    hub.dispose();
  });
});

describe('FeedHub: a chart’s history is the hub’s poll of that series too', () => {
  it('starts the forming candle from the candles a chart just fetched, not from a poll minutes away', async () => {
    const streams = new FakeStreams(200);
    const { db } = openCache(':memory:');
    const { timers, client, hub } = manualHub({ stream: streams.open, db, source: () => 'demo' });
    const r = new Recorder();
    const series = { ...AAPL, kType: 1 } as const;
    // The free plan's budget is spent: the group's first poll waits.
    client.hold = true;
    hub.subscribe('w', { kind: 'candles', series }, r.push);
    await timers.advance(0);
    expect(r.of('candles')).toEqual([]);
    // The newest bar is the minute forming now.
    const t = Math.floor(timers.now() / 60_000) * 60_000;
    const history = [0, 1, 2, 3].map((i) => ({
      time: t - (3 - i) * 60_000,
      open: 100,
      high: 101,
      low: 99,
      close: 100 + i,
      volume: 10,
      turnover: 1000,
    }));
    const answer = {
      series,
      source: 'demo' as const,
      candles: history,
      offline: false,
      refreshing: false,
    };
    // Another source's answer, or a cached one, is not taken.
    hub.takeCandles({ ...answer, source: 'live:https://api.example.com' });
    hub.takeCandles({ ...answer, offline: true });
    await timers.advance(0);
    expect(r.of('candles')).toEqual([]);
    hub.takeCandles(answer);
    await timers.advance(0);
    expect(r.of('candles').at(-1)!.page.candles).toEqual(history.slice(-3));
    expect(r.state).toBe('live');
    // Streamed from now: the pushes move the bar the history ended with.
    streams.of('stock').stream();
    await timers.advance(0);
    streams.of('stock').push({
      type: 'quote',
      instrument: AAPL,
      quote: { ...pushed('AAPL', 0), time: timers.now(), last: 104.5 },
    });
    await timers.advance(0);
    expect(r.of('candles').at(-1)!.page.candles.at(-1)).toMatchObject({ close: 104.5 });
    client.release();
    hub.dispose();
  });
});
