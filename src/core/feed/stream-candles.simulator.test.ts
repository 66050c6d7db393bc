/**
 * Bars built from the stream against the simulator's own REST bars at each close:
 * every fixed interval from 1m to 1w charted on one crypto pair, across a minute, an
 * hour and a day boundary (the clock starts at 23:57 UTC; at 00:00 every bar closes at
 * once). While the pair streams, REST is asked only when a bar closes. And demo → live:
 * a live service whose clock is its own (ahead of the hub's), the chart's history from
 * it taken mid-bar, the bar still the service's at its close.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { planOf, type KType } from '../../shared/model';
import { startSimulator } from '../../simulator';
import { DEFAULT_REQUESTS_PER_MINUTE, MarketClient } from '../api';
import { StreamClient } from '../stream';
import { Recorder } from './testing/recorder';
import { quotesSpec as quotes, seriesOf } from './testing/hub';
import { streamRig } from './testing/stream-rig';

const cleanups: (() => unknown)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** Every kType with a fixed period (the month is REST's alone). */
const FIXED: readonly KType[] = [1, 2, 3, 4, 5, 6, 7, 8, 9];

describe('bars built from the stream', () => {
  it('equal the service’s bar at every close, for every interval, across a minute, an hour and a day', async () => {
    // A Thursday 23:57 UTC: at midnight the minute, the hour and the day close together.
    const r = await streamRig({ start: Date.UTC(2026, 10, 19, 23, 57, 0) });
    cleanups.push(() => r.close());
    r.hub.subscribe('w', quotes('crypto', 'BA', ['BTCUSDT']), new Recorder().push);
    await r.advanceUntil(() => r.stream().streamed === 1, 'streaming');
    const charts = FIXED.map((kType) => {
      const chart = new Recorder();
      r.hub.subscribe(
        'w',
        { kind: 'candles', series: seriesOf('crypto', 'BA', 'BTCUSDT', kType) },
        chart.push,
      );
      return chart;
    });
    await r.advance(5_000);
    r.sim.resetStats();
    // Five minutes in one-second steps (each firing settles its I/O): five 1-minute
    // closes, one of each longer interval at midnight.
    for (let t = 0; t < 300_000; t += 1000) await r.advance(1000);
    const { closes, corrections } = r.hub.candleCloses();
    // 5 one-minute closes, 1 of 5m, 15m, 30m, 1h, 2h, 4h and 1d at midnight (a week ends Sunday).
    expect(closes).toBeGreaterThanOrEqual(5 + 7);
    expect(corrections).toBe(0);
    // REST was asked once per close (each chart is its own group), nothing more.
    expect(r.paths()['/crypto/klines']).toBe(closes);
    for (const chart of charts) expect(chart.state).toBe('live');
  }, 120_000);
});

describe('a streamed chart after demo → live', () => {
  it('counts no push twice when the live service’s clock is ahead of the hub’s: its bar is the service’s at the close', async () => {
    // The demo: the rig's simulator on the hub's clock; a board and a 1-minute chart of BTCUSDT.
    const series = seriesOf('crypto', 'BA', 'BTCUSDT', 1);
    let source: 'demo' | 'live:http://live.test' = 'demo';
    const r = await streamRig({
      start: Date.UTC(2026, 10, 24, 15, 59, 0),
      hub: { source: () => source },
    });
    cleanups.push(() => r.close());
    r.hub.subscribe('w', quotes('crypto', 'BA', ['BTCUSDT']), new Recorder().push);
    const chart = new Recorder();
    r.hub.subscribe('w', { kind: 'candles', series }, chart.push);
    await r.advance(63_000);
    // A token is set (16:00:03 on the hub's clock): the live service, another simulator
    // whose clock runs 600 ms ahead, on the base plan, and its stream.
    const plan = planOf('base');
    const token = 'live-clock-ahead';
    const sim = await startSimulator({
      plan,
      now: () => r.timers.now() + 600,
      timers: r.timers,
      seed: 5,
      token,
    });
    cleanups.push(() => sim.close());
    const rpm = DEFAULT_REQUESTS_PER_MINUTE[plan.name];
    const live = new MarketClient({
      token,
      baseUrl: sim.url,
      plan,
      requestsPerMinute: rpm,
      clock: r.timers.clock(),
      retry: { attempts: 1 },
      timeoutMs: 5000,
    });
    source = 'live:http://live.test';
    r.hub.setClient(live.background(), plan, rpm);
    r.hub.setStream(
      (cls) =>
        new StreamClient({
          cls,
          baseUrl: sim.url,
          token,
          limit: 200,
          now: r.timers.now,
          timers: r.timers,
          random: () => 0.5,
        }),
    );
    await r.advance(10_000);
    // The chart's history from the live service, mid-bar while the stream pushes (the
    // hub takes it as its poll of the series): at .7 s on the hub's clock, the service's
    // is past its next second, whose trade is not pushed yet.
    await r.advance(700);
    const history = await live.klines('crypto', {
      region: 'BA',
      codes: ['BTCUSDT'],
      kType: 1,
      limit: 3,
    });
    if (!history.ok) throw history.error;
    r.hub.takeCandles({
      series,
      source,
      candles: history.value.data.BTCUSDT!,
      offline: false,
      refreshing: false,
    });
    // To past the 16:00 bar's close, in quarter seconds (each firing settles its I/O).
    for (let t = 0; t < 50_000; t += 250) await r.advance(250);
    const { closes, corrections } = r.hub.candleCloses();
    expect(closes).toBeGreaterThanOrEqual(1);
    expect(chart.status?.corrected).toBeUndefined();
    expect(corrections).toBe(0);
  }, 60_000);
});
