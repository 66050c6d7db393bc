import { describe, expect, it } from 'vitest';
import type { CandlesPage } from '../../../../shared/bridge';
import type { AppStatus, Candle, HealthState, SeriesKey } from '../../../../shared/model';
import { FakeBridge } from '../common/fake-bridge';
import { INITIAL_STATUS } from '../common/subscription';
import { ChartController, type ChartFields } from './chart-controller';

const series: SeriesKey = {
  class: 'crypto',
  region: 'BA',
  exchange: '',
  code: 'BTCUSDT',
  kType: 1,
};
const bar = (i: number): Candle => ({
  time: i * 60_000,
  open: 1,
  high: 1,
  low: 1,
  close: 1,
  volume: 1,
  turnover: 1,
});
const page = (n: number, extra: Partial<CandlesPage> = {}): CandlesPage => ({
  series,
  candles: Array.from({ length: n }, (_, i) => bar(i)),
  atHistoryStart: false,
  offline: false,
  asOf: 1,
  refreshing: false,
  ...extra,
});
const fields = (): ChartFields => ({
  candles: [],
  latest: null,
  hover: null,
  status: INITIAL_STATUS,
  offline: false,
  asOf: null,
  error: null,
  loading: false,
  loadingOlder: false,
  atStart: false,
  detached: false,
});

/** A chart over a bridge whose loadCandles answers are scripted, with a reconnect button. */
function setup(answers: (() => Promise<CandlesPage>)[]) {
  const bridge = new FakeBridge();
  bridge.handlers.loadCandles = () => (answers.shift() ?? (() => Promise.resolve(page(3))))();
  let reconnect: (() => void) | null = null;
  const f = fields();
  const chart = new ChartController(bridge, f, (l) => {
    reconnect = l;
    return () => (reconnect = null);
  });
  const loads = () => bridge.calls.filter((c) => c.name === 'loadCandles').length;
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return { bridge, f, chart, loads, settle, reconnect: () => reconnect?.() };
}

const statusWith = (state: HealthState): AppStatus =>
  ({
    health: { state, since: 0, lastSuccessAt: null, resumesAt: null, lastError: null },
  }) as AppStatus;

const lost = () => Promise.reject(new Error('the connection to Marketdesk was lost; try again'));

describe('ChartController retry', () => {
  it('reloads a page lost with the connection when the bridge reconnects, then follows live', async () => {
    const t = setup([lost]);
    await t.chart.setSeries(series);
    expect(t.f.error).toMatch(/lost/);
    expect(t.f.candles).toHaveLength(0);
    expect(t.bridge.namesCalled()).not.toContain('subscribe');

    t.reconnect();
    await t.settle();
    expect(t.loads()).toBe(2);
    expect(t.f.error).toBeNull();
    expect(t.f.candles).toHaveLength(3);
    expect(t.bridge.namesCalled()).toContain('subscribe');

    // Loaded now: a later reconnect does not reload.
    t.reconnect();
    await t.settle();
    expect(t.loads()).toBe(2);
  });

  it('retries an empty offline page when a status event says the data is live again', async () => {
    const t = setup([() => Promise.resolve(page(0, { offline: true, error: 'API unreachable' }))]);
    t.bridge.emit('status', statusWith('offline'));
    await t.chart.setSeries(series);
    expect(t.f.candles).toHaveLength(0);
    t.bridge.emit('status', statusWith('live'));
    await t.settle();
    expect(t.loads()).toBe(2);
    expect(t.f.candles).toHaveLength(3);
  });

  it('retries on demand (the Retry button), but not while a load runs or without a series', async () => {
    const t = setup([lost]);
    await t.chart.retry();
    expect(t.loads()).toBe(0);
    await t.chart.setSeries(series);
    await t.chart.retry();
    expect(t.loads()).toBe(2);
    expect(t.f.candles).toHaveLength(3);

    let answer: (p: CandlesPage) => void = () => {};
    t.bridge.handlers.loadCandles = () => new Promise((resolve) => (answer = resolve));
    const running = t.chart.retry();
    await t.chart.retry();
    expect(t.loads()).toBe(3);
    answer(page(4));
    await running;
    expect(t.f.candles).toHaveLength(4);
  });

  it('resubscribes after reconnecting when only the subscribe was lost', async () => {
    const t = setup([]);
    let subscribeFails = true;
    t.bridge.handlers.subscribe = () =>
      subscribeFails ? lost() : Promise.resolve({ subscriptionId: 'late' });
    await t.chart.setSeries(series);
    await t.settle();
    expect(t.f.status.state).toBe('error');
    subscribeFails = false;
    t.reconnect();
    await t.settle();
    expect(t.f.status.state).toBe('loading');
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
