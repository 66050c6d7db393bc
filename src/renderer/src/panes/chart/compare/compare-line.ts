/**
 * One compared symbol on a chart: its candles come through the chart's own data
 * path (a `ChartState`: cache-first load, the network refresh, live updates,
 * "unknown" from the source), drawn as a line of closes over the candles. The
 * candle pane's scale is in percent while a chart compares, where lightweight-charts
 * bases each series on its own first visible bar and re-bases as the view moves.
 */
import { LineSeries, type IChartApi, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import type { MarketdeskBridge } from '../../../../../shared/bridge';
import type { Candle, KType } from '../../../../../shared/model';
import type { SymbolRef } from '../../../workspace/pane-contract';
import type { ReconnectSignal } from '../../common/retry-when-back';
import { ChartState, type ChartSink } from '../chart-state.svelte';

const toSeconds = (ms: number) => Math.floor(ms / 1000) as UTCTimestamp;

export class CompareLine implements ChartSink {
  readonly symbol: SymbolRef;
  readonly state: ChartState;
  #chart: IChartApi | null = null;
  #series: ISeriesApi<'Line'> | null = null;
  #color: string;

  constructor(
    bridge: MarketdeskBridge,
    reconnects: ReconnectSignal | undefined,
    symbol: SymbolRef,
    kType: KType,
    color: string,
  ) {
    this.symbol = symbol;
    this.#color = color;
    this.state = new ChartState(bridge, reconnects);
    void this.state.setSeries({ ...symbol, kType });
  }

  /** Draws on `chart` (or stops drawing with null). */
  attach(chart: IChartApi | null): void {
    if (this.#series && this.#chart) this.#chart.removeSeries(this.#series);
    this.#series = null;
    this.#chart = chart;
    if (chart) {
      this.#series = chart.addSeries(
        LineSeries,
        {
          color: this.#color,
          lineWidth: 2,
          priceLineVisible: false,
          lastValueVisible: true,
          crosshairMarkerVisible: false,
          title: this.symbol.code,
        },
        0,
      );
    }
    this.state.attach(chart ? this : null);
  }

  setColor(color: string): void {
    this.#color = color;
    this.#series?.applyOptions({ color });
  }

  setData(candles: readonly Candle[]): void {
    const out = new Array<{ time: UTCTimestamp; value: number }>(candles.length);
    for (let i = 0; i < candles.length; i++) {
      out[i] = { time: toSeconds(candles[i]!.time), value: candles[i]!.close };
    }
    this.#series?.setData(out);
  }

  update(c: Candle): void {
    this.#series?.update({ time: toSeconds(c.time), value: c.close });
  }

  // A compared symbol draws no studies and keeps the chart's own price format.
  setStudies(): void {}
  setPrecision(): void {}

  dispose(): void {
    this.attach(null);
    this.state.dispose();
  }
}
