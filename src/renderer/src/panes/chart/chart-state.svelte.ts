/**
 * Reactive state of a chart pane: the fields `ChartController` writes, backed by
 * runes. Candles are `$state.raw` (never proxied; the controller mutates the
 * array in place for the forming candle, which on purpose notifies nobody).
 */
import type { MarketdeskBridge } from '../../../../shared/bridge';
import type { Candle, SeriesKey, UnixMs } from '../../../../shared/model';
import { INITIAL_STATUS, pageBadge, type StatusView } from '../common/subscription';
import type { ReconnectSignal } from '../common/retry-when-back';
import { ChartController, type ChartFields, type ChartSink } from './chart-controller';
import type { OverlayLine } from './overlays';

export class ChartState implements ChartFields {
  candles = $state.raw<Candle[]>([]);
  latest = $state.raw<Candle | null>(null);
  hover = $state.raw<Candle | null>(null);
  status = $state.raw<StatusView>(INITIAL_STATUS);
  offline = $state(false);
  asOf = $state<UnixMs | null>(null);
  error = $state<string | null>(null);
  loading = $state(false);
  loadingOlder = $state(false);
  atStart = $state(false);
  detached = $state(false);

  legend = $derived(this.hover ?? this.latest);
  /** The badge to show: the subscription's trouble, else an offline first page. */
  badge = $derived(pageBadge(this));

  #controller: ChartController;

  constructor(bridge: MarketdeskBridge, reconnects?: ReconnectSignal) {
    this.#controller = new ChartController(bridge, this, reconnects);
  }

  attach(sink: ChartSink | null): void {
    this.#controller.attach(sink);
  }
  setLines(lines: readonly OverlayLine[]): void {
    this.#controller.setLines(lines);
  }
  setSeries(series: SeriesKey | null): Promise<void> {
    return this.#controller.setSeries(series);
  }
  loadOlder(): Promise<void> {
    return this.#controller.loadOlder();
  }
  retry(): Promise<void> {
    return this.#controller.retry();
  }
  jumpToLatest(): void {
    this.#controller.jumpToLatest();
  }
  hoverAt(time: UnixMs | null): void {
    this.#controller.hoverAt(time);
  }
  dispose(): void {
    this.#controller.dispose();
  }
}
