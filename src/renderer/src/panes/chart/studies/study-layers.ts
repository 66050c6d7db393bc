/**
 * Draws a chart's studies on lightweight-charts: their lines over the candles
 * (pane 0) or the volume (pane 1), oscillators each in a pane of its own below
 * (v5 panes, from `FIRST_STUDY_PANE` on, in the studies' order) with their guide
 * levels, and the heights the user gave those panes.
 *
 * The lines are series primitives (`StudyPrimitive`), not series: they draw the
 * values `StudyCalc` holds, index-aligned with the candles, for the bars in view
 * only, and tell the price scale their range there. A series takes a copy of its
 * whole history on `setData` and rebuilds its index on every `update` (O(bars) per
 * series per tick), which with five studies made the chart's first paint ~4× and
 * its forming-candle update ~2× slower. An oscillator's pane still needs a series
 * for its price scale: one per pane, holding only the newest value (its axis label).
 */
import {
  LineSeries,
  LineStyle,
  MismatchDirection,
  type AutoscaleInfo,
  type IChartApi,
  type ISeriesApi,
  type UTCTimestamp,
} from 'lightweight-charts';
import { firstAtOrAfter } from '../candle-series';
import { SeriesLayer, type DrawTarget } from '../series-layer';
import type { StudyConfig } from '../../../workspace/chart/study-config';
import { outputId, type StudySource } from './study-calc';
import { STUDY_TABLE, type OutputSpec } from './study-table';
import {
  PRICE_PANE_STRETCH,
  STUDY_PANE_STRETCH,
  VOLUME_PANE_STRETCH,
  paneSpace,
  paneStretchFactors,
} from './pane-heights';

/** Pane 0 holds the candles, pane 1 the volume. */
export const FIRST_STUDY_PANE = 2;

const toSeconds = (ms: number) => Math.floor(ms / 1000) as UTCTimestamp;

/** One output drawn: its values' id, colour and style. */
interface Line {
  id: string;
  color: string;
  style: OutputSpec['style'];
}

/**
 * The lines of the studies in one pane, drawn over its series for the bars in view.
 * `source()` answers the values now (the chart's `StudyCalc`, replaced when the
 * studies change); `timeOf` maps the time scale's logical index to a bar time (s).
 */
class StudyPrimitive extends SeriesLayer {
  readonly lines: Line[] = [];
  #source: () => StudySource | null;
  #timeOf: (logical: number, direction: MismatchDirection) => number | null;

  constructor(
    source: () => StudySource | null,
    timeOf: (logical: number, direction: MismatchDirection) => number | null,
  ) {
    super('normal');
    this.#source = source;
    this.#timeOf = timeOf;
  }

  /** The drawn values' range over the bars in view (and 0 under a histogram). */
  autoscaleInfo(startLogical: number, endLogical: number): AutoscaleInfo | null {
    const source = this.#source();
    if (!source || this.lines.length === 0) return null;
    const from = this.#timeOf(startLogical, MismatchDirection.NearestRight);
    const to = this.#timeOf(endLogical, MismatchDirection.NearestLeft);
    if (from === null || to === null) return null;
    const candles = source.candles;
    const first = firstAtOrAfter(candles, from * 1000);
    const end = firstAtOrAfter(candles, to * 1000 + 1);
    let min = Infinity;
    let max = -Infinity;
    for (const line of this.lines) {
      const values = source.values(line.id);
      if (!values) continue;
      if (line.style === 'histogram') {
        min = Math.min(min, 0);
        max = Math.max(max, 0);
      }
      for (let i = first; i < end && i < values.length; i++) {
        const v = values[i]!;
        if (v < min) min = v;
        if (v > max) max = v;
      }
    }
    return min <= max ? { priceRange: { minValue: min, maxValue: max } } : null;
  }

  protected draw(target: DrawTarget): void {
    const source = this.#source();
    const chart = this.chart;
    const series = this.series;
    if (!source || !chart || !series) return;
    const timeScale = chart.timeScale();
    const range = timeScale.getVisibleRange();
    if (!range || typeof range.from !== 'number' || typeof range.to !== 'number') return;
    const candles = source.candles;
    // One bar beyond each edge, so the lines run off the pane rather than stop short of it.
    const first = Math.max(0, firstAtOrAfter(candles, range.from * 1000) - 1);
    const end = Math.min(candles.length, firstAtOrAfter(candles, range.to * 1000 + 1) + 1);
    if (first >= end) return;
    const xs = new Float64Array(end - first);
    for (let i = first; i < end; i++) {
      xs[i - first] = timeScale.timeToCoordinate(toSeconds(candles[i]!.time)) ?? Number.NaN;
    }
    // Bar spacing from the bars themselves (the options getter copies every option).
    const measured = xs.length > 1 ? Math.abs(xs[xs.length - 1]! - xs[0]!) / (xs.length - 1) : NaN;
    const spacing = Number.isFinite(measured) && measured > 0 ? measured : 6;
    target.useBitmapCoordinateSpace(
      ({ context: ctx, horizontalPixelRatio: h, verticalPixelRatio: v }) => {
        for (const line of this.lines) {
          const values = source.values(line.id);
          if (!values) continue;
          ctx.save();
          ctx.strokeStyle = line.color;
          ctx.fillStyle = line.color;
          if (line.style === 'histogram') {
            const zero = series.priceToCoordinate(0);
            const width = Math.max(1, Math.floor(spacing * 0.6 * h));
            for (let i = first; i < end; i++) {
              const x = xs[i - first]!;
              const y = series.priceToCoordinate(values[i] ?? Number.NaN);
              if (zero === null || y === null || Number.isNaN(x)) continue;
              const top = Math.round(Math.min(y, zero) * v);
              const height = Math.max(1, Math.round(Math.abs(y - zero) * v));
              ctx.fillRect(Math.round(x * h - width / 2), top, width, height);
            }
          } else {
            const lineWidth = Math.max(1, Math.floor(h));
            ctx.lineWidth = lineWidth;
            ctx.lineJoin = 'round';
            if (line.style === 'dashed') ctx.setLineDash([3 * lineWidth, 3 * lineWidth]);
            ctx.beginPath();
            let drawing = false;
            for (let i = first; i < end; i++) {
              const x = xs[i - first]!;
              const y = series.priceToCoordinate(values[i] ?? Number.NaN);
              if (y === null || Number.isNaN(x)) {
                drawing = false;
                continue;
              }
              if (drawing) ctx.lineTo(x * h, y * v);
              else ctx.moveTo(x * h, y * v);
              drawing = true;
            }
            ctx.stroke();
          }
          ctx.restore();
        }
      },
    );
  }
}

/** An oscillator's own pane: the series its price scale belongs to, and its lines. */
interface OwnPane {
  study: StudyConfig;
  index: number;
  host: ISeriesApi<'Line'>;
  lines: StudyPrimitive;
}

export class StudyLayers {
  #chart: IChartApi;
  #source: () => StudySource | null = () => null;
  /** The lines over the candles and over the volume: attached for the chart's life. */
  #onPrice: StudyPrimitive;
  #onVolume: StudyPrimitive;
  #own: OwnPane[] = [];
  #timeOf: (logical: number, direction: MismatchDirection) => number | null;

  constructor(
    chart: IChartApi,
    candles: ISeriesApi<'Candlestick'>,
    volume: ISeriesApi<'Histogram'>,
  ) {
    this.#chart = chart;
    this.#timeOf = (logical, direction) => {
      const time = candles.dataByIndex(logical, direction)?.time;
      return typeof time === 'number' ? time : null;
    };
    const source = () => this.#source();
    this.#onPrice = new StudyPrimitive(source, this.#timeOf);
    this.#onVolume = new StudyPrimitive(source, this.#timeOf);
    candles.attachPrimitive(this.#onPrice);
    volume.attachPrimitive(this.#onVolume);
  }

  /**
   * Sets the studies drawn and where their values are (all of them again: changes
   * are rare and this keeps the panes in the studies' order), then draws them.
   */
  set(studies: readonly StudyConfig[], source: StudySource): void {
    this.#source = () => source;
    for (const own of this.#own) this.#chart.removeSeries(own.host);
    this.#own = [];
    this.#onPrice.lines.length = 0;
    this.#onVolume.lines.length = 0;
    let nextPane = FIRST_STUDY_PANE;
    for (const study of studies) {
      const spec = STUDY_TABLE[study.kind];
      const lines = spec.outputs.map((output, i) => ({
        id: outputId(study.id, output.key),
        color: study.colors[i] ?? output.color,
        style: output.style,
      }));
      if (spec.placement !== 'own') {
        (spec.placement === 'price' ? this.#onPrice : this.#onVolume).lines.push(...lines);
        continue;
      }
      const index = nextPane++;
      const host = this.#chart.addSeries(
        LineSeries,
        {
          color: lines[0]!.color,
          lineVisible: false,
          pointMarkersVisible: false,
          crosshairMarkerVisible: false,
          priceLineVisible: false,
          lastValueVisible: true,
          title: '',
        },
        index,
      );
      for (const price of spec.levels ?? []) {
        host.createPriceLine({
          price,
          color: lines[0]!.color,
          lineWidth: 1,
          lineStyle: LineStyle.Dotted,
          axisLabelVisible: false,
        });
      }
      const primitive = new StudyPrimitive(() => this.#source(), this.#timeOf);
      primitive.lines.push(...lines);
      host.attachPrimitive(primitive);
      this.#own.push({ study, index, host, lines: primitive });
    }
    this.#applyHeights(studies);
    this.refresh();
  }

  /**
   * All values changed (a load, a page, the studies): each oscillator's pane takes
   * its newest value (the axis label, which its price scale also reads), and every
   * line is drawn again from the source.
   */
  refresh(): void {
    const source = this.#source();
    for (const own of this.#own) {
      const point = this.#newest(source, own);
      own.host.setData(point ? [point] : []);
    }
    this.#redraw();
  }

  /**
   * The newest bar changed or was added: O(1), each pane's one point updated. No
   * repaint is asked for: the candle's own update repaints the chart, and the lines
   * read their values as they draw (asking again made each update a full one).
   */
  updateNewest(): void {
    const source = this.#source();
    for (const own of this.#own) {
      const point = this.#newest(source, own);
      if (point) own.host.update(point);
    }
  }

  #newest(source: StudySource | null, own: OwnPane): { time: UTCTimestamp; value: number } | null {
    const last = source?.candles.at(-1);
    const value = source?.values(own.lines.lines[0]!.id)?.at(-1);
    return last && value !== undefined && !Number.isNaN(value)
      ? { time: toSeconds(last.time), value }
      : null;
  }

  #redraw(): void {
    for (const own of this.#own) own.lines.redraw();
    this.#onPrice.redraw();
    this.#onVolume.redraw();
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
    for (const own of this.#own) {
      const pane = panes[own.index];
      if (pane) out.set(own.study.id, pane.getHeight());
    }
    return out;
  }
}
