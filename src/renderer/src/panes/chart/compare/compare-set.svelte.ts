/**
 * The symbols a chart compares with its own: one `CompareLine` each, rebuilt when
 * the list or the interval changes, drawn on the chart while it is attached, paged
 * back with the chart, loaded again with it on a new timeline (a replay started,
 * sought or ended), and their colours from the theme's compare palette.
 */
import type { IChartApi } from 'lightweight-charts';
import type { MarketdeskBridge } from '../../../../../shared/bridge';
import type { Candle, KType } from '../../../../../shared/model';
import type { SymbolRef } from '../../../workspace/pane-contract';
import type { ReconnectSignal } from '../../common/retry-when-back';
import { CompareLine } from './compare-line';

export class CompareSet {
  lines = $state.raw<CompareLine[]>([]);
  #bridge: MarketdeskBridge;
  #reconnects: ReconnectSignal | undefined;
  #chart: IChartApi | null = null;
  /** The theme's compare palette (`--compare-N`), distinct from studies and drawings. */
  #palette: readonly string[] = ['#ff5fc8'];
  /** The data's timeline the lines are on (`PaneContext.timeline`); null before the first. */
  #timeline: string | null = null;

  /** The chart's own bars: every compared line is drawn on their times. */
  #base: () => readonly Candle[];

  constructor(
    bridge: MarketdeskBridge,
    base: () => readonly Candle[],
    reconnects?: ReconnectSignal,
  ) {
    this.#bridge = bridge;
    this.#base = base;
    this.#reconnects = reconnects;
  }

  #color(i: number): string {
    return this.#palette[i % this.#palette.length]!;
  }

  /** Compares with `symbols` at `kType`: every line loaded anew. */
  set(symbols: readonly SymbolRef[], kType: KType): void {
    for (const line of this.lines) line.dispose();
    this.lines = symbols.map((s, i) => {
      const line = new CompareLine(
        this.#bridge,
        this.#reconnects,
        s,
        kType,
        this.#color(i),
        this.#base,
      );
      // Loaded on the timeline now: a line added during a replay is not loaded twice.
      if (this.#timeline !== null) line.state.setTimeline(this.#timeline);
      return line;
    });
    for (const line of this.lines) line.attach(this.#chart);
  }

  /** Draws on `chart` with `palette` (or stops drawing with null). */
  attach(chart: IChartApi | null, palette?: readonly string[]): void {
    this.#chart = chart;
    if (palette?.length) this.#palette = palette;
    this.lines.forEach((line, i) => {
      line.setColor(this.#color(i));
      line.attach(chart);
    });
  }

  /** The theme changed: new colours, same lines. */
  recolor(palette: readonly string[]): void {
    if (palette.length) this.#palette = palette;
    this.lines.forEach((line, i) => line.setColor(this.#color(i)));
  }

  colorOf(line: CompareLine): string {
    return this.#color(this.lines.indexOf(line));
  }

  /**
   * The data's timeline (`PaneContext.timeline`): a replay started, sought or ended. Each
   * line's points are of another time (after a seek back, later ones the live updates
   * never take away), so each is loaded again on the new one, as the chart's own bars are.
   */
  setTimeline(timeline: string): void {
    this.#timeline = timeline;
    for (const line of this.lines) line.state.setTimeline(timeline);
  }

  /** The chart's bars were loaded anew: every line is drawn on them again. */
  realign(): void {
    for (const line of this.lines) line.realign();
  }

  /** The chart's newest bar changed or opened: each line's value at it. */
  follow(bar: Candle): void {
    for (const line of this.lines) line.follow(bar);
  }

  /** The chart paged back: the compared symbols follow. */
  loadOlder(): void {
    for (const line of this.lines) void line.state.loadOlder();
  }

  dispose(): void {
    for (const line of this.lines) line.dispose();
    this.lines = [];
  }
}
