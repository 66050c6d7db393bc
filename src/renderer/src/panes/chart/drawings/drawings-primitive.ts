/**
 * The drawings on the chart: one lightweight-charts series primitive on the candle
 * series. Each redraw the library asks `updateAllViews`, which projects every anchor
 * (time, price) to the pane through the time map and the series' price scale; the
 * renderer then paints lines, boxes, levels and notes onto the bitmap canvas. It also
 * answers the pointer conversions the drawing input needs.
 */
import type { Logical, PrimitiveHoveredItem } from 'lightweight-charts';
import type { Anchor, Drawing } from '../../../../../shared/model';
import { withAlpha } from '../chart-colors';
import { SeriesLayer, type DrawTarget } from '../series-layer';
import {
  FIB_LEVELS,
  NOTE_FONT_PX,
  NOTE_PADDING_PX,
  fibLevels,
  hitTest,
  noteBox,
  rayEnd,
  type ChartPoint,
  type DrawingShape,
  type Hit,
  type Point,
} from './geometry';
import type { TimeMap } from './time-map';

type Scope = Parameters<Parameters<DrawTarget['useBitmapCoordinateSpace']>[0]>[0];

/** What the drawings are painted with besides their own colours. */
export interface DrawingScene {
  drawings: readonly Drawing[];
  selectedId: string | null;
  /** The notes' and the handles' fill. */
  background: string;
  formatPrice: (price: number) => string;
}

const NOTE_FONT = `${NOTE_FONT_PX}px system-ui, sans-serif`;
const LABEL_FONT_PX = 11;
const HANDLE_RADIUS = 4;

let measuring: CanvasRenderingContext2D | null = null;

/** A note's text width in CSS pixels, as the renderer draws it. */
export function measureNote(text: string): number {
  measuring ??= document.createElement('canvas').getContext('2d');
  if (!measuring) return text.length * NOTE_FONT_PX * 0.6;
  measuring.font = NOTE_FONT;
  return measuring.measureText(text).width;
}

export class DrawingsPrimitive extends SeriesLayer {
  #map: TimeMap;
  #scene: DrawingScene;
  #shapes: DrawingShape[] = [];

  constructor(map: TimeMap, scene: DrawingScene) {
    super('top');
    this.#map = map;
    this.#scene = scene;
  }

  /** New drawings, selection or colours: redraws. */
  setScene(scene: DrawingScene): void {
    this.#scene = scene;
    this.redraw();
  }

  /** A new interval's bars (the map knows its interval). */
  setTimeMap(map: TimeMap): void {
    this.#map = map;
    this.redraw();
  }

  updateAllViews(): void {
    this.#shapes = this.#scene.drawings.map((drawing) => ({
      drawing,
      points: drawing.anchors.map((a) => this.toScreen(a)).filter((p): p is Point => p !== null),
    }));
  }

  /** The library's hover test: a move cursor over a drawing, a grab one over a handle. */
  hitTest(x: number, y: number): PrimitiveHoveredItem | null {
    const hit = this.hit({ x, y });
    if (!hit) return null;
    return {
      externalId: hit.id,
      zOrder: 'top',
      cursorStyle: hit.part === 'handle' ? 'grab' : 'move',
    };
  }

  /** The drawing or handle at a pane point. */
  hit(p: Point): Hit | null {
    return hitTest(this.#shapes, p, this.#scene.selectedId, measureNote);
  }

  /** An anchor's chart point (logical bar, price); null before any bars. */
  toChart(a: Anchor): ChartPoint | null {
    const logical = this.#map.toLogical(a.time);
    return logical === null ? null : { logical, price: a.price };
  }

  /** The anchor at a chart point; null before any bars. */
  toAnchor(c: ChartPoint): Anchor | null {
    const time = this.#map.toTime(c.logical);
    return time === null ? null : { time, price: c.price };
  }

  /** The chart point under a pane point; null without data. */
  pointAt(p: Point): ChartPoint | null {
    const logical = this.chart?.timeScale().coordinateToLogical(p.x);
    const price = this.series?.coordinateToPrice(p.y);
    if (logical == null || price == null) return null;
    return { logical, price };
  }

  /** The pane's size in CSS pixels (the price pane, scales excluded). */
  paneSize(): { width: number; height: number } | null {
    return this.chart?.paneSize(0) ?? null;
  }

  toScreen(a: Anchor): Point | null {
    const c = this.toChart(a);
    if (!c || !this.chart || !this.series) return null;
    const x = this.chart.timeScale().logicalToCoordinate(c.logical as Logical);
    const y = this.series.priceToCoordinate(c.price);
    return x === null || y === null ? null : { x, y };
  }

  protected draw(target: DrawTarget): void {
    target.useBitmapCoordinateSpace((scope) => {
      for (const shape of this.#shapes) this.#paint(scope, shape);
    });
  }

  #paint(scope: Scope, shape: DrawingShape): void {
    const { context: ctx, horizontalPixelRatio: hr, verticalPixelRatio: vr } = scope;
    const { drawing, points } = shape;
    const [a, b] = points;
    if (!a || (points.length < drawing.anchors.length && drawing.kind !== 'hline')) return;
    const selected = drawing.id === this.#scene.selectedId;
    const width = scope.bitmapSize.width;
    const X = (x: number) => x * hr;
    const Y = (y: number) => y * vr;
    ctx.save();
    ctx.strokeStyle = drawing.color;
    ctx.fillStyle = drawing.color;
    ctx.lineWidth = Math.max(1, Math.round((selected ? 2 : 1.5) * hr));
    ctx.beginPath();
    switch (drawing.kind) {
      case 'hline':
        ctx.moveTo(0, Y(a.y));
        ctx.lineTo(width, Y(a.y));
        ctx.stroke();
        this.#label(
          scope,
          this.#scene.formatPrice(drawing.anchors[0]!.price),
          width / hr - 4,
          a.y - 3,
          'right',
          drawing.color,
        );
        break;
      case 'trend':
        ctx.moveTo(X(a.x), Y(a.y));
        ctx.lineTo(X(b!.x), Y(b!.y));
        ctx.stroke();
        break;
      case 'ray': {
        const end = rayEnd(a, b!, width / hr, scope.bitmapSize.height / vr);
        ctx.moveTo(X(a.x), Y(a.y));
        ctx.lineTo(X(end.x), Y(end.y));
        ctx.stroke();
        break;
      }
      case 'rect':
        ctx.fillStyle = withAlpha(drawing.color, 0.15);
        ctx.fillRect(X(a.x), Y(a.y), X(b!.x) - X(a.x), Y(b!.y) - Y(a.y));
        ctx.strokeRect(X(a.x), Y(a.y), X(b!.x) - X(a.x), Y(b!.y) - Y(a.y));
        break;
      case 'fib':
        this.#fib(scope, drawing, a, b!);
        break;
      case 'text':
        this.#note(scope, drawing, a);
        break;
    }
    if (selected) this.#handles(scope, drawing, points);
    ctx.restore();
  }

  #fib(scope: Scope, drawing: Drawing, a: Point, b: Point): void {
    const { context: ctx, horizontalPixelRatio: hr, verticalPixelRatio: vr } = scope;
    const left = Math.min(a.x, b.x);
    const right = Math.max(a.x, b.x);
    const levels = fibLevels(drawing.anchors[0]!.price, drawing.anchors[1]!.price);
    const ys = levels.map((l) => this.series?.priceToCoordinate(l.price) ?? null);
    ctx.fillStyle = withAlpha(drawing.color, 0.08);
    if (ys[0] != null && ys[FIB_LEVELS.length - 1] != null) {
      ctx.fillRect(
        left * hr,
        ys[0] * vr,
        (right - left) * hr,
        (ys[FIB_LEVELS.length - 1]! - ys[0]) * vr,
      );
    }
    levels.forEach((level, i) => {
      const y = ys[i];
      if (y == null) return;
      ctx.beginPath();
      ctx.moveTo(left * hr, y * vr);
      ctx.lineTo(right * hr, y * vr);
      ctx.stroke();
      const text = `${level.level} (${this.#scene.formatPrice(level.price)})`;
      this.#label(scope, text, left + 2, y - 3, 'left', drawing.color);
    });
  }

  #note(scope: Scope, drawing: Drawing, at: Point): void {
    const { context: ctx, horizontalPixelRatio: hr, verticalPixelRatio: vr } = scope;
    const box = noteBox(at, measureNote(drawing.text));
    ctx.fillStyle = withAlpha(this.#scene.background, 0.85);
    ctx.fillRect(box.x * hr, box.y * vr, box.w * hr, box.h * vr);
    ctx.strokeRect(box.x * hr, box.y * vr, box.w * hr, box.h * vr);
    ctx.fillStyle = drawing.color;
    ctx.font = `${Math.round(NOTE_FONT_PX * vr)}px system-ui, sans-serif`;
    ctx.textBaseline = 'middle';
    ctx.fillText(drawing.text, (box.x + NOTE_PADDING_PX) * hr, (box.y + box.h / 2) * vr);
  }

  #label(
    scope: Scope,
    text: string,
    x: number,
    y: number,
    align: CanvasTextAlign,
    color: string,
  ): void {
    const { context: ctx, horizontalPixelRatio: hr, verticalPixelRatio: vr } = scope;
    ctx.font = `${Math.round(LABEL_FONT_PX * vr)}px system-ui, sans-serif`;
    ctx.textAlign = align;
    ctx.textBaseline = 'bottom';
    ctx.fillStyle = color;
    ctx.fillText(text, x * hr, y * vr);
  }

  #handles(scope: Scope, drawing: Drawing, points: Point[]): void {
    const { context: ctx, horizontalPixelRatio: hr, verticalPixelRatio: vr } = scope;
    // A horizontal line and a note move whole: one handle shows the selection.
    const shown =
      drawing.kind === 'hline' ? [{ x: scope.bitmapSize.width / hr / 2, y: points[0]!.y }] : points;
    ctx.fillStyle = this.#scene.background;
    ctx.lineWidth = Math.max(1, Math.round(1.5 * hr));
    for (const p of shown) {
      ctx.beginPath();
      ctx.arc(p.x * hr, p.y * vr, HANDLE_RADIUS * hr, 0, Math.PI * 2);
      ctx.fill();
      ctx.stroke();
    }
  }
}
