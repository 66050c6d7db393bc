import { describe, expect, it } from 'vitest';
import { hourlyCandles } from '../../../../shared/testing/candles';
import type { CandlesPage } from '../../../../shared/bridge';
import type { Candle } from '../../../../shared/model';
import { FakeBridge } from '../../base/testing/fake-bridge';
import { DayChanges } from './day-changes.svelte';

const HOUR = 3_600_000;
const T0 = Date.UTC(2026, 0, 10, 0, 0, 0);
/** Hourly candles from `T0 + from` hours (shared/testing). */
const hourly = (from: number, count: number): Candle[] => hourlyCandles(T0, from, count);
const BTC = { class: 'crypto', region: 'BA', exchange: '', code: 'BTCUSDT' } as const;

describe('DayChanges', () => {
  const page = (candles: Candle[], refreshing = false): CandlesPage => ({
    series: { ...BTC, kType: 5 },
    candles,
    atHistoryStart: false,
    offline: false,
    asOf: T0,
    refreshing,
  });

  it('asks the candle history once per symbol and hour, not per quote', async () => {
    const bridge = new FakeBridge();
    bridge.handlers.loadCandles = async () => page(hourly(0, 30));
    const days = new DayChanges(bridge);
    expect(days.reference(BTC, T0 + 26.5 * HOUR, 'demo')).toBeNull();
    days.reference(BTC, T0 + 26.6 * HOUR, 'demo');
    await Promise.resolve();
    await Promise.resolve();
    expect(days.reference(BTC, T0 + 26.7 * HOUR, 'demo')).toMatchObject({
      price: 103,
      since: T0 + 3 * HOUR,
    });
    expect(bridge.calls.filter((c) => c.name === 'loadCandles')).toHaveLength(1);
    // Asked after what the user waits for (a chart's history goes first on a small plan).
    expect(bridge.calls[0]?.args).toEqual({
      series: { ...BTC, kType: 5 },
      limit: 30,
      deferred: true,
    });
    // The next hour is a new window; another source is another answer.
    days.reference(BTC, T0 + 27.2 * HOUR, 'demo');
    days.reference(BTC, T0 + 27.2 * HOUR, 'live:https://api.example.com');
    expect(bridge.calls.filter((c) => c.name === 'loadCandles')).toHaveLength(3);
    days.dispose();
    expect(bridge.listenerCount()).toBe(0);
  });

  it('takes the refreshed page that follows a cached one', async () => {
    const bridge = new FakeBridge();
    // The cache holds old candles only; the refresh brings the window.
    bridge.handlers.loadCandles = async () => page(hourly(0, 2), true);
    const days = new DayChanges(bridge);
    days.reference(BTC, T0 + 26.5 * HOUR, 'demo');
    await Promise.resolve();
    await Promise.resolve();
    expect(days.reference(BTC, T0 + 26.5 * HOUR, 'demo')).toBeNull();
    bridge.emit('candles', { subscriptionId: null, page: page(hourly(0, 30)) });
    expect(days.reference(BTC, T0 + 26.5 * HOUR, 'demo')).toMatchObject({
      price: 103,
      since: T0 + 3 * HOUR,
    });
  });
});
