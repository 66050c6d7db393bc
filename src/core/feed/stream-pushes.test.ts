/**
 * A streamed chart's forming bar after demo → live (stream-pushes.ts with
 * forming-candle.ts' `countedTo`), on the hub's test fakes: the live service's clock is
 * its own, a little ahead of the hub's, and a REST answer can count a trade the stream
 * has not pushed yet. That push must not be counted twice.
 */
import { describe, expect, it } from 'vitest';
import type { Candle, DataSourceId, Quote } from '../../shared/model';
import { planOf } from '../../shared/model';
import { openCache } from '../cache';
import { FakeFeedClient } from './testing/fake-client';
import { FakeStreams } from './testing/fake-stream';
import { manualHub } from './testing/hub';
import { Recorder } from './testing/recorder';

const BTC = { class: 'crypto', region: 'BA', exchange: '', code: 'BTCUSDT' } as const;
const LIVE: DataSourceId = 'live:https://api.example.com';

describe('a streamed chart after demo → live', () => {
  it('does not count again a push the live service’s answer already counted (its clock ahead of the hub’s)', async () => {
    const { db } = openCache(':memory:');
    let source: DataSourceId = 'demo';
    const demoStreams = new FakeStreams(200);
    const { timers, client, hub } = manualHub({
      stream: demoStreams.open,
      db,
      source: () => source,
      plan: planOf('base'),
    });
    // The hub's own polls wait for the plan's budget: the chart's history answers first.
    client.hold = true;
    const chart = new Recorder();
    const series = { ...BTC, kType: 1 } as const;
    hub.subscribe('w', { kind: 'candles', series }, chart.push);
    await timers.advance(0);
    const M = timers.now(); // a minute's start: the forming bar's time
    const bar = (over: Partial<Candle>): Candle => ({
      time: M,
      open: 100,
      high: 100,
      low: 100,
      close: 100,
      volume: 0,
      turnover: 0,
      ...over,
    });
    /** What seconds 1 to `s` of the minute traded for: one trade a second, of volume 1 at 100 + its second. */
    const paid = (s: number) => (s * (s + 1)) / 2 + 100 * s;
    /** The service's quote at its second `s` of the minute (the day's figures through it). */
    const trade = (s: number): Quote => ({
      symbol: 'BTCUSDT',
      last: 100 + s,
      open: 100,
      prevClose: 99,
      high: 100 + s,
      low: 99,
      time: M + s * 1000,
      volume: 5000 + s,
      turnover: 500_000 + paid(s),
      status: 0,
      change: 1 + s,
      changePercent: 1 + s,
    });
    /** The service's bar counted through its second `s`. */
    const counted = (s: number): Candle =>
      bar({ high: 100 + s, close: 100 + s, volume: s, turnover: paid(s) });
    const answer = (candles: Candle[]) =>
      hub.takeCandles({ series, source, candles, offline: false, refreshing: false });

    // Demo: a bar built from the demo's pushes.
    answer([bar({ volume: 40, close: 90, high: 101, low: 89 })]);
    demoStreams.of('crypto').stream();
    await timers.advance(500);
    demoStreams.of('crypto').push({
      type: 'quote',
      instrument: BTC,
      quote: { ...trade(1), volume: 9000, last: 91 },
    });
    await timers.advance(0);

    // A token is set: the live service (its clock 600 ms ahead of the hub's) and its stream.
    source = LIVE;
    const live = new FakeFeedClient(timers.now);
    live.hold = true;
    const liveStreams = new FakeStreams(200);
    hub.setClient(live, planOf('base'));
    hub.setStream(liveStreams.open);
    await timers.advance(0);
    const stream = liveStreams.of('crypto');
    stream.stream();
    await timers.advance(0);
    const push = async (s: number, at: number) => {
      await timers.advance(M + at - timers.now());
      stream.push({ type: 'quote', instrument: BTC, quote: trade(s) });
      await timers.advance(0);
    };
    const shown = () => chart.of('candles').at(-1)!.page.candles.at(-1)!;

    // 5.1 s on the hub's clock (5.7 s on the service's): second 5 traded and was pushed.
    await push(5, 5100);
    // The chart's history from the live service (5.8 s on its clock) counted through second 5.
    await timers.advance(M + 5200 - timers.now());
    answer([counted(5)]);
    await timers.advance(0);
    expect(shown()).toEqual(counted(5));
    // Second 6 (6.3 s on the service's clock): the stream moves the bar.
    await push(6, 5700);
    expect(shown()).toEqual(counted(6));
    // Its history again at 6.5 s (7.1 s on the service's clock): second 7 traded, not pushed yet.
    await timers.advance(M + 6500 - timers.now());
    answer([counted(7)]);
    await timers.advance(0);
    expect(shown()).toEqual(counted(7));
    // Second 7's push (7.4 s on the service's clock) was in that answer: its volume is not added again.
    await push(7, 6800);
    expect(shown().volume).toBe(7);
    // The next trades move it as before.
    await push(8, 7800);
    expect(shown()).toEqual(counted(8));

    // The bar closes: the service's bar is the one the stream built, nothing corrected.
    await timers.advance(M + 59_500 - timers.now());
    answer([counted(8), { ...counted(0), time: M + 60_000, close: 108, high: 108, low: 108 }]);
    await timers.advance(0);
    expect(hub.candleCloses()).toEqual({ closes: 1, corrections: 0 });
    expect(chart.status?.corrected).toBeUndefined();
    client.release();
    live.release();
    hub.dispose();
  });
});
