/**
 * A lightweight-charts series primitive that paints one layer of its own onto the pane's
 * canvas (the drawings, a pane's study lines): it holds the chart and the series it is
 * attached to (null while detached) and asks the chart for a repaint when what it
 * draws has changed.
 */
import type {
  IChartApi,
  IPrimitivePaneRenderer,
  IPrimitivePaneView,
  ISeriesApi,
  ISeriesPrimitive,
  PrimitivePaneViewZOrder,
  SeriesAttachedParameter,
  SeriesType,
  Time,
} from 'lightweight-charts';

export type DrawTarget = Parameters<IPrimitivePaneRenderer['draw']>[0];

export abstract class SeriesLayer implements ISeriesPrimitive<Time> {
  protected chart: IChartApi | null = null;
  protected series: ISeriesApi<SeriesType> | null = null;
  #requestUpdate: (() => void) | null = null;
  readonly #views: readonly IPrimitivePaneView[];

  /** `zOrder`: where the layer stands among the series ('top' over everything). */
  constructor(zOrder: PrimitivePaneViewZOrder) {
    const renderer: IPrimitivePaneRenderer = { draw: (target) => this.draw(target) };
    this.#views = [{ renderer: () => renderer, zOrder: () => zOrder }];
  }

  attached(param: SeriesAttachedParameter<Time>): void {
    this.chart = param.chart;
    this.series = param.series;
    this.#requestUpdate = param.requestUpdate;
  }

  detached(): void {
    this.chart = null;
    this.series = null;
    this.#requestUpdate = null;
  }

  /** Asks for a repaint (what the layer draws changed). */
  redraw(): void {
    this.#requestUpdate?.();
  }

  paneViews(): readonly IPrimitivePaneView[] {
    return this.#views;
  }

  /** Paints the layer. */
  protected abstract draw(target: DrawTarget): void;
}
