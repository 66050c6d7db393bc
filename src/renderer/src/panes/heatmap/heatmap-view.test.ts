import { describe, expect, it } from 'vitest';
import { DEFAULT_VIEW, backToLive, follow, rowAtY, zoom, type Viewport } from './heatmap-view';

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
