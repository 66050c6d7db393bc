/**
 * Windowing for a long table of fixed-height rows: which rows to render for the
 * scroll position, and the spacer heights above and below them that keep the
 * scroll height (and so the scrollbar) as if every row were there. A tape of 200
 * rows then lays out and paints the twenty or so in view, not all 200, each time a
 * row is added at the top.
 */

export interface RowWindow {
  /** First row to render (index into the rows). */
  start: number;
  /** One past the last row to render. */
  end: number;
  /** Pixels of spacer above the first rendered row, and below the last. */
  padTop: number;
  padBottom: number;
}

export interface RowWindowInput {
  /** Rows in the table. */
  total: number;
  /** The scroll container's scrollTop and clientHeight, px (height 0: not measured yet). */
  scrollTop: number;
  height: number;
  /** Every row's height, px. */
  rowHeight: number;
  /** Pixels above the first row inside the scroll container (a header). */
  offset?: number;
  /** Extra rows rendered above and below the view, so a fast scroll shows no gap. */
  overscan?: number;
  /** Rows rendered before the container has been measured. */
  unmeasured?: number;
}

/** The rows to render for a scroll position (see the file comment). */
export function rowWindow({
  total,
  scrollTop,
  height,
  rowHeight,
  offset = 0,
  overscan = 8,
  unmeasured = 40,
}: RowWindowInput): RowWindow {
  if (total <= 0) return { start: 0, end: 0, padTop: 0, padBottom: 0 };
  let start: number;
  let end: number;
  if (height <= 0) {
    start = 0;
    end = Math.min(total, unmeasured);
  } else {
    const top = Math.max(0, scrollTop - offset);
    const first = Math.floor(top / rowHeight);
    const last = Math.ceil((top + height) / rowHeight);
    start = Math.min(Math.max(0, first - overscan), Math.max(0, total - 1));
    end = Math.min(total, Math.max(start + 1, last + overscan));
  }
  return {
    start,
    end,
    padTop: start * rowHeight,
    padBottom: (total - end) * rowHeight,
  };
}
