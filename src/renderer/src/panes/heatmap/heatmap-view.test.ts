import { describe, expect, it } from 'vitest';
import {
  DEFAULT_VIEW,
  SAMPLE_OFFSET,
  fittedRowPx,
  backToLive,
  bucketAtPixel,
  follow,
  plotSize,
  rowAtY,
  rowsAtPixel,
  zoom,
  type Viewport,
} from './heatmap-view';
import { MOVING_SCALE } from './motion-resolution';

const HEIGHT = 400;
/** The rows the visible columns list: 1,000 rows, fitted into the plot while centred. */
const SPAN = { lo: 10_000, hi: 11_000 };

/** A frame of the plot: the view as `draw` makes it (the live edge, the fitted rows). */
const frame = (view: Viewport) => follow(view, 500, view.centred ? SPAN : null, HEIGHT);

describe('heatmap view: zoom in price', () => {
  it('shows at the next frame: the rows are no longer fitted over it', () => {
    const fitted = frame(DEFAULT_VIEW);
    const zoomed = frame(zoom(fitted, 'price', 4, HEIGHT / 2, HEIGHT));
    expect(zoomed.rowPx).toBeCloseTo(fitted.rowPx * 4);
    expect(zoomed.centred).toBe(false);
    // Still following the live edge in time.
    expect(zoomed.live).toBe(true);
  });

  it('keeps the row under the pointer where it was', () => {
    const fitted = frame(DEFAULT_VIEW);
    const y = 100;
    const under = rowAtY(fitted, y, HEIGHT);
    const zoomed = frame(zoom(fitted, 'price', 3, y, HEIGHT));
    expect(rowAtY(zoomed, y, HEIGHT)).toBe(under);
  });

  it('Live fits the rows to the book again', () => {
    const fitted = frame(DEFAULT_VIEW);
    const zoomed = frame(zoom(fitted, 'price', 4, HEIGHT / 2, HEIGHT));
    const again = frame(backToLive(zoomed));
    expect(again.rowPx).toBeCloseTo(fitted.rowPx);
    expect(again.center).toBe(fitted.center);
  });

  it('a zoom in time leaves the rows fitted', () => {
    const fitted = frame(DEFAULT_VIEW);
    const zoomed = frame(zoom(fitted, 'time', 2, 50, 300));
    expect(zoomed.centred).toBe(true);
    expect(zoomed.columnPx).toBeCloseTo(fitted.columnPx * 2);
  });
});

describe('heatmap view: the plot in whole device pixels', () => {
  /**
   * The bucket and row the GPU path draws at device pixel (i, j) of a canvas
   * round(w·dpr) × round(h·dpr) px (grid-webgl.ts: the right edge and the middle of the
   * canvas, in its own device px), against the crosshair's mapping of that pixel.
   */
  function disagreements(w: number, h: number, dpr: number): number {
    const view = { ...DEFAULT_VIEW, right: 1_000.37, center: 5_000.21, columnPx: 3, rowPx: 12 };
    const W = Math.round(w * dpr);
    const H = Math.round(h * dpr);
    let wrong = 0;
    for (let i = 0; i < W; i++) {
      const gpu = Math.floor(view.right - (W - (i + 0.5 + SAMPLE_OFFSET)) / (view.columnPx * dpr));
      if (gpu !== bucketAtPixel(view, (i + 0.5) / dpr, w, dpr)) wrong++;
    }
    for (let j = 0; j < H; j++) {
      const gpu = Math.floor(
        view.center + (H / 2 - (j + 0.5 + SAMPLE_OFFSET)) / (view.rowPx * dpr) + 0.5,
      );
      if (gpu !== rowsAtPixel(view, (j + 0.5) / dpr, h, dpr).lo) wrong++;
    }
    return wrong;
  }

  it('sizes the plot so its canvas is exactly its device pixels, and the crosshair reads what is drawn', () => {
    for (const dpr of [1, 1.25, 1.5, 1.75, 2]) {
      for (const room of [500, 501, 502, 503, 777.6]) {
        const { width, height } = plotSize(room, room - 37, dpr);
        for (const side of [width, height]) {
          // Whole and even device px: a half-resolution frame is exactly half as many.
          const device = side * dpr;
          expect(Math.abs(device - Math.round(device))).toBeLessThan(1e-6);
          expect(Math.round(device) % 2).toBe(0);
        }
        expect(width).toBeLessThanOrEqual(Math.floor(room));
        expect(width).toBeGreaterThan(Math.floor(room) - 1 - 1 / dpr);
        expect(disagreements(width, height, dpr), `dpr ${dpr}, room ${room}`).toBe(0);
        // The same plot drawn at half resolution while it moves: each cell pixel as read.
        expect(disagreements(width, height, dpr * MOVING_SCALE), `moving, dpr ${dpr}`).toBe(0);
      }
    }
    // Whole CSS px alone (as before) at 1.25: a 501 px plot's canvas is 626 px for 626.25.
    expect(disagreements(501, 463, 1.25)).toBeGreaterThan(0);
  });
});

describe('heatmap view: fitted rows', () => {
  it('fit as `fittedRowPx` says, at most 12 px a row', () => {
    const view = follow(DEFAULT_VIEW, 10, { lo: 100, hi: 139 }, 400);
    expect(view.rowPx).toBe(fittedRowPx(40, 400));
    expect(follow(DEFAULT_VIEW, 10, { lo: 100, hi: 101 }, 400).rowPx).toBe(12);
  });
});
