import { describe, expect, it } from 'vitest';
import { PANE_KINDS, PANE_KIND_TABLE, isPaneKind, readOptions } from './pane-kinds';
import type { PaneKind } from './pane-kinds';

const read = <K extends PaneKind>(kind: K, saved: unknown) =>
  readOptions(kind, JSON.parse(JSON.stringify(saved)));

describe('pane kinds', () => {
  it("reads every kind's default options back unchanged after a save", () => {
    for (const kind of PANE_KINDS) {
      const options = PANE_KIND_TABLE[kind].defaultOptions();
      expect(read(kind, options), kind).toEqual(options);
    }
  });

  it('keeps the saved fields of the right type and drops the rest', () => {
    const rsi = { id: 'rsi1', kind: 'rsi', params: { period: 9 }, colors: ['#112233'] };
    const aapl = { class: 'stock', region: 'US', exchange: '', code: 'AAPL' };
    expect(
      read('chart', {
        kType: 5,
        studies: [{ ...rsi, visible: false, height: 120 }, { kind: 'nope' }],
        scale: 'log',
        compare: [aapl, { class: 'bonds' }],
        legacy: 1,
      }),
    ).toEqual({
      kType: 5,
      studies: [{ ...rsi, visible: false, height: 120 }],
      scale: 'log',
      compare: [aapl],
    });
    expect(
      read('quotes', { watchlistId: 'w', sort: { column: 'last', descending: true } }),
    ).toEqual({ watchlistId: 'w', sort: { column: 'last', descending: true } });
    expect(read('news', { market: 'crypto', lang: 'zh' })).toEqual({
      market: 'crypto',
      lang: 'zh',
    });
  });

  it("repairs damaged fields with the kind's defaults, so a pane never reads a wrong type", () => {
    expect(read('chart', { kType: 99, studies: 'rsi', scale: 'ln', compare: 'AAPL' })).toEqual(
      PANE_KIND_TABLE.chart.defaultOptions(),
    );
    expect(read('quotes', { watchlistId: 7, sort: { column: 'last' } })).toEqual({
      watchlistId: 'default',
    });
    expect(read('depth', { grouping: '5', chart: 'yes' })).toEqual({ grouping: 1, chart: false });
    expect(read('depth', { grouping: 5, chart: true })).toEqual({ grouping: 5, chart: true });
    expect(read('ticks', { codes: 'BTCUSDT' })).toEqual({ codes: [], region: 'BA' });
    expect(read('news', { market: 'bonds', lang: '' })).toEqual({ market: 'stock', lang: 'en' });
    expect(read('heatmap', { bucketMs: 7, grouping: 'coarse' })).toEqual({
      bucketMs: 1_000,
      grouping: 'auto',
    });
  });

  it('opens a heatmap on rows it picks, and keeps the grouping a user picked', () => {
    expect(PANE_KIND_TABLE.heatmap.defaultOptions().grouping).toBe('auto');
    expect(read('heatmap', { bucketMs: 500, grouping: 25 })).toEqual({
      bucketMs: 500,
      grouping: 25,
    });
    expect(read('heatmap', { bucketMs: 500, grouping: 'auto' })).toEqual({
      bucketMs: 500,
      grouping: 'auto',
    });
  });

  it('gives a new pane fresh options each time', () => {
    const first = PANE_KIND_TABLE.chart.defaultOptions();
    first.compare.push({ class: 'stock', region: 'US', exchange: '', code: 'AAPL' });
    expect(PANE_KIND_TABLE.chart.defaultOptions().compare).toEqual([]);
  });

  it('reads a chart saved before studies: its overlays become studies', () => {
    const { studies } = read('chart', { overlays: { sma: [20, 'x'], ema: [9], bollinger: true } });
    expect(studies.map((s) => [s.id, s.kind, s.params])).toEqual([
      ['sma1', 'sma', { period: 20 }],
      ['ema1', 'ema', { period: 9 }],
      ['bb1', 'bb', { period: 20, k: 2 }],
    ]);
  });

  it('knows only its own kinds', () => {
    expect(PANE_KINDS.every(isPaneKind)).toBe(true);
    for (const value of ['constructor', 'toString', 'Chart', '', null, 3]) {
      expect(isPaneKind(value), String(value)).toBe(false);
    }
  });
});
