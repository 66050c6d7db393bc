import { describe, expect, it } from 'vitest';
import type { Drawing, DrawingKind } from '../../../../../shared/model';
import {
  distanceToRay,
  distanceToSegment,
  dragAnchors,
  fibLevels,
  hitTest,
  rayEnd,
  type DrawingShape,
  type Point,
} from './geometry';

const shape = (id: string, kind: DrawingKind, points: Point[], text = ''): DrawingShape => ({
  drawing: { id, kind, anchors: [], color: '#2962ff', text } as Drawing,
  points,
});
const measure = (text: string) => text.length * 7;

describe('fibLevels', () => {
  it('puts 0 at the move’s end, 1 at its start and 0.618 in between', () => {
    const levels = fibLevels(100, 200);
    expect(levels.map((l) => l.level)).toEqual([0, 0.236, 0.382, 0.5, 0.618, 0.786, 1]);
    expect(levels[0]!.price).toBe(200);
    expect(levels[6]!.price).toBe(100);
    expect(levels[3]!.price).toBe(150);
    expect(levels[4]!.price).toBeCloseTo(138.2, 10);
  });

  it('works for a falling move too', () => {
    expect(fibLevels(200, 100)[2]!.price).toBeCloseTo(138.2, 10);
  });
});

describe('distances', () => {
  const a = { x: 0, y: 0 };
  const b = { x: 10, y: 0 };
  it('to a segment: perpendicular inside it, to the nearer end outside', () => {
    expect(distanceToSegment({ x: 5, y: 3 }, a, b)).toBe(3);
    expect(distanceToSegment({ x: 13, y: 4 }, a, b)).toBe(5);
    expect(distanceToSegment({ x: -3, y: 4 }, a, b)).toBe(5);
  });
  it('to a ray: on past its second point, not behind its first', () => {
    expect(distanceToRay({ x: 500, y: 2 }, a, b)).toBe(2);
    expect(distanceToRay({ x: -3, y: 4 }, a, b)).toBe(5);
  });
  it('degenerate segment: distance to the point', () => {
    expect(distanceToSegment({ x: 3, y: 4 }, a, a)).toBe(5);
  });
});

describe('rayEnd', () => {
  it('leaves the pane in the ray’s direction', () => {
    const end = rayEnd({ x: 100, y: 100 }, { x: 110, y: 90 }, 800, 400);
    expect(end.x).toBeGreaterThan(800);
    expect(end.y).toBeLessThan(0);
    expect((end.y - 100) / (end.x - 100)).toBeCloseTo(-1, 10);
  });
  it('is the second point when both coincide', () => {
    expect(rayEnd({ x: 5, y: 5 }, { x: 5, y: 5 }, 800, 400)).toEqual({ x: 5, y: 5 });
  });
});

describe('hitTest', () => {
  const shapes = [
    shape('h', 'hline', [{ x: 50, y: 100 }]),
    shape('t', 'trend', [
      { x: 100, y: 300 },
      { x: 300, y: 100 },
    ]),
    shape('r', 'rect', [
      { x: 400, y: 50 },
      { x: 500, y: 150 },
    ]),
    shape('n', 'text', [{ x: 600, y: 300 }], 'Buy'),
  ];

  it('finds a horizontal line anywhere along its price', () => {
    expect(hitTest(shapes, { x: 700, y: 104 }, null, measure)).toEqual({ id: 'h', part: 'body' });
    expect(hitTest(shapes, { x: 700, y: 108 }, null, measure)).toBeNull();
  });

  it('finds a trend line near its segment only', () => {
    expect(hitTest(shapes, { x: 202, y: 202 }, null, measure)).toEqual({ id: 't', part: 'body' });
    expect(hitTest(shapes, { x: 350, y: 50 }, null, measure)).toBeNull();
  });

  it('finds a rectangle inside it and a note inside its box', () => {
    expect(hitTest(shapes, { x: 450, y: 120 }, null, measure)?.id).toBe('r');
    expect(hitTest(shapes, { x: 610, y: 290 }, null, measure)?.id).toBe('n');
    expect(hitTest(shapes, { x: 610, y: 310 }, null, measure)).toBeNull();
  });

  it('prefers the selected drawing’s handles, then the drawing on top', () => {
    expect(hitTest(shapes, { x: 298, y: 102 }, 't', measure)).toEqual({
      id: 't',
      part: 'handle',
      index: 1,
    });
    // The horizontal line crosses the rectangle: the rectangle, drawn later, is on top.
    const crossing = [...shapes, shape('h2', 'hline', [{ x: 0, y: 100 }])];
    expect(hitTest(crossing, { x: 450, y: 100 }, null, measure)?.id).toBe('h2');
    expect(hitTest(shapes.slice(0, 3), { x: 450, y: 100 }, null, measure)?.id).toBe('r');
  });
});

describe('dragAnchors', () => {
  /** A chart point: bar `logical`, `price`. */
  const at = (logical: number, price: number) => ({ logical, price });
  const anchors = [at(10, 100), at(20, 120)];
  it('moves the whole drawing by the drag', () => {
    const moved = dragAnchors(anchors, 'body', 0, at(15, 110), at(18, 105));
    expect(moved).toEqual([at(13, 95), at(23, 115)]);
  });
  it('moves only the dragged handle, to the pointer', () => {
    const moved = dragAnchors(anchors, 'handle', 1, at(20, 120), at(25, 130));
    expect(moved).toEqual([anchors[0], at(25, 130)]);
    expect(moved[0]).not.toBe(anchors[0]);
  });
});
