/**
 * What the chart marks behind and on its candles, as one series primitive: the
 * extended sessions shaded and the session breaks as thin lines (intraday charts),
 * and each split and the IPO as a dashed line with its label on the time scale
 * ("2:1", "IPO"). Drawn for the bars in view only, from the marks `ChartView` sets.
 */
import type {
  IChartApi,
  IPrimitivePaneRenderer,
  IPrimitivePaneView,
  ISeriesPrimitive,
  ISeriesPrimitiveAxisView,
  SeriesAttachedParameter,
  Time,
  UTCTimestamp,
} from 'lightweight-charts';
import type { EventMark } from './event-marks';
import { NO_SESSION_MARKS, type SessionMarks } from './session-marks';

const toSeconds = (ms: number) => Math.floor(ms / 1000) as UTCTimestamp;

type DrawTarget = Parameters<IPrimitivePaneRenderer['draw']>[0];

/** The colours the marks are drawn in (from the theme, `ChartColors`). */
export interface MarkColors {
  session: string;
  sessionBreak: string;
  event: string;
  eventText: string;
}

export class ChartMarks implements ISeriesPrimitive<Time> {
  #chart: IChartApi | null = null;
  #requestUpdate: (() => void) | null = null;
  #bars: readonly { time: number }[] = [];
  #sessions: SessionMarks = NO_SESSION_MARKS;
  #events: EventMark[] = [];
  #colors: MarkColors;
  readonly #paneViews: readonly IPrimitivePaneView[];
  #axisViews: ISeriesPrimitiveAxisView[] = [];

  constructor(colors: MarkColors) {
    this.#colors = colors;
    const behind: IPrimitivePaneRenderer = {
      draw: () => {},
      drawBackground: (t) => this.#drawSessions(t),
    };
    const lines: IPrimitivePaneRenderer = { draw: (t) => this.#drawEvents(t) };
    this.#paneViews = [
      { renderer: () => behind, zOrder: () => 'bottom' },
      { renderer: () => lines, zOrder: () => 'normal' },
    ];
  }

  attached(param: SeriesAttachedParameter<Time>): void {
    this.#chart = param.chart;
    this.#requestUpdate = param.requestUpdate;
  }

  detached(): void {
    this.#chart = null;
    this.#requestUpdate = null;
  }

  /** Sets what is marked over `bars` (the candles drawn); repaints. */
  set(bars: readonly { time: number }[], sessions: SessionMarks, events: EventMark[]): void {
    this.#bars = bars;
    this.#sessions = sessions;
    this.#events = events;
    this.#axisViews = events.map((e) => this.#axisView(e));
    this.#requestUpdate?.();
  }

  setColors(colors: MarkColors): void {
    this.#colors = colors;
    this.#requestUpdate?.();
  }

  paneViews(): readonly IPrimitivePaneView[] {
    return this.#paneViews;
  }

  timeAxisViews(): readonly ISeriesPrimitiveAxisView[] {
    return this.#axisViews;
  }

  #x(time: number): number | null {
    return this.#chart?.timeScale().timeToCoordinate(toSeconds(time)) ?? null;
  }

  #axisView(e: EventMark): ISeriesPrimitiveAxisView {
    return {
      coordinate: () => this.#x(e.time) ?? -100,
      text: () => e.label,
      textColor: () => this.#colors.eventText,
      backColor: () => this.#colors.event,
      visible: () => this.#x(e.time) !== null,
      tickVisible: () => true,
    };
  }

  /** Pixels between two bars, from the time scale (6 when it cannot tell). */
  #spacing(): number {
    const bars = this.#bars;
    if (bars.length < 2) return 6;
    const a = this.#x(bars[bars.length - 2]!.time);
    const b = this.#x(bars[bars.length - 1]!.time);
    return a !== null && b !== null && b > a ? b - a : 6;
  }

  #drawSessions(target: DrawTarget): void {
    const { bands, breaks } = this.#sessions;
    if (bands.length === 0 && breaks.length === 0) return;
    const bars = this.#bars;
    const half = this.#spacing() / 2;
    target.useBitmapCoordinateSpace(({ context: ctx, horizontalPixelRatio: h, bitmapSize }) => {
      const width = bitmapSize.width / h;
      ctx.fillStyle = this.#colors.session;
      for (const band of bands) {
        const from = this.#x(bars[band.from]!.time);
        const to = this.#x(bars[band.to]!.time);
        if (from === null || to === null || to + half < 0 || from - half > width) continue;
        const left = Math.round((from - half) * h);
        ctx.fillRect(left, 0, Math.round((to + half) * h) - left, bitmapSize.height);
      }
      ctx.fillStyle = this.#colors.sessionBreak;
      const line = Math.max(1, Math.floor(h));
      for (const i of breaks) {
        const x = this.#x(bars[i]!.time);
        if (x === null || x < 0 || x > width) continue;
        ctx.fillRect(Math.round((x - half) * h), 0, line, bitmapSize.height);
      }
    });
  }

  #drawEvents(target: DrawTarget): void {
    if (this.#events.length === 0) return;
    target.useBitmapCoordinateSpace(
      ({ context: ctx, horizontalPixelRatio: h, verticalPixelRatio: v, bitmapSize }) => {
        const width = bitmapSize.width / h;
        ctx.strokeStyle = this.#colors.event;
        ctx.lineWidth = Math.max(1, Math.floor(h));
        ctx.setLineDash([4 * v, 3 * v]);
        ctx.beginPath();
        for (const e of this.#events) {
          const x = this.#x(e.time);
          if (x === null || x < 0 || x > width) continue;
          const px = Math.round(x * h) + 0.5;
          ctx.moveTo(px, 0);
          ctx.lineTo(px, bitmapSize.height);
        }
        ctx.stroke();
        ctx.setLineDash([]);
      },
    );
  }
}
