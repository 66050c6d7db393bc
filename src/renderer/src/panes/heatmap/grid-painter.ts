/**
 * What paints the heatmap's cells, on the GPU (grid-webgl.ts) or on a 2D canvas
 * (grid-canvas.ts) where WebGL2 is missing. Lines, circles, the profile, the axes and
 * the crosshair are drawn over either by heatmap-overlay.ts.
 */
import type { Changed, HeatmapData } from './heatmap-data';
import type { Column } from './heatmap-model';
import type { Viewport } from './heatmap-view';

/** A column's cells, as a painter reads them. */
export type GridCells = Pick<Column, 'bids' | 'asks'>;

/** The columns a painter reads (a HeatmapData, or its copy in a worker). */
export interface GridColumns {
  readonly newest: number | null;
  readonly oldest: number | null;
  /** Which rows and buckets they are on (`HeatmapData.epoch`; a worker's copy has none). */
  readonly epoch?: number;
  column(b: number): GridCells | undefined;
}

/**
 * A frame of cells as drawn, the one on screen: its view, the price rows a texel held
 * (the GPU path's texture window; 1 on a 2D canvas), and the epoch of the columns it was
 * drawn from. The crosshair reads this frame, not the next one being drawn.
 */
export interface DrawnFrame {
  readonly view: Viewport;
  readonly k: number;
  readonly epoch: number;
  /**
   * Device px per CSS px the cells were drawn at: the window's ratio, or a fraction of it
   * while the view moves on a slow GPU (motion-resolution.ts).
   */
  readonly dpr: number;
}

/** A colour as 0–1 channels. */
export type Rgb = readonly [number, number, number];

export interface GridColors {
  bid: Rgb;
  ask: Rgb;
}

export interface GridPainter {
  /** Which path draws: shown in the pane's menu title and read by the tests. */
  readonly path: 'webgl2' | 'canvas2d';
  /**
   * The last frame drawn (null before the first). A painter drawing elsewhere (a worker)
   * has it a while after `draw`, and calls the `onDrawn` listener then.
   */
  readonly drawn: DrawnFrame | null;
  /** Called once each frame drawn elsewhere is done (absent: `draw` is done when it returns). */
  onDrawn?(listener: (() => void) | null): void;
  /** The plot's size in CSS px and the device pixel ratio. */
  resize(width: number, height: number, dpr: number): void;
  /** Takes the columns a change touched (the GPU path uploads only those). */
  upload(changed: Changed, data: HeatmapData): void;
  /** Paints the visible cells; `max` is the size drawn at full strength. */
  draw(view: Viewport, data: HeatmapData, colors: GridColors, max: number): void;
  /**
   * True while a painter drawing elsewhere (a worker) has as many frames not yet drawn
   * as it lets wait; `idle` is then called once it has drawn one. Absent: every draw is
   * done when it returns.
   */
  busy?(idle: () => void): boolean;
  /** Frames sent and not drawn yet (a painter drawing elsewhere; absent: none ever wait). */
  waiting?(): number;
  dispose(): void;
}

/** `#rgb`/`#rrggbb`/`rgb(r, g, b)` as 0–1 channels (grey when unreadable). */
export function parseColor(css: string): Rgb {
  const s = css.trim();
  const hex = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(s);
  if (hex) {
    const h = hex[1]!.length === 3 ? [...hex[1]!].map((c) => c + c).join('') : hex[1]!;
    const n = parseInt(h, 16);
    return [((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255];
  }
  const rgb = /^rgba?\(\s*(\d+)[\s,]+(\d+)[\s,]+(\d+)/i.exec(s);
  if (rgb) return [Number(rgb[1]) / 255, Number(rgb[2]) / 255, Number(rgb[3]) / 255];
  return [0.5, 0.5, 0.5];
}

/**
 * A cell's strength, 0–1, for `size` against `max`: the square root, so the thin
 * levels of a 5–10 level book still read beside a wall.
 */
export function strength(size: number, max: number): number {
  return max > 0 && size > 0 ? Math.min(1, Math.sqrt(size / max)) : 0;
}
