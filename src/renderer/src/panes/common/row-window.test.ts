import { describe, expect, it } from 'vitest';
import { rowWindow, type RowWindowInput } from './row-window';

const ROW = 18;
/** 200 rows of 18 px in a 300 px view scrolled to the top, but for `input`. */
const windowOf = (input: Partial<RowWindowInput>) =>
  rowWindow({ total: 200, scrollTop: 0, height: 300, rowHeight: ROW, ...input });
/** Every row of a table of `total` rows, no spacers. */
const allRows = (total: number) => ({ start: 0, end: total, padTop: 0, padBottom: 0 });

describe('rowWindow', () => {
  it('renders the rows in view plus the overscan, with spacers for the rest', () => {
    // 300 px from the top of 200 rows under an 18 px header: rows 15.6… to 31.7… in view.
    const w = rowWindow({
      total: 200,
      scrollTop: 300,
      height: 288,
      rowHeight: ROW,
      offset: ROW,
      overscan: 4,
    });
    expect(w).toEqual({ start: 11, end: 36, padTop: 11 * ROW, padBottom: (200 - 36) * ROW });
  });

  it('keeps the scroll height of the whole table', () => {
    for (const scrollTop of [0, 17, 18, 1000, 3582, 99_999]) {
      const w = rowWindow({ total: 200, scrollTop, height: 300, rowHeight: ROW, offset: ROW });
      expect(w.padTop + (w.end - w.start) * ROW + w.padBottom).toBe(200 * ROW);
      expect(w.end).toBeGreaterThan(w.start);
    }
  });

  it('starts at the top row, and renders every row of a short table', () => {
    expect(windowOf({ overscan: 8 })).toEqual({
      start: 0,
      end: 25,
      padTop: 0,
      padBottom: 175 * ROW,
    });
    expect(windowOf({ total: 5 })).toEqual(allRows(5));
  });

  it('clamps a scroll position past the end (the table just shrank) to its last rows', () => {
    const w = rowWindow({ total: 10, scrollTop: 5000, height: 100, rowHeight: ROW, overscan: 2 });
    expect(w.end).toBe(10);
    expect(w.start).toBeLessThan(10);
  });

  it('renders a first screenful before the container is measured, nothing for no rows', () => {
    expect(windowOf({ height: 0, unmeasured: 30 })).toEqual({
      start: 0,
      end: 30,
      padTop: 0,
      padBottom: 170 * ROW,
    });
    expect(windowOf({ total: 0 })).toEqual(allRows(0));
  });
});
