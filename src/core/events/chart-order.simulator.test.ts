/**
 * A chart opened on the free plan (5 requests a minute): its candles are what the user
 * looks at, its split and IPO look-ups only decorate them. With the minute spent, the
 * candles take the next free slot; the look-ups wait behind them, in the same minute
 * (one limiter, no request beyond the plan). They once took three whole-minute slots
 * first (the 700 (HK) chart on a Sunday).
 */
import { afterEach, describe, expect, it } from 'vitest';
import type { Instrument } from '../../shared/model';
import { PLAN_LIMITS, planOf } from '../../shared/model';
import { DEMO, tempCache } from '../cache/testing/fixtures';
import { streamRig } from '../feed/testing/stream-rig';
import { chartLookups } from './testing/chart-lookups';

const TENCENT: Instrument = { class: 'stock', region: 'HK', exchange: '', code: '700' };
/** Sunday 29 Nov 2026, 14:00 UTC. */
const SUNDAY = Date.UTC(2026, 10, 29, 14);

let cleanup: (() => Promise<void>) | null = null;
afterEach(async () => {
  await cleanup?.();
  cleanup = null;
});

describe("a chart's requests on the free plan", () => {
  it('its candles go before its split and IPO look-ups, within the plan’s minute', async () => {
    const sent: { path: string; at: number }[] = [];
    const rig = await streamRig({
      plan: planOf('free'),
      planLimits: true,
      streaming: false,
      start: SUNDAY,
      onRequest: (path, at) => sent.push({ path, at }),
    });
    const cache = tempCache();
    cleanup = async () => {
      cache.dispose();
      await rig.close();
    };
    const { events, history } = chartLookups(rig.rest, cache.db, DEMO, rig.timers.now);
    // The minute is spent (the first screen's quotes).
    for (let i = 0; i < PLAN_LIMITS.free.requestsPerMinute; i++) {
      await rig.rest.quotes('stock', { region: 'US', codes: ['AAPL'] });
    }
    // The chart opens: its marks are asked as its candles are (here, a moment before).
    const marks = events.chartEvents(TENCENT, 0, SUNDAY);
    await rig.advance(0);
    const candles = history.fetchCandles(
      { class: 'stock', region: 'HK', exchange: '', code: '700', kType: 1 },
      { limit: 300 },
    );
    let done = false;
    void Promise.all([marks, candles]).then(() => (done = true));
    for (let t = 0; t < 5 * 60_000 && !done; t += 1_000) await rig.advance(1_000);
    expect(done).toBe(true);
    const after = sent.slice(PLAN_LIMITS.free.requestsPerMinute).map((s) => s.path);
    expect(after[0]).toBe('/stock/klines');
    expect(after.slice(1).sort()).toEqual(['/stock/ipo', '/stock/ipo', '/stock/split']);
    // One limiter: the plan's minute holds.
    for (const s of sent) {
      const n = sent.filter((o) => o.at >= s.at && o.at < s.at + 60_000).length;
      expect(n).toBeLessThanOrEqual(PLAN_LIMITS.free.requestsPerMinute);
    }
  }, 60_000);
});
