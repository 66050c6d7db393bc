import { describe, expect, it, vi } from 'vitest';
import type { CandlesPage } from '../../../../shared/bridge';
import type { Candle } from '../../../../shared/model';
import { FakeBridge } from '../../base/testing/fake-bridge';
import { ChartState, type ChartSink } from './chart-state.svelte';
import { MAX_BARS } from './candle-series';
import { newStudy } from '../../workspace/chart/study-config';
import { outputId, type StudySource } from './studies/study-calc';
import type { StudyConfig } from '../../workspace/chart/study-config';
import { STUDY_TABLE } from './studies/study-table';
import { MIN, bar, bars, page, series } from './test-candles';

/** Records what the chart would draw: each setData, and each update with the study values then. */
class RecordingSink implements ChartSink {
  setDataCalls: { length: number; view: 'latest' | number; lines: number }[] = [];
  updates: { candle: Candle; studies: Map<string, number | undefined> }[] = [];
  precision = 0;
  #lines: string[] = [];
  #source: StudySource | null = null;
  setData(candles: readonly Candle[], view: 'latest' | number) {
    this.setDataCalls.push({ length: candles.length, view, lines: this.#lines.length });
  }
  update(candle: Candle) {
    const values = new Map(this.#lines.map((id) => [id, this.#source?.values(id)?.at(-1)]));
    this.updates.push({ candle, studies: values });
  }
  setStudies(studies: readonly StudyConfig[], source: StudySource) {
    this.#source = source;
    this.#lines = studies.flatMap((s) =>
      STUDY_TABLE[s.kind].outputs.map((o) => outputId(s.id, o.key)),
    );
  }
  setPrecision(d: number) {
    this.precision = d;
  }
}

async function setup(first: Candle[], extra: Partial<CandlesPage> = {}) {
  const bridge = new FakeBridge();
  const pages: ((args: { before?: number }) => CandlesPage)[] = [];
  bridge.handlers.loadCandles = async (args) => {
    const next = pages.shift();
    return next ? next(args) : page(first, extra);
  };
  const sink = new RecordingSink();
  const chart = new ChartState(bridge);
  chart.attach(sink);
  await chart.setSeries(series);
  await Promise.resolve();
  return { bridge, sink, chart, pages };
}

describe('ChartState', () => {
  it('loads the newest page, draws it and subscribes to the forming candle', async () => {
    const { bridge, chart, sink } = await setup(bars(0, 500));
    expect(chart.candles).toHaveLength(500);
    expect(chart.latest?.time).toBe(499 * MIN);
    expect(sink.setDataCalls.at(-1)).toEqual({ length: 500, view: 'latest', lines: 0 });
    expect(sink.precision).toBe(4);
    expect(bridge.calls.find((c) => c.name === 'subscribe')?.args).toEqual({
      spec: { kind: 'candles', series },
    });
  });

  it('updates the forming candle in place with series.update, never setData', async () => {
    const { bridge, chart, sink } = await setup(bars(0, 500));
    const array = chart.candles;
    const before = sink.setDataCalls.length;
    bridge.emit('candles', { subscriptionId: 's1', page: page([bar(499, 7)]) });
    bridge.emit('candles', { subscriptionId: 's1', page: page([bar(499, 8), bar(500, 9)]) });
    expect(sink.setDataCalls.length).toBe(before);
    expect(sink.updates.map((u) => u.candle.close)).toEqual([7, 8, 9]);
    expect(chart.candles).toBe(array);
    expect(chart.candles).toHaveLength(501);
    expect(chart.latest?.close).toBe(9);
  });

  it('shows the bar under the crosshair in the legend, else the newest', async () => {
    const { chart } = await setup(bars(0, 10));
    expect(chart.legend?.time).toBe(9 * MIN);
    chart.hoverAt(3 * MIN);
    expect(chart.legend?.time).toBe(3 * MIN);
    chart.hoverAt(3 * MIN + 1);
    expect(chart.legend?.time).toBe(9 * MIN);
    chart.hoverAt(null);
    expect(chart.legend?.time).toBe(9 * MIN);
  });

  it('draws nothing for a symbol the source says is unknown', async () => {
    const { bridge, chart, sink } = await setup(bars(0, 50));
    expect(chart.candles).toHaveLength(50);
    bridge.emit('subscriptionStatus', { subscriptionId: 's1', state: 'unknown', asOf: null });
    expect(chart.status.state).toBe('unknown');
    expect(chart.candles).toHaveLength(0);
    expect(chart.latest).toBeNull();
    expect(sink.setDataCalls.at(-1)).toMatchObject({ length: 0 });
    bridge.emit('candles', { subscriptionId: 's1', page: page([bar(60)]) });
    expect(chart.candles).toHaveLength(0);
    expect(sink.updates).toHaveLength(0);
  });

  it('ignores another subscription’s candles but takes a refresh of its own series', async () => {
    const { bridge, sink } = await setup(bars(0, 10));
    bridge.emit('candles', { subscriptionId: 'other', page: page([bar(10)]) });
    expect(sink.updates).toHaveLength(0);
    bridge.emit('candles', { subscriptionId: null, page: page([bar(9, 1), bar(10, 2)]) });
    expect(sink.updates.map((u) => u.candle.close)).toEqual([1, 2]);
    bridge.emit('candles', {
      subscriptionId: null,
      page: { ...page([bar(11)]), series: { ...series, code: 'ETHUSDT' } },
    });
    expect(sink.updates).toHaveLength(2);
  });

  it('pages older history in front and keeps the view by shifting it', async () => {
    const { bridge, sink, chart, pages } = await setup(bars(1000, 1500));
    pages.push((args) => {
      expect(args.before).toBe(1000 * MIN);
      return page(bars(500, 1000));
    });
    await chart.loadOlder();
    expect(chart.candles).toHaveLength(1000);
    expect(chart.candles[0]!.time).toBe(500 * MIN);
    expect(sink.setDataCalls.at(-1)).toEqual({ length: 1000, view: 500, lines: 0 });
    pages.push(() => page(bars(400, 500), { atHistoryStart: true }));
    await chart.loadOlder();
    expect(chart.atStart).toBe(true);
    await chart.loadOlder();
    expect(bridge.calls.filter((c) => c.name === 'loadCandles')).toHaveLength(3);
  });

  it('bounds the series while paging and detaches from live updates', async () => {
    const { bridge, sink, chart, pages } = await setup(bars(MAX_BARS, MAX_BARS + 500));
    pages.push(() => page(bars(0, MAX_BARS)));
    await chart.loadOlder();
    expect(chart.candles).toHaveLength(MAX_BARS);
    expect(chart.candles[0]!.time).toBe(0);
    expect(chart.detached).toBe(true);
    bridge.emit('candles', { subscriptionId: 's1', page: page([bar(MAX_BARS + 500)]) });
    expect(sink.updates).toHaveLength(0);
  });

  it('steps the studies with each live bar: the forming one replaced, a new one added', async () => {
    const bridge = new FakeBridge();
    bridge.handlers.loadCandles = async () => page(bars(0, 30));
    const sink = new RecordingSink();
    const chart = new ChartState(bridge);
    chart.attach(sink);
    chart.setStudies([{ ...newStudy('sma', []), params: { period: 5 } }]);
    await chart.setSeries(series);
    await Promise.resolve();
    expect(chart.studyValues.get('sma1:ma')).toBeCloseTo((125 + 126 + 127 + 128 + 129) / 5);
    const draws = sink.setDataCalls.length;
    bridge.emit('candles', { subscriptionId: 's1', page: page([bar(29, 200)]) });
    const sum = 125 + 126 + 127 + 128;
    expect(sink.updates[0]!.studies.get('sma1:ma')).toBeCloseTo((sum + 200) / 5);
    bridge.emit('candles', { subscriptionId: 's1', page: page([bar(30, 300)]) });
    expect(sink.updates[1]!.studies.get('sma1:ma')).toBeCloseTo((sum - 125 + 200 + 300) / 5);
    // No crosshair: the legend shows the newest bar's values; under it, that bar's.
    expect(chart.studyValues.get('sma1:ma')).toBeCloseTo((sum - 125 + 200 + 300) / 5);
    chart.hoverAt(10 * MIN);
    expect(chart.studyValues.get('sma1:ma')).toBeCloseTo((106 + 107 + 108 + 109 + 110) / 5);
    // Stepped, never recomputed: no full redraw.
    expect(sink.setDataCalls).toHaveLength(draws);
  });

  it('drops a page that answers after the series changed', async () => {
    const bridge = new FakeBridge();
    const answers = bridge.hold('loadCandles');
    const chart = new ChartState(bridge);
    const first = chart.setSeries(series);
    const second = chart.setSeries({ ...series, kType: 5 });
    answers[1]!(page(bars(0, 3)));
    answers[0]!(page(bars(0, 500)));
    await Promise.all([first, second]);
    expect(chart.candles).toHaveLength(3);
  });

  it('loads the series again on a new timeline (a replay sought back): no bar after the sought time stays', async () => {
    const { bridge, chart, pages } = await setup(bars(0, 500));
    const loads = () => bridge.calls.filter((c) => c.name === 'loadCandles').length;
    const before = loads();
    chart.setTimeline('replay:demo@0-1#0');
    expect(loads()).toBe(before); // the timeline it opened on
    // Sought back to bar 299: the bar of that time replaces its own, the later ones stay.
    bridge.emit('candles', { subscriptionId: 's1', page: page([bar(299, 7)]) });
    expect(chart.candles).toHaveLength(500);
    pages.push(() => page(bars(0, 299).concat(bar(299, 7))));
    chart.setTimeline('replay:demo@0-1#1');
    await vi.waitFor(() => expect(chart.candles).toHaveLength(300));
    expect(loads()).toBe(before + 1);
    expect(chart.latest).toEqual(bar(299, 7));
    chart.setTimeline('replay:demo@0-1#1');
    expect(loads()).toBe(before + 1);
  });

  it('reports a failed load as an error and an offline page as offline', async () => {
    const bridge = new FakeBridge();
    bridge.handlers.loadCandles = () => Promise.reject(new Error('storage failed'));
    const failed = new ChartState(bridge);
    await failed.setSeries(series);
    expect(failed.error).toBe('storage failed');
    expect(failed.badge).toMatchObject({ state: 'error', message: 'storage failed' });
    const { chart } = await setup(bars(0, 5), { offline: true, asOf: 42 });
    expect(chart.offline).toBe(true);
    expect(chart.asOf).toBe(42);
    expect(chart.badge).toEqual({ state: 'offline', asOf: 42 });
  });

  it('unsubscribes and stops listening on dispose', async () => {
    const { bridge, chart } = await setup(bars(0, 5));
    chart.dispose();
    expect(bridge.namesCalled()).toContain('unsubscribe');
    expect(bridge.listenerCount()).toBe(0);
  });
});

describe('split adjustment', () => {
  // A 2:1 split at bar 10: bars 0–9 close at 100 + i raw, 50 + i/2 adjusted.
  const SPLIT = [{ time: 10 * MIN, factor: 2 }];

  it('redraws the loaded bars adjusted, in place, and raw again on the toggle', async () => {
    const { chart, sink } = await setup(bars(0, 20));
    chart.setAdjustment(SPLIT, true);
    expect(chart.adjusted).toBe(true);
    expect(chart.candles[9]!.close).toBe(54.5);
    expect(chart.candles[9]!.volume).toBe(2);
    expect(chart.candles[10]!.close).toBe(110);
    expect(sink.setDataCalls.at(-1)).toEqual({ length: 20, view: 0, lines: 0 });
    chart.setAdjustment(SPLIT, false);
    expect(chart.adjusted).toBe(false);
    expect(chart.candles[9]!.close).toBe(109);
  });

  it('shows the hovered bar as now drawn when the toggle changes it, the crosshair still', async () => {
    const { chart } = await setup(bars(0, 20));
    chart.setAdjustment(SPLIT, true);
    chart.hoverAt(9 * MIN);
    expect(chart.legend?.close).toBe(54.5);
    chart.setAdjustment(SPLIT, false);
    expect(chart.legend?.close).toBe(109);
  });

  it('shows the hovered forming bar as it moves', async () => {
    const { bridge, chart } = await setup(bars(0, 20));
    chart.hoverAt(19 * MIN);
    bridge.emit('candles', { subscriptionId: 's1', page: page([bar(19, 140)]) });
    expect(chart.legend?.close).toBe(140);
  });

  it('adjusts pages as they arrive, older ones too; live bars after the split as traded', async () => {
    const bridge = new FakeBridge();
    const answers = [page(bars(5, 20)), page(bars(0, 5))];
    bridge.handlers.loadCandles = async () => answers.shift()!;
    const chart = new ChartState(bridge);
    chart.attach(new RecordingSink());
    chart.setAdjustment(SPLIT, true);
    await chart.setSeries(series);
    await Promise.resolve();
    expect(chart.candles[0]!.close).toBe(52.5);
    expect(chart.adjusted).toBe(true);
    await chart.loadOlder();
    expect(chart.candles.slice(0, 2).map((c) => c.close)).toEqual([50, 50.5]);
    // A live bar and a correction of a bar before the split, as the feed pushes them raw.
    bridge.emit('candles', { subscriptionId: 's1', page: page([bar(8, 120), bar(20, 130)]) });
    expect(chart.candles[8]!.close).toBe(60);
    expect(chart.candles.at(-1)!.close).toBe(130);
  });

  it('says "adj." when the first bars come after the load, with the cache empty', async () => {
    const { bridge, chart } = await setup([]);
    chart.setAdjustment(SPLIT, true);
    expect(chart.adjusted).toBe(false);
    // The cache-first load's network refresh, without a subscription id.
    bridge.emit('candles', { subscriptionId: null, page: page(bars(0, 20)) });
    expect(chart.candles[9]!.close).toBe(54.5);
    expect(chart.adjusted).toBe(true);
  });

  it('costs a series without splits no copy', async () => {
    const { chart } = await setup(bars(0, 20));
    const before = chart.candles;
    chart.setAdjustment([], true);
    expect(chart.candles).toBe(before);
    expect(chart.adjusted).toBe(false);
  });
});
