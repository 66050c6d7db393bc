/**
 * Bars built from the stream against the simulator's own REST bars at each close:
 * every fixed interval from 1m to 1w charted on one crypto pair, across a minute, an
 * hour and a day boundary (the clock starts at 23:57 UTC; at 00:00 every bar closes at
 * once). While the pair streams, REST is asked only when a bar closes.
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { KType } from '../../shared/model';
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
