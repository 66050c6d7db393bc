import { describe, expect, it } from 'vitest';
import { HeatmapData } from './heatmap-data';
import { readoutAt } from './heatmap-readout';
import { rowsAtPixel, type Viewport } from './heatmap-view';
import { depthBook } from './testing/books';

/** Bids at 100.00 (size 5) and 99.97 (size 9), asks at 100.01 (size 2): 0.01 tick. */
const BOOK = depthBook(
  [
    [100, 5],
    [99.97, 9],
  ],
  [
    [100.01, 2],
    [100.02, 1],
  ],
);

function data(): HeatmapData {
  const d = new HeatmapData(1_000, 1);
  d.addFrame(10_500, BOOK);
  return d;
}

/** Bucket 10 ends at the right edge; row 10,000 (100.00) is the middle of a 100 px plot. */
const view = (rowPx: number): Viewport => ({
  right: 11,
  center: 10_000,
  columnPx: 10,
  rowPx,
  live: false,
  centred: false,
});
const SIZE = { width: 100, height: 100 };

describe('the crosshair readout', () => {
  it('reads the size of the row under the pointer in the bucket under it', () => {
    const r = readoutAt(data(), view(10), { x: 95, y: 50 }, SIZE, 1);
    expect(r).toEqual({ bucket: 10, row: 10_000, cell: { bid: 5, ask: 0 } });
    // One row up (10 px): the best ask.
    expect(readoutAt(data(), view(10), { x: 95, y: 40 }, SIZE, 1).cell).toEqual({
      bid: 0,
      ask: 2,
    });
    // A row the book does not list: empty, not a neighbour's size.
    expect(readoutAt(data(), view(10), { x: 95, y: 60 }, SIZE, 1).cell).toEqual({
      bid: 0,
      ask: 0,
    });
  });

  it('says there is no book in a bucket without a column', () => {
    const r = readoutAt(data(), view(10), { x: 85, y: 50 }, SIZE, 1);
    expect(r.bucket).toBe(9);
    expect(r.cell).toBeNull();
  });

  it('where rows are thinner than a pixel, reads the largest of the rows the pixel paints', () => {
    // A quarter pixel a row: the pixel at y 50 covers four rows, the largest is 99.97's 9…
    const thin = view(0.25);
    const r = readoutAt(data(), thin, { x: 95, y: 50 }, SIZE, 1);
    expect(r.row).toBeGreaterThanOrEqual(9_997);
    expect(r.row).toBeLessThanOrEqual(10_000);
    // …unless it does not reach that low: then 100.00's 5.
    expect([5, 9]).toContain(r.cell?.bid);
    // Every pixel reaching a listed row reads that row's size, the largest when it
    // reaches several: a painted pixel never reads as empty.
    const listed = new Map([
      [9_997, 9],
      [10_000, 5],
      [10_001, 2],
      [10_002, 1],
    ]);
    for (let y = 0; y < 100; y += 0.5) {
      const { lo, hi } = rowsAtPixel(thin, y, 100, 1);
      const sizes = [...listed].filter(([row]) => row >= lo && row <= hi).map(([, v]) => v);
      const read = readoutAt(data(), thin, { x: 95, y }, SIZE, 1);
      const c = read.cell!;
      expect(Math.max(c.bid, c.ask), `y ${y}`).toBe(sizes.length ? Math.max(...sizes) : 0);
      if (sizes.length) expect(listed.get(read.row)).toBe(Math.max(...sizes));
    }
  });

  it('reads by device pixel at a device pixel ratio of 2', () => {
    const r = readoutAt(data(), view(10), { x: 95.3, y: 50.2 }, SIZE, 2);
    expect(r.cell).toEqual({ bid: 5, ask: 0 });
  });
});
