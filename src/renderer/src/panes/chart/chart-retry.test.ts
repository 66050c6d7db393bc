import { describe, expect, it } from 'vitest';
import type { CandlesPage } from '../../../../shared/bridge';
import type { AppStatus, HealthState } from '../../../../shared/model';
import { FakeBridge } from '../../base/testing/fake-bridge';
import { ChartState } from './chart-state.svelte';
import { bars, page, series } from './test-candles';

const pageOf = (n: number, extra: Partial<CandlesPage> = {}) => page(bars(0, n), extra);

/** A chart over a bridge whose loadCandles answers are scripted, with a reconnect button. */
function setup(answers: (() => Promise<CandlesPage>)[]) {
  const bridge = new FakeBridge();
  bridge.handlers.loadCandles = () => (answers.shift() ?? (() => Promise.resolve(pageOf(3))))();
  let reconnect: (() => void) | null = null;
  const chart = new ChartState(bridge, (l) => {
    reconnect = l;
    return () => (reconnect = null);
  });
  const loads = () => bridge.calls.filter((c) => c.name === 'loadCandles').length;
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { bridge, chart, loads, settle, reconnect: () => reconnect?.() };
}

const statusWith = (state: HealthState): AppStatus =>
  ({
    health: { state, since: 0, lastSuccessAt: null, resumesAt: null, lastError: null },
  }) as AppStatus;

const lost = () => Promise.reject(new Error('the connection to Marketdesk was lost; try again'));

describe('ChartState retry', () => {
  it('reloads a page lost with the connection when the bridge reconnects, then follows live', async () => {
    const t = setup([lost]);
    await t.chart.setSeries(series);
    expect(t.chart.error).toMatch(/lost/);
    expect(t.chart.candles).toHaveLength(0);
    expect(t.bridge.namesCalled()).not.toContain('subscribe');

    t.reconnect();
    await t.settle();
    expect(t.loads()).toBe(2);
    expect(t.chart.error).toBeNull();
    expect(t.chart.candles).toHaveLength(3);
    expect(t.bridge.namesCalled()).toContain('subscribe');

    // Loaded now: a later reconnect does not reload.
    t.reconnect();
    await t.settle();
    expect(t.loads()).toBe(2);
  });

  it('retries an empty offline page when a status event says the data is live again', async () => {
    const t = setup([
      () => Promise.resolve(pageOf(0, { offline: true, error: 'API unreachable' })),
    ]);
    t.bridge.emit('status', statusWith('offline'));
    await t.chart.setSeries(series);
    expect(t.chart.candles).toHaveLength(0);
    t.bridge.emit('status', statusWith('live'));
    await t.settle();
    expect(t.loads()).toBe(2);
    expect(t.chart.candles).toHaveLength(3);
  });

  it('retries on demand (the Retry button), but not while a load runs or without a series', async () => {
    const t = setup([lost]);
    await t.chart.retry();
    expect(t.loads()).toBe(0);
    await t.chart.setSeries(series);
    await t.chart.retry();
    expect(t.loads()).toBe(2);
    expect(t.chart.candles).toHaveLength(3);

    let answer: (p: CandlesPage) => void = () => {};
    t.bridge.handlers.loadCandles = () => new Promise((resolve) => (answer = resolve));
    const running = t.chart.retry();
    await t.chart.retry();
    expect(t.loads()).toBe(3);
    answer(pageOf(4));
    await running;
    expect(t.chart.candles).toHaveLength(4);
  });

  it('resubscribes after reconnecting when only the subscribe was lost', async () => {
    const t = setup([]);
    let subscribeFails = true;
    t.bridge.handlers.subscribe = () =>
      subscribeFails ? lost() : Promise.resolve({ subscriptionId: 'late' });
    await t.chart.setSeries(series);
    await t.settle();
    expect(t.chart.status.state).toBe('error');
    subscribeFails = false;
    t.reconnect();
    await t.settle();
    expect(t.chart.status.state).toBe('loading');
    expect(t.bridge.calls.filter((c) => c.name === 'subscribe')).toHaveLength(2);
  });

  it('forgets a failure of the previous series when the series changes', async () => {
    const t = setup([lost]);
    await t.chart.setSeries(series);
    await t.chart.setSeries({ ...series, kType: 5 });
    t.reconnect();
    await t.settle();
    expect(t.loads()).toBe(2);
  });
});
