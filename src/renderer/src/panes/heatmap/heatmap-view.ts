/**
 * Where the heatmap looks, pure: the bucket at the plot's right edge and the price row
 * at its middle, and the pixels per column and per row. Pans and zooms in both axes;
 * following the live edge until the user pans away in time.
 */

/** Least and most pixels per time column, and per price row. */
export const COLUMN_PX = { min: 0.1, max: 40 } as const;
export const ROW_PX = { min: 0.02, max: 60 } as const;

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/**
 * Rows fitted to the book: they fill this share of the plot's height, each at most
 * `FIT_ROW_PX` tall (a book of a few rows is not blown up to fill the plot).
 */
const FIT_SHARE = 0.8;
const FIT_ROW_PX = 12;

/** How tall `rows` fitted rows are in a plot `height` px high. */
export function fittedRowPx(rows: number, height: number): number {
  return clamp((height * FIT_SHARE) / Math.max(1, rows), ROW_PX.min, FIT_ROW_PX);
}

export interface Viewport {
  /** The bucket number (fractional) at the plot's right edge. */
  right: number;
  /** The price row (fractional) at the plot's vertical middle. */
  center: number;
  columnPx: number;
  rowPx: number;
  /** Whether the right edge follows the newest column. */
  live: boolean;
  /** Whether the middle follows the best bid and ask (until the user pans in price). */
  centred: boolean;
}

export const DEFAULT_VIEW: Viewport = {
  right: 0,
  center: 0,
  columnPx: 3,
  rowPx: 8,
  live: true,
  centred: true,
};

/** The bucket number under x (plot px from its left edge) of a plot `width` wide. */
export function bucketAtX(view: Viewport, x: number, width: number): number {
  return Math.floor(view.right - (width - x) / view.columnPx);
}

/** The x of bucket number `b`'s left edge. */
export function xOfBucket(view: Viewport, b: number, width: number): number {
  return width - (view.right - b) * view.columnPx;
}

/** The price row under y (plot px from its top) of a plot `height` high. */
export function rowAtY(view: Viewport, y: number, height: number): number {
  return Math.round(view.center + (height / 2 - y) / view.rowPx);
}

/** The y of the middle of row `r`. */
export function yOfRow(view: Viewport, r: number, height: number): number {
  return height / 2 - (r - view.center) * view.rowPx;
}

/** The view dragged by (dx, dy) px: time to the past (a drag right), price up or down. */
export function pan(view: Viewport, dx: number, dy: number): Viewport {
  return {
    ...view,
    right: view.right - dx / view.columnPx,
    center: view.center + dy / view.rowPx,
    live: dx === 0 ? view.live : false,
    centred: dy === 0 ? view.centred : false,
  };
}

/**
 * The view zoomed by `factor` (> 1: closer) about a point (plot px) in time
 * (`axis` 'time') or price ('price'): the bucket or row under it stays put. A zoom in
 * price leaves the fitted rows (`centred`), as a chart's price scale leaves its automatic
 * fit when scaled by hand: `follow` would otherwise fit the rows again at the next frame
 * and the zoom would never show. Live (or a double-click) fits them again.
 */
export function zoom(
  view: Viewport,
  axis: 'time' | 'price',
  factor: number,
  at: number,
  size: number,
): Viewport {
  if (axis === 'time') {
    const columnPx = clamp(view.columnPx * factor, COLUMN_PX.min, COLUMN_PX.max);
    // The bucket under `at` before and after: right edge moves so it stays.
    const under = view.right - (size - at) / view.columnPx;
    const right = view.live ? view.right : under + (size - at) / columnPx;
    return { ...view, columnPx, right };
  }
  const rowPx = clamp(view.rowPx * factor, ROW_PX.min, ROW_PX.max);
  const under = view.center + (size / 2 - at) / view.rowPx;
  const center = under - (size / 2 - at) / rowPx;
  return { ...view, rowPx, center, centred: false };
}

/** The view following the newest bucket and the best prices again. */
export function backToLive(view: Viewport): Viewport {
  return { ...view, live: true, centred: true };
}

/**
 * The view with the live edge applied (when it follows it) and, while `centred`, the
 * price rows fitted to `span` (the lowest and highest row the visible columns list)
 * with a margin: like a chart's automatic scale. No span: the rows stay.
 */
export function follow(
  view: Viewport,
  newest: number | null,
  span: { lo: number; hi: number } | null,
  height = 0,
): Viewport {
  const right = view.live && newest !== null ? newest + 1 : view.right;
  let { center, rowPx } = view;
  if (view.centred && span) {
    center = (span.lo + span.hi) / 2;
    if (height > 0) rowPx = fittedRowPx(span.hi - span.lo + 1, height);
  }
  return right === view.right && center === view.center && rowPx === view.rowPx
    ? view
    : { ...view, right, center, rowPx };
}

/** The buckets `[first, last]` a plot `width` wide shows. */
export function visibleBuckets(view: Viewport, width: number): { first: number; last: number } {
  return { first: bucketAtX(view, 0, width), last: Math.ceil(view.right) - 1 };
}

/**
 * Where in a device pixel the GPU path samples, in device px from its centre (right and
 * down): 1/128 px off the centre, so a zoom that puts a cell's edge exactly on pixel
 * centres (rows of 12 px about a half row, columns of 3 px at a 1.25 device pixel ratio)
 * does not leave the GPU's interpolation and this float64 mapping to round that pixel
 * to different sides of the edge.
 */
export const SAMPLE_OFFSET = 1 / 128;

/**
 * The price rows one device pixel row shows, as the GPU path draws it: the pixel's
 * sample point (its centre, `SAMPLE_OFFSET` down) maps to a row; where rows are thinner than a pixel, the pixel covers `lo` to
 * `hi` and is painted with the largest of them. Its texture holding `k` rows a texel
 * (a view spanning more rows than the texture), the pixel reads whole texels: its rows
 * widened to theirs, at most 64 texels.
 */
export function rowsAtPixel(
  view: Viewport,
  y: number,
  height: number,
  dpr: number,
  k = 1,
): { lo: number; hi: number } {
  const centre = (Math.floor(y * dpr) + 0.5 + SAMPLE_OFFSET) / dpr;
  const rowF = view.center + (height / 2 - centre) / view.rowPx;
  const devicePx = view.rowPx * dpr;
  const lo = devicePx >= 1 ? Math.floor(rowF + 0.5) : Math.floor(rowF - 0.5 / devicePx + 0.5);
  const hi = devicePx >= 1 ? lo : lo + Math.floor(1 / devicePx);
  const t = Math.floor(lo / k);
  return { lo: t * k, hi: Math.min(Math.floor(hi / k), t + 63) * k + k - 1 };
}

/**
 * The bucket one device pixel column shows (its sample point's: the centre,
 * `SAMPLE_OFFSET` right), as the GPU path draws it.
 */
export function bucketAtPixel(view: Viewport, x: number, width: number, dpr: number): number {
  const centre = (Math.floor(x * dpr) + 0.5 + SAMPLE_OFFSET) / dpr;
  return Math.floor(view.right - (width - centre) / view.columnPx);
}

/**
 * The plot's size in CSS px for the room `width` × `height` (CSS px) at `dpr`: whole
 * CSS px as before, then down to whole device px, so the canvas is exactly as many
 * device px as the plot is wide and high. A canvas of round(w·dpr) px shown `w` CSS px
 * wide is stretched by the browser, and its cells drawn to `round(w·dpr)` while the
 * crosshair maps the pointer over `w·dpr` (at 1.25, a plot 501 px wide: 626 against
 * 626.25 device px), so at a cell's edge it could name the neighbour. And an even
 * number of device px each way: a frame drawn at half resolution while the view moves
 * (motion-resolution.ts) is then exactly half as many, each its 2 × 2 device px.
 */
export function plotSize(
  width: number,
  height: number,
  dpr: number,
): { width: number; height: number } {
  const whole = (css: number) => Math.max(2, 2 * Math.floor((Math.floor(css) * dpr) / 2)) / dpr;
  return { width: whole(width), height: whole(height) };
}
