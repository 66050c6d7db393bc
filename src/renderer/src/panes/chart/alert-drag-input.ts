/**
 * The mouse on alert lines: a press within a few px of a price-level alert's line on
 * the price pane grabs it, the line follows the pointer (rounded to the series' price
 * step), the release saves the price and Escape puts it back. Presses are caught in the
 * capture phase and stopped, as drawing-input.ts does, so lightweight-charts never sees
 * them and does not pan. The ns-resize cursor over a line comes from a series
 * primitive's hit test, the library's own way to set the cursor on its canvas.
 */
import { DisposableStore } from '../../../../shared/emitter';
import { matches } from '../../base/keybindings';
import { listen } from '../../base/listen';
import type { ISeriesPrimitive, PrimitiveHoveredItem, Time } from 'lightweight-charts';
import { dragTo, dropOf, lineNear, type AlertDrag, type LineAt } from './alert-drag';
import type { ChartView } from './chart-view';

export interface AlertDragHandlers {
  /** The draggable lines (price-level alerts of the chart's symbol): id and price. */
  lines(): readonly { id: string; price: number }[];
  /** The drag moved the line (its alert, its price) or ended (null). */
  onPreview(drag: AlertDrag | null): void;
  /** The line was released at a new price: save it. */
  onDrop(id: string, price: number): void;
}

export class AlertDragInput {
  readonly #el: HTMLElement;
  readonly #view: ChartView;
  readonly #handlers: AlertDragHandlers;
  #drag: AlertDrag | null = null;
  readonly #attached = new DisposableStore();

  constructor(el: HTMLElement, view: ChartView, handlers: AlertDragHandlers) {
    this.#el = el;
    this.#view = view;
    this.#handlers = handlers;
    const cursor: ISeriesPrimitive<Time> = { hitTest: (_x, y) => this.#hover(y) };
    this.#attached.add(view.attachPrimitive(cursor));
    this.#attached.add(listen(el, 'mousedown', (e) => this.#down(e), true));
  }

  dispose(): void {
    this.#end(null);
    this.#attached.dispose();
  }

  /** The lines where they are drawn now (px from the pane's top). */
  #linesAt(): LineAt[] {
    const series = this.#view.priceSeries;
    const out: LineAt[] = [];
    for (const { id, price } of this.#handlers.lines()) {
      const y = series.priceToCoordinate(price);
      if (y !== null) out.push({ id, y });
    }
    return out;
  }

  #hover(y: number): PrimitiveHoveredItem | null {
    const id = this.#drag?.id ?? lineNear(y, this.#linesAt());
    return id === null
      ? null
      : { externalId: `alert:${id}`, zOrder: 'top', cursorStyle: 'ns-resize' };
  }

  /** The price step of the candle series (its `minMove`: 0.01 for 2 decimals). */
  #step(): number {
    const format = this.#view.priceSeries.options().priceFormat;
    return 'minMove' in format && format.minMove ? format.minMove : 0.01;
  }

  /** The pointer's height in the price pane, or null when it is not over the pane. */
  #paneY(e: MouseEvent): number | null {
    const box = this.#el.getBoundingClientRect();
    const x = e.clientX - box.left;
    const y = e.clientY - box.top;
    const pane = this.#view.api.paneSize(0);
    return x >= 0 && y >= 0 && x < pane.width && y < pane.height ? y : null;
  }

  #down(e: MouseEvent): void {
    if (e.button !== 0 || this.#drag) return;
    const y = this.#paneY(e);
    const id = y === null ? null : lineNear(y, this.#linesAt());
    const line = id === null ? undefined : this.#handlers.lines().find((l) => l.id === id);
    if (!line) return;
    // The press is the alert's: neither the chart (pan) nor the drawings see it.
    e.preventDefault();
    e.stopImmediatePropagation();
    this.#el.focus();
    this.#drag = { id: line.id, from: line.price, price: line.price };
    this.#track();
  }

  #tracking: DisposableStore | null = null;

  /** Follows the pointer and Escape on the whole window until the release. */
  #track(): void {
    const key = (e: KeyboardEvent) => {
      if (!matches(e, 'chart', 'cancel')) return;
      e.preventDefault();
      e.stopPropagation();
      this.#end(null);
    };
    const tracking = (this.#tracking = new DisposableStore());
    tracking.add(listen(window, 'mousemove', (e) => this.#move(e)));
    tracking.add(listen(window, 'mouseup', () => this.#end(this.#drag && dropOf(this.#drag))));
    tracking.add(listen(window, 'keydown', key, true));
    tracking.add(listen(window, 'blur', () => this.#end(null)));
  }

  #move(e: MouseEvent): void {
    const drag = this.#drag;
    if (!drag) return;
    const box = this.#el.getBoundingClientRect();
    const pane = this.#view.api.paneSize(0);
    // Held inside the price pane: past its edge the scale has no price to give.
    const y = Math.min(Math.max(e.clientY - box.top, 0), pane.height - 1);
    const price = this.#view.priceAt(y);
    if (price === null) return;
    const next = dragTo(drag, price, this.#step());
    if (next === drag) return;
    this.#drag = next;
    this.#handlers.onPreview(next);
  }

  /** Ends the drag: saves `drop` when given; otherwise the line goes back. */
  #end(drop: { id: string; price: number } | null): void {
    this.#tracking?.dispose();
    this.#tracking = null;
    if (!this.#drag) return;
    this.#drag = null;
    if (drop) this.#handlers.onDrop(drop.id, drop.price);
    else this.#handlers.onPreview(null);
  }
}
