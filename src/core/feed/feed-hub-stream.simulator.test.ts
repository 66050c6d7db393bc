/**
 * The hub with real stream clients against the simulator (REST and stream on one port),
 * everything on one manual clock: the simulator's market and pushes, the stream clients'
 * heartbeats and backoff, the hub's clocks. Socket I/O is real loopback: each firing
 * settles it (`testing/stream-rig.ts`). REST requests are counted by the simulator's own
 * stats.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Candle } from '../../shared/model';
import type { FeedHubOptions } from './feed-hub';
import { Recorder } from './testing/recorder';
import { depthSpec, quotesSpec as quotes, seriesOf } from './testing/hub';
import { streamRig } from './testing/stream-rig';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function rig(hub: Partial<FeedHubOptions> = {}) {
  const r = await streamRig({ hub });
  cleanups.push(() => r.close());
  return r;
}

describe('FeedHub with the simulator: the stream first', () => {
  it('streams the panes, stops polling their prices, falls back while the stream is down and comes back', async () => {
    const r = await rig();
    const board = new Recorder();
    r.hub.subscribe('w', quotes('stock', 'US', ['AAPL', 'MSFT']), board.push);
    r.hub.subscribe('w', quotes('crypto', 'BA', ['BTCUSDT', 'ETHUSDT']), board.push);
    r.hub.subscribe('w', depthSpec('crypto', 'BA', ['BTCUSDT']), new Recorder().push);
    await r.advanceUntil(
      () => r.stream().state === 'streaming' && r.stream().streamed === 4,
      'streaming',
    );
    await r.advance(2000); // the snapshot of what went onto the stream
    r.sim.resetStats();
    board.clear();
    await r.advance(20_000);
    expect(r.paths()).toEqual({});
    // Prices kept coming, by the stream.
    const btc = board.of('quotes').filter((p) => p.quotes.BTCUSDT).length;
    expect(btc).toBeGreaterThan(15);
    expect(board.states()).toEqual([]);

    // The stream endpoint goes down: polled at once, and on the budget's clock.
    r.sim.setStreamFaults({ down: true });
    await r.advanceUntil(() => r.stream().state === 'reconnecting', 'reconnecting', 2000);
    expect(r.stream()).toMatchObject({ reason: 'down', streamed: 0, polled: 4 });
    expect(r.stream().nextAttemptAt).toBeGreaterThan(r.timers.now());
    r.sim.resetStats();
    await r.advance(5000);
    expect(r.paths()['/stock/quotes']).toBeGreaterThanOrEqual(5);
    expect(r.paths()['/crypto/quotes']).toBeGreaterThanOrEqual(5);
    expect(r.paths()['/crypto/depths']).toBeGreaterThanOrEqual(5);
    expect(board.states()).not.toContain('stale');

    // Back: one REST snapshot, then the stream alone again.
    r.sim.setStreamFaults({});
    await r.advanceUntil(
      () => r.stream().state === 'streaming' && r.stream().streamed === 4,
      'back',
      90_000,
    );
    await r.advance(2000);
    r.sim.resetStats();
    await r.advance(10_000);
    expect(r.paths()).toEqual({});
    // Through it all, the board never went stale or lost its prices.
    expect(board.states().filter((s) => s !== 'live')).toEqual([]);
  });

  it("moves a live chart's forming candle with the pushes, in agreement with REST's candle", async () => {
    // REST refreshes the chart only every 30 s: between them, the stream moves it.
    const r = await rig({ intervals: { candles: { 1: 30_000 } } });
    // The default workspace's pair: a board on BTCUSDT streams, then its chart opens.
    r.hub.subscribe('w', quotes('crypto', 'BA', ['BTCUSDT']), new Recorder().push);
    await r.advanceUntil(
      () => r.stream().state === 'streaming' && r.stream().streamed === 1,
      'streaming',
    );
    const chart = new Recorder();
    const series = seriesOf('crypto', 'BA', 'BTCUSDT', 1);
    r.hub.subscribe('w', { kind: 'candles', series }, chart.push);
    const klines = () => r.paths()['/crypto/klines'] ?? 0;
    let compared = 0;
    let rolled = 0;
    let firstBar: number | null = null;
    // 100 s of the market in 50 ms steps, across a minute's end.
    for (let t = 0; t < 100_000; t += 50) {
      const seen = chart.of('candles').length;
      const asked = klines();
      await r.advance(50);
      const pages = chart.of('candles');
      // A push moved the candle in this step (not REST), and this step stayed in one second.
      if (pages.length === seen || klines() !== asked) continue;
      const now = r.timers.now();
      if (Math.floor((now - 50) / 1000) !== Math.floor(now / 1000)) continue;
      const mine = pages.at(-1)!.page.candles.at(-1)!;
      firstBar ??= mine.time;
      if (mine.time !== firstBar) rolled++;
      const answer = await r.rest.klines('crypto', {
        region: 'BA',
        codes: ['BTCUSDT'],
        kType: 1,
        limit: 2,
      });
      if (!answer.ok) throw answer.error;
      const theirs = answer.value.data.BTCUSDT!.at(-1)!;
      expect(mine, new Date(now).toISOString()).toEqual<Candle>(theirs);
      compared++;
    }
    expect(compared).toBeGreaterThan(50);
    expect(rolled).toBeGreaterThan(0);
    // 2,000 steps, each a turn of the real stream socket, and a REST answer per compare:
    // ~11 s on a quiet machine, over 20 s beside the rest of the suite on two cores.
  }, 60_000);
});
