/**
 * One compared symbol on a chart: its candles come through the chart's own data
 * path (a `ChartState`: cache-first load, the network refresh, live updates,
 * "unknown" from the source), drawn as a line of closes on the chart's own bars
 * (`alignTo`: its last close carried to each of them, so a market that is closed
 * while the chart's trades is a flat line, and adds no times to the chart's axis).
 * The candle pane's scale is in percent while a chart compares, where
 * lightweight-charts bases each series on its own first visible bar and re-bases as
 * the view moves: any class against any other.
 */
import { LineSeries, type IChartApi, type ISeriesApi, type UTCTimestamp } from 'lightweight-charts';
import type { MarketdeskBridge } from '../../../../../shared/bridge';
import type { Candle, KType } from '../../../../../shared/model';
import type { SymbolRef } from '../../../workspace/pane-contract';
import type { ReconnectSignal } from '../../common/retry-when-back';
import { ChartState, type ChartSink } from '../chart-state.svelte';
import { alignTo, closeAt } from './compare-math';

const toSeconds = (ms: number) => Math.floor(ms / 1000) as UTCTimestamp;

export class CompareLine implements ChartSink {
  readonly symbol: SymbolRef;
  readonly state: ChartState;
  #chart: IChartApi | null = null;
  #series: ISeriesApi<'Line'> | null = null;
  #color: string;
  /** The chart's own bars, whose times this line is drawn on. */
  #base: () => readonly Candle[];

  constructor(
    bridge: MarketdeskBridge,
    reconnects: ReconnectSignal | undefined,
    symbol: SymbolRef,
    kType: KType,
    color: string,
    base: () => readonly Candle[],
  ) {
    this.symbol = symbol;
    this.#color = color;
    this.#base = base;
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
    this.#series?.setData(
      alignTo(this.#base(), candles) as { time: UTCTimestamp; value: number }[],
    );
  }

  /** Draws again on the chart's bars (they were loaded or paged). */
  realign(): void {
    this.setData(this.state.candles);
  }

  /** The compared symbol's newest bar changed: the chart's newest bar shows its close. */
  update(c: Candle): void {
    const newest = this.#base().at(-1);
    if (!newest || c.time > newest.time) return;
    // An older bar than the chart's newest moved: every chart bar since shows it.
    if (c.time < newest.time) return this.realign();
    this.#series?.update({ time: toSeconds(newest.time), value: c.close });
  }

  /** The chart's newest bar changed or opened: this line's value at it. */
  follow(bar: Candle): void {
    const value = closeAt(this.state.candles, bar.time);
    if (value !== null) this.#series?.update({ time: toSeconds(bar.time), value });
  }

  // A compared symbol draws no studies and keeps the chart's own price format.
  setStudies(): void {}
  setPrecision(): void {}

  dispose(): void {
    this.attach(null);
    this.state.dispose();
  }
}
