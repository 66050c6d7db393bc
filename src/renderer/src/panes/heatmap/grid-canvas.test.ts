import { describe, expect, it } from 'vitest';
import { CanvasGridPainter } from './grid-canvas';
import { HeatmapData } from './heatmap-data';
import { DEFAULT_VIEW, follow } from './heatmap-view';
import { ladderBook } from './testing/books';

/** A 2D context that records the rectangles filled (x, y, w, h, alpha, style). */
function recordingCanvas() {
  const rects: { x: number; y: number; w: number; h: number; alpha: number; style: string }[] = [];
  const ctx = {
    globalAlpha: 1,
    fillStyle: '',
    setTransform() {},
    clearRect() {
      rects.length = 0;
    },
    fillRect(x: number, y: number, w: number, h: number) {
      rects.push({ x, y, w, h, alpha: this.globalAlpha, style: this.fillStyle });
    },
  };
  const canvas = { width: 0, height: 0, getContext: () => ctx } as unknown as HTMLCanvasElement;
  return { canvas, rects };
}

const book = (bid: number, size: number) => ladderBook({ bid, levels: 2, size });

describe('the 2D canvas path', () => {
  const colors = { bid: [0, 1, 0], ask: [1, 0, 0] } as const;

  it('fills a rectangle per listed cell of each visible column, and only those', () => {
    const { canvas, rects } = recordingCanvas();
    const painter = new CanvasGridPainter(canvas);
    painter.resize(300, 200, 1);
    const data = new HeatmapData(1_000, 1);
    for (let i = 0; i < 5; i++) data.addFrame(100_000 + i * 1_000, book(100, 1 + i));
    const view = follow(DEFAULT_VIEW, data.newest, { lo: 9_999, hi: 10_002 });
    painter.draw(view, data, colors, 5);
    // 5 columns × 4 levels.
    expect(rects).toHaveLength(20);
    const newest = rects.filter((r) => r.x === 300 - view.columnPx);
    expect(newest).toHaveLength(4);
    expect(newest.every((r) => r.alpha === 1)).toBe(true);
    // Columns sit side by side, one column's width apart.
    const xs = [...new Set(rects.map((r) => r.x))].sort((a, b) => a - b);
    expect(xs).toEqual([285, 288, 291, 294, 297]);
    // The weakest column (size 1 of 5): sqrt(1/5).
    expect(rects.find((r) => r.x === 285)!.alpha).toBeCloseTo(Math.sqrt(1 / 5));
    expect(rects.filter((r) => r.style === 'rgb(0,255,0)')).toHaveLength(10);
  });

  it('draws nothing before a book', () => {
    const { canvas, rects } = recordingCanvas();
    const painter = new CanvasGridPainter(canvas);
    painter.resize(300, 200, 1);
    painter.draw(DEFAULT_VIEW, new HeatmapData(1_000, 1), colors, 0);
    expect(rects).toHaveLength(0);
  });
});
