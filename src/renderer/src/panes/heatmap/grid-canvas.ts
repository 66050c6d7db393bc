/**
 * The heatmap's cells on a 2D canvas, where WebGL2 is missing: a rectangle per listed
 * cell of each visible column (a book lists 5–10 levels a side, so a column is at most
 * a few dozen), one column per device pixel when columns are narrower than one.
 */
import type { HeatmapData } from './heatmap-data';
import {
  strength,
  type DrawnFrame,
  type GridColors,
  type GridPainter,
  type Rgb,
} from './grid-painter';
import { visibleBuckets, xOfBucket, yOfRow, type Viewport } from './heatmap-view';
import type { SideCells } from './heatmap-model';

export class CanvasGridPainter implements GridPainter {
  readonly path = 'canvas2d' as const;
  drawn: DrawnFrame | null = null;
  readonly #ctx: CanvasRenderingContext2D;
  #w = 0;
  #h = 0;
  #dpr = 1;

  constructor(private readonly canvas: HTMLCanvasElement) {
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('This window can draw neither WebGL2 nor a 2D canvas.');
    this.#ctx = ctx;
  }

  resize(width: number, height: number, dpr: number): void {
    this.#w = width;
    this.#h = height;
    this.#dpr = dpr;
    this.canvas.width = Math.max(1, Math.round(width * dpr));
    this.canvas.height = Math.max(1, Math.round(height * dpr));
  }

  upload(): void {
    // Nothing kept: each draw reads the visible columns.
  }

  draw(view: Viewport, data: HeatmapData, colors: GridColors, max: number): void {
    const ctx = this.#ctx;
    ctx.setTransform(this.#dpr, 0, 0, this.#dpr, 0, 0);
    ctx.clearRect(0, 0, this.#w, this.#h);
    this.drawn = { view, k: 1, epoch: data.epoch, dpr: this.#dpr };
    const newest = data.newest;
    const oldest = data.oldest;
    if (newest === null || oldest === null) return;
    const { first, last } = visibleBuckets(view, this.#w);
    const stride = Math.max(1, Math.ceil(1 / (view.columnPx * this.#dpr)));
    const from = Math.max(first, oldest);
    const to = Math.min(last, newest);
    const width = Math.max(view.columnPx * stride, 1 / this.#dpr);
    const height = Math.max(view.rowPx, 1 / this.#dpr);
    for (let b = from - (from % stride); b <= to; b += stride) {
      const column = data.column(b);
      if (!column) continue;
      const x = xOfBucket(view, b, this.#w);
      this.#side(column.bids, colors.bid, x, width, height, view, max);
      this.#side(column.asks, colors.ask, x, width, height, view, max);
    }
    ctx.globalAlpha = 1;
  }

  #side(
    cells: SideCells,
    rgb: Rgb,
    x: number,
    width: number,
    height: number,
    view: Viewport,
    max: number,
  ): void {
    const ctx = this.#ctx;
    ctx.fillStyle = `rgb(${rgb.map((c) => Math.round(c * 255)).join(',')})`;
    for (let i = 0; i < cells.rows.length; i++) {
      const y = yOfRow(view, cells.rows[i]!, this.#h) - height / 2;
      if (y > this.#h || y + height < 0) continue;
      ctx.globalAlpha = strength(cells.sizes[i]!, max);
      ctx.fillRect(x, y, width, height);
    }
  }

  dispose(): void {
    this.#ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
  }
}
