/**
 * What the crosshair reads, pure: the bucket and price row under a point, and the
 * sizes resting there, taken from the very cells the pixel under the point is painted
 * with (heatmap-view's `bucketAtPixel`, `rowsAtPixel`). Where rows are thinner than a
 * pixel the pixel shows the largest of its rows, so the readout names that row: a
 * coloured pixel never reads as empty, nor an empty one as a size.
 */
import type { HeatmapData } from './heatmap-data';
import { cellAt } from './heatmap-model';
import { bucketAtPixel, rowsAtPixel, type Viewport } from './heatmap-view';

/** Where the crosshair is and what the book listed there. */
export interface Readout {
  bucket: number;
  row: number;
  /** The sizes at that row in that bucket (0: none); null when no book covers the bucket. */
  cell: { bid: number; ask: number } | null;
}

/**
 * The readout of the point (x, y) (CSS px from the plot's top left) of a `width` × `height`
 * plot whose cells are drawn `k` price rows a texel (`GridPainter.rowsPerTexel`).
 */
export function readoutAt(
  data: HeatmapData,
  view: Viewport,
  point: { x: number; y: number },
  size: { width: number; height: number },
  dpr: number,
  k = 1,
): Readout {
  const bucket = bucketAtPixel(view, point.x, size.width, dpr);
  const { lo, hi } = rowsAtPixel(view, point.y, size.height, dpr, k);
  // The middle row when the pixel spans several and none lists a size.
  let row = Math.round((lo + hi) / 2);
  const column = data.column(bucket);
  if (!column) return { bucket, row, cell: null };
  let cell = cellAt(column, row);
  let best = Math.max(cell.bid, cell.ask);
  for (let r = lo; r <= hi; r++) {
    const c = cellAt(column, r);
    const m = Math.max(c.bid, c.ask);
    if (m > best) [row, cell, best] = [r, c, m];
  }
  return { bucket, row, cell };
}

/** Whether two readouts say the same. */
export function sameReadout(a: Readout | null, b: Readout | null): boolean {
  if (a === null || b === null) return a === b;
  return (
    a.bucket === b.bucket &&
    a.row === b.row &&
    a.cell?.bid === b.cell?.bid &&
    a.cell?.ask === b.cell?.ask
  );
}
