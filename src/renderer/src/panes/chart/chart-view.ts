/**
 * The drawing side of the chart pane: a lightweight-charts v5 chart with a
 * candlestick series, a volume histogram in its own pane and the studies
 * (`StudyLayers`: lines over the price or volume, oscillators in panes below,
 * drawn from the values `ChartState`'s studies hold).
 * Takes candles in Unix ms and converts to UTC seconds here, at this boundary.
 * No Svelte: `ChartState` decides what to draw, this class draws it.
 */
import {
  CandlestickSeries,
  ColorType,
  CrosshairMode,
  HistogramSeries,
  PriceScaleMode,
  type TickMarkType,
  createChart,
  createSeriesMarkers,
  type ISeriesMarkersPluginApi,
  type SeriesMarker,
  type CandlestickData,
  type HistogramData,
  type IChartApi,
  type ISeriesApi,
  type ISeriesPrimitive,
  type LogicalRange,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import type { Candle } from '../../../../shared/model';
import { formatPrice } from '../../../../shared/format/numbers';
import type { ChartSink } from './chart-state.svelte';
import type { ChartColors } from './chart-colors';
import { crosshairLabel, tickMarkLabel } from './chart-time';
import type { ScaleMode } from '../../workspace/chart/price-scale';
import { VOLUME_PANE_STRETCH } from './studies/pane-heights';
import type { StudyConfig } from '../../workspace/chart/study-config';
import type { StudySource } from './studies/study-calc';
import { StudyLayers } from './studies/study-layers';
import { ChartMarks, type MarkColors } from './chart-marks';
import { newsMarkText, type EventMark, type NewsMark } from './event-marks';
import type { SessionMarks } from './session-marks';

/** Bars from the left edge at which older history is asked for. */
const LEFT_EDGE_BARS = 15;

const toSeconds = (ms: number) => Math.floor(ms / 1000) as UTCTimestamp;

const LIBRARY_MODE: Record<ScaleMode, PriceScaleMode> = {
  normal: PriceScaleMode.Normal,
  log: PriceScaleMode.Logarithmic,
  percent: PriceScaleMode.Percentage,
};

/** The price axis' least width, px: a price such as "86,886.50" in the chart's 11 px font. */
const PRICE_AXIS_MIN_WIDTH = 72;

/**
 * The price scales' empty bands above and below what is in view, as shares of a pane's
 * height. The library's own (a fifth above) kept the candles clear of a legend drawn
 * over them; the legend has a row of its own above the plot now.
 */
export const PRICE_MARGINS = { top: 0.1, bottom: 0.1 } as const;

/** Price decimals the candle series starts with (most stocks, indices and crypto). */
const DEFAULT_DECIMALS = 2;

/** The candle series' price format: thousands separators on the axis too, like the legend. */
function priceFormatOf(decimals: number) {
  return {
    type: 'custom' as const,
    minMove: 10 ** -decimals,
    formatter: (price: number) => formatPrice(price, decimals),
  };
}

export interface ChartViewHandlers {
  /** The crosshair moved to a bar (ms) or left the chart (null). */
  onHover(time: number | null): void;
  /** The view neared the oldest loaded bar. */
  onLeftEdge(): void;
  /** The user resized the studies' own panes: their heights in px, by study id. */
  onPaneHeights?(heights: Map<string, number>): void;
  /** The view moved: the time (ms) of its first bar, null when empty. */
  onVisibleFrom?(time: number | null): void;
  /** A bar's news marker was clicked: the bar's time (ms) and where (px in the chart). */
  onNewsClick?(time: number, at: { x: number; y: number }): void;
}

/** A news marker's id: the bar's time (ms) after this prefix. */
const NEWS_MARKER = 'news:';

function markColors(colors: ChartColors): MarkColors {
  return {
    session: colors.session,
    sessionBreak: colors.sessionBreak,
    event: colors.event,
    eventText: colors.background,
  };
}

export class ChartView implements ChartSink {
  #chart: IChartApi;
  #candles: ISeriesApi<'Candlestick'>;
  #volume: ISeriesApi<'Histogram'>;
  #studies: StudyLayers;
  #marks: ChartMarks;
  #newsMarkers: ISeriesMarkersPluginApi<Time>;
  #news: NewsMark[] = [];
  #scale: ScaleMode = 'normal';
  #colors: ChartColors;
  #zone: string | undefined = undefined;
  #decimals = DEFAULT_DECIMALS;
  #intraday = true;
  /** Suppresses left-edge events while this class moves the view itself. */
  #moving = false;

  constructor(el: HTMLElement, colors: ChartColors, handlers: ChartViewHandlers) {
    this.#colors = colors;
    this.#chart = createChart(el, {
      autoSize: true,
      layout: {
        background: { type: ColorType.Solid, color: colors.background },
        textColor: colors.text,
        fontSize: 11,
        attributionLogo: false,
        panes: { separatorColor: colors.border },
      },
      grid: { vertLines: { color: colors.grid }, horzLines: { color: colors.grid } },
      crosshair: { mode: CrosshairMode.Normal },
      // A floor under the price axis' width: the empty chart's axis is narrow, and
      // widening it when the first prices arrive resized every pane's canvases.
      rightPriceScale: {
        borderColor: colors.border,
        minimumWidth: PRICE_AXIS_MIN_WIDTH,
        scaleMargins: PRICE_MARGINS,
      },
      timeScale: {
        borderColor: colors.border,
        rightOffset: 4,
        timeVisible: true,
        // The data stays in UTC seconds; labels are drawn in the chosen zone.
        tickMarkFormatter: (t: Time, type: TickMarkType) =>
          typeof t === 'number' ? tickMarkLabel(t * 1000, type, this.#zone) : String(t),
      },
      localization: {
        timeFormatter: (t: Time) =>
          typeof t === 'number' ? crosshairLabel(t * 1000, this.#intraday, this.#zone) : String(t),
      },
    });
    this.#candles = this.#chart.addSeries(CandlestickSeries, {
      upColor: colors.up,
      downColor: colors.down,
      wickUpColor: colors.up,
      wickDownColor: colors.down,
      borderVisible: false,
      priceFormat: priceFormatOf(DEFAULT_DECIMALS),
    });
    this.#volume = this.#chart.addSeries(
      HistogramSeries,
      { priceFormat: { type: 'volume' }, lastValueVisible: false, priceLineVisible: false },
      1,
    );
    this.#chart.panes()[1]?.setStretchFactor(VOLUME_PANE_STRETCH);
    this.#studies = new StudyLayers(this.#chart, this.#candles, this.#volume);
    this.#marks = new ChartMarks(markColors(colors));
    this.#candles.attachPrimitive(this.#marks);
    this.#newsMarkers = createSeriesMarkers(this.#candles, [], { zOrder: 'aboveSeries' });
    this.#chart.subscribeClick((param) => {
      const id = param.hoveredObjectId;
      if (typeof id !== 'string' || !id.startsWith(NEWS_MARKER) || !param.point) return;
      handlers.onNewsClick?.(Number(id.slice(NEWS_MARKER.length)), param.point);
    });
    this.#watchPaneResize(el, handlers);
    this.#chart.timeScale().subscribeVisibleTimeRangeChange((range) => {
      handlers.onVisibleFrom?.(range && typeof range.from === 'number' ? range.from * 1000 : null);
    });
    this.#chart.subscribeCrosshairMove((param) => {
      handlers.onHover(typeof param.time === 'number' ? param.time * 1000 : null);
    });
    this.#chart.timeScale().subscribeVisibleLogicalRangeChange(() => {
      if (this.#moving) return;
      // Read the range now, not the event's: a redraw can report an interim one.
      const range = this.#chart.timeScale().getVisibleLogicalRange();
      if (range && range.from < LEFT_EDGE_BARS) handlers.onLeftEdge();
    });
  }

  /** Zone for axis labels and the crosshair (undefined: the user's). */
  setZone(zone: string | undefined, intraday: boolean): void {
    this.#zone = zone;
    this.#intraday = intraday;
    this.#chart.applyOptions({ timeScale: { timeVisible: intraday } });
  }

  /**
   * Price precision of the candle series (e.g. 5 for forex). Applied only when it
   * changes: lightweight-charts answers any new price format with a full update,
   * which made the first paint of 50,000 candles ~12% slower.
   */
  setPrecision(decimals: number): void {
    if (decimals === this.#decimals) return;
    this.#decimals = decimals;
    this.#candles.applyOptions({ priceFormat: priceFormatOf(decimals) });
  }

  applyColors(colors: ChartColors): void {
    this.#colors = colors;
    this.#chart.applyOptions({
      layout: {
        background: { type: ColorType.Solid, color: colors.background },
        textColor: colors.text,
        panes: { separatorColor: colors.border },
      },
      grid: { vertLines: { color: colors.grid }, horzLines: { color: colors.grid } },
      rightPriceScale: { borderColor: colors.border },
      timeScale: { borderColor: colors.border },
    });
    this.#candles.applyOptions({
      upColor: colors.up,
      downColor: colors.down,
      wickUpColor: colors.up,
      wickDownColor: colors.down,
    });
    this.#marks.setColors(markColors(colors));
    this.#drawNews();
  }

  /**
   * Marks on the bars: the news of each bar (one marker, its count when several), the
   * splits and IPO (a line and a label on the time scale), the sessions (intraday).
   * `bars` are the candles drawn (the marks' times are theirs).
   */
  setMarks(
    bars: readonly Candle[],
    news: NewsMark[],
    events: EventMark[],
    sessions: SessionMarks,
  ): void {
    this.#news = news;
    this.#marks.set(bars, sessions, events);
    this.#drawNews();
  }

  #drawNews(): void {
    const color = this.#colors.news;
    const markers = new Array<SeriesMarker<Time>>(this.#news.length);
    for (let i = 0; i < this.#news.length; i++) {
      const mark = this.#news[i]!;
      const text = newsMarkText(mark);
      markers[i] = {
        time: toSeconds(mark.time),
        position: 'aboveBar',
        shape: 'circle',
        color,
        id: `${NEWS_MARKER}${mark.time}`,
        ...(text ? { text } : {}),
      };
    }
    this.#newsMarkers.setMarkers(markers);
  }

  /** Volume colours are per bar: a theme change redraws them from the candles. */
  recolorVolume(candles: readonly Candle[]): void {
    this.#volume.setData(candles.map((c) => this.#volumeBar(c)));
  }

  /** Draws `studies` (their panes, and their lines from `source`'s values). */
  setStudies(studies: readonly StudyConfig[], source: StudySource): void {
    this.#studies.set(studies, source);
  }

  /**
   * The candle pane's price scale. The studies' lines over the price are drawn
   * through the candles' own scale, so in percent they stay where they belong (they
   * share the candles' base, the first bar in view).
   */
  setScale(mode: ScaleMode): void {
    if (mode === this.#scale) return;
    this.#scale = mode;
    this.#candles.priceScale().applyOptions({ mode: LIBRARY_MODE[mode] });
  }

  /** The theme's colours the chart draws with. */
  get colors(): ChartColors {
    return this.#colors;
  }

  /** The chart itself, for layers drawn beside the candles (compare lines). */
  get api(): IChartApi {
    return this.#chart;
  }

  /**
   * lightweight-charts has no pane-resize event: a drag that starts on a pane
   * separator (its row-resize handle) reports the studies' pane heights when it ends.
   */
  #watchPaneResize(el: HTMLElement, handlers: ChartViewHandlers): void {
    el.addEventListener('pointerdown', (event) => {
      const target = event.target as HTMLElement | null;
      if (target?.style.cursor !== 'row-resize' || !handlers.onPaneHeights) return;
      const done = () => handlers.onPaneHeights?.(this.#studies.heights());
      window.addEventListener('pointerup', done, { once: true });
    });
  }

  /**
   * Replaces all data. `view`: 'latest' scrolls to the newest bar; a number keeps
   * the visible bars in place after that many were added (+) or dropped (−) in front.
   */
  setData(candles: readonly Candle[], view: 'latest' | number): void {
    const range =
      typeof view === 'number' ? this.#chart.timeScale().getVisibleLogicalRange() : null;
    this.#moving = true;
    try {
      const bars = new Array<CandlestickData<UTCTimestamp>>(candles.length);
      const volumes = new Array<HistogramData<UTCTimestamp>>(candles.length);
      for (let i = 0; i < candles.length; i++) {
        const c = candles[i]!;
        bars[i] = {
          time: toSeconds(c.time),
          open: c.open,
          high: c.high,
          low: c.low,
          close: c.close,
        };
        volumes[i] = this.#volumeBar(c);
      }
      this.#candles.setData(bars);
      this.#volume.setData(volumes);
      this.#studies.refresh();
      if (view === 'latest') {
        this.#chart.timeScale().resetTimeScale();
        this.#chart.timeScale().scrollToRealTime();
      } else if (range && view !== 0) {
        this.#chart
          .timeScale()
          .setVisibleLogicalRange({ from: range.from + view, to: range.to + view });
      }
    } finally {
      this.#moving = false;
    }
  }

  /** Draws a changed or new bar at the end (the forming candle): O(1), never setData. */
  update(c: Candle): void {
    const time = toSeconds(c.time);
    this.#candles.update({ time, open: c.open, high: c.high, low: c.low, close: c.close });
    this.#volume.update(this.#volumeBar(c));
    this.#studies.updateNewest();
  }

  /** The candle series (price lines of alerts are drawn on it: alert-lines.ts). */
  get priceSeries(): ISeriesApi<'Candlestick'> {
    return this.#candles;
  }

  /** The price at a height in the chart's element (px from its top); null off the price pane. */
  priceAt(y: number): number | null {
    return this.#candles.coordinateToPrice(y);
  }

  /** Attaches a primitive (the drawings) to the candle series; answers its detach. */
  attachPrimitive(primitive: ISeriesPrimitive<Time>): () => void {
    this.#candles.attachPrimitive(primitive);
    return () => this.#candles.detachPrimitive(primitive);
  }

  /** The visible logical range (for tests and paging decisions). */
  visibleRange(): LogicalRange | null {
    return this.#chart.timeScale().getVisibleLogicalRange();
  }

  destroy(): void {
    this.#chart.remove();
  }

  #volumeBar(c: Candle): HistogramData<UTCTimestamp> {
    return {
      time: toSeconds(c.time),
      value: c.volume,
      color: c.close >= c.open ? this.#colors.upVolume : this.#colors.downVolume,
    };
  }
}
