/**
 * Draws a chart's studies on lightweight-charts: their lines over the candles
 * (pane 0) or the volume (pane 1), oscillators each in a pane of its own below
 * (v5 panes, from `FIRST_STUDY_PANE` on, in the studies' order) with their guide
 * levels, and the heights the user gave those panes. Times arrive in ms.
 */
import {
  HistogramSeries,
  LineSeries,
  LineStyle,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { StudyConfig } from './study-config';
import { outputId, type StudyPoint } from './study-calc';
import { STUDY_TABLE } from './study-table';
import {
  PRICE_PANE_STRETCH,
  VOLUME_PANE_STRETCH,
  paneSpace,
  paneStretchFactors,
} from './pane-heights';

/** Pane 0 holds the candles, pane 1 the volume. */
export const FIRST_STUDY_PANE = 2;
/** Share of the chart a study's own pane gets (the candles' pane has 1). */
const STUDY_PANE_STRETCH = 0.3;

const toSeconds = (ms: number) => Math.floor(ms / 1000) as UTCTimestamp;

type StudySeries = ISeriesApi<'Line'> | ISeriesApi<'Histogram'>;

export class StudyLayers {
  #chart: IChartApi;
  #series = new Map<string, StudySeries>();
  /** Study id → its own pane's index. */
  #panes = new Map<string, number>();
  /** Output ids of the lines over the candles. */
  #priceLines = new Set<string>();
  #onPrice = true;

  constructor(chart: IChartApi) {
    this.#chart = chart;
  }

  /**
   * Creates the series of `studies` (all of them again: changes are rare and this
   * keeps the panes in the studies' order).
   */
  set(studies: readonly StudyConfig[]): void {
    for (const series of this.#series.values()) this.#chart.removeSeries(series);
    this.#series.clear();
    this.#panes.clear();
    this.#priceLines.clear();
    let nextPane = FIRST_STUDY_PANE;
    for (const study of studies) {
      const spec = STUDY_TABLE[study.kind];
      const pane = spec.placement === 'price' ? 0 : spec.placement === 'volume' ? 1 : nextPane++;
      if (spec.placement === 'own') this.#panes.set(study.id, pane);
      spec.outputs.forEach((output, i) => {
        const color = study.colors[i] ?? output.color;
        const common = {
          color,
          priceLineVisible: false,
          lastValueVisible: spec.placement === 'own',
          visible: spec.placement !== 'price' || this.#onPrice,
          title: '',
        };
        const series: StudySeries =
          output.style === 'histogram'
            ? this.#chart.addSeries(HistogramSeries, common, pane)
            : this.#chart.addSeries(
                LineSeries,
                {
                  ...common,
                  lineWidth: 1,
                  lineStyle: output.style === 'dashed' ? LineStyle.Dashed : LineStyle.Solid,
                  crosshairMarkerVisible: false,
                },
                pane,
              );
        if (i === 0) {
          for (const price of spec.levels ?? []) {
            series.createPriceLine({
              price,
              color,
              lineWidth: 1,
              lineStyle: LineStyle.Dotted,
              axisLabelVisible: false,
            });
          }
        }
        const id = outputId(study.id, output.key);
        this.#series.set(id, series);
        if (spec.placement === 'price') this.#priceLines.add(id);
      });
    }
    this.#applyHeights(studies);
  }

  /**
   * Shows or hides the lines over the candles: a percent scale bases each series on
   * its own first visible value, which would misplace a moving average against them.
   */
  showOnPrice(show: boolean): void {
    this.#onPrice = show;
    for (const id of this.#priceLines) this.#series.get(id)?.applyOptions({ visible: show });
  }

  /**
   * Pane heights are shares of the chart's height: applied before the chart has its
   * size (autoSize measures it in a later frame) they come out wrong, so they wait
   * for it.
   */
  #applyHeights(studies: readonly StudyConfig[], tries = 60): void {
    if (this.#chart.paneSize(0).height === 0 && tries > 0) {
      requestAnimationFrame(() => this.#applyHeights(studies, tries - 1));
      return;
    }
    // Every pane's factor at once, in px of the space the library shares among the
    // panes (pane-heights.ts): setHeight pane by pane moved the panes set before.
    const panes = this.#chart.panes();
    const own = studies.filter((study) => STUDY_TABLE[study.kind].placement === 'own');
    const saved = panes.slice(FIRST_STUDY_PANE).map((_, i) => own[i]?.height);
    const space = paneSpace(
      this.#chart.chartElement().getBoundingClientRect().height,
      this.#chart.timeScale().height(),
      panes.length,
    );
    const defaults = {
      price: PRICE_PANE_STRETCH,
      volume: VOLUME_PANE_STRETCH,
      study: STUDY_PANE_STRETCH,
    };
    const factors = paneStretchFactors(space, defaults, saved);
    panes.forEach((pane, i) => pane.setStretchFactor(factors[i] ?? defaults.study));
  }

  /** The heights of the studies' own panes now, by study id. */
  heights(): Map<string, number> {
    const panes = this.#chart.panes();
    const out = new Map<string, number>();
    for (const [id, index] of this.#panes) {
      const pane = panes[index];
      if (pane) out.set(id, pane.getHeight());
    }
    return out;
  }

  setData(points: ReadonlyMap<string, readonly StudyPoint[]>): void {
    for (const [id, series] of this.#series) {
      const data = points.get(id) ?? [];
      const out = new Array<{ time: UTCTimestamp; value: number }>(data.length);
      for (let i = 0; i < data.length; i++) {
        const p = data[i]!;
        out[i] = { time: toSeconds(p.time), value: p.value };
      }
      series.setData(out);
    }
  }

  /** The newest bar's points (null: none yet for that output). */
  update(points: ReadonlyMap<string, StudyPoint | null>): void {
    for (const [id, point] of points) {
      if (point) this.#series.get(id)?.update({ time: toSeconds(point.time), value: point.value });
    }
  }
}
