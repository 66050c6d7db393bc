/**
 * The pure geometry of chart drawings: Fibonacci levels, where a ray leaves the pane,
 * which drawing (or which of its handles) a pointer is on, and how a drag moves
 * anchors. Screen points are CSS pixels in the price pane; chart points are a logical
 * bar position and a price (what a drag moves, so a move is the same number of bars
 * whatever the zoom). No canvas, no chart: the renderer and the input use these.
 */
import type { Drawing } from '../../../../../shared/model';

/** A point on screen, CSS pixels from the price pane's top left. */
export interface Point {
  x: number;
  y: number;
}

/** A point on the chart: a logical bar position (fractional) and a price. */
export interface ChartPoint {
  logical: number;
  price: number;
}

/** The retracement levels drawn, as fractions of the move. */
export const FIB_LEVELS = [0, 0.236, 0.382, 0.5, 0.618, 0.786, 1] as const;

/**
 * The prices of the retracement levels of a move from `from` to `to` (the first and
 * second anchor): level 0 at the move's end, 1 at its start, as traders read them.
 */
export function fibLevels(from: number, to: number): { level: number; price: number }[] {
  return FIB_LEVELS.map((level) => ({ level, price: to + (from - to) * level }));
}

/** Distance from `p` to the segment a–b. */
export function distanceToSegment(p: Point, a: Point, b: Point): number {
  return Math.hypot(...offset(p, a, b, 0, 1));
}

/** Distance from `p` to the ray from `a` through `b` (and on). */
export function distanceToRay(p: Point, a: Point, b: Point): number {
  return Math.hypot(...offset(p, a, b, 0, Infinity));
}

/** `p` minus its nearest point on a + t(b − a), t clamped to [lo, hi]. */
function offset(p: Point, a: Point, b: Point, lo: number, hi: number): [number, number] {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len2 = dx * dx + dy * dy;
  const t =
    len2 === 0 ? 0 : Math.min(hi, Math.max(lo, ((p.x - a.x) * dx + (p.y - a.y) * dy) / len2));
  return [p.x - (a.x + t * dx), p.y - (a.y + t * dy)];
}

/**
 * A point on the ray from `a` through `b` beyond a `width` × `height` pane (the canvas
 * clips the rest); `b` itself when the ray has no direction.
 */
export function rayEnd(a: Point, b: Point, width: number, height: number): Point {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const len = Math.hypot(dx, dy);
  if (len === 0) return b;
  // Far enough from anywhere in the pane, wherever `a` is (even off screen).
  const reach = (Math.hypot(width, height) + Math.hypot(a.x, a.y)) * 2;
  return { x: a.x + (dx / len) * reach, y: a.y + (dy / len) * reach };
}

/** A drawing as it is on screen: its anchors projected (null where they cannot be). */
export interface DrawingShape {
  drawing: Drawing;
  points: Point[];
}

/** What a pointer is on: a drawing's body (move it all) or one of its handles. */
export type Hit = { id: string; part: 'body' } | { id: string; part: 'handle'; index: number };

/** Pixels within which a line or a handle counts as hit. */
export const HIT_TOLERANCE = 6;

/** The text note's box: font size and padding, for drawing and hit testing alike. */
export const NOTE_FONT_PX = 12;
export const NOTE_PADDING_PX = 4;

/** A note's box: its anchor is the box's bottom-left corner. */
export function noteBox(
  at: Point,
  textWidth: number,
): { x: number; y: number; w: number; h: number } {
  const h = NOTE_FONT_PX + 2 * NOTE_PADDING_PX;
  return { x: at.x, y: at.y - h, w: textWidth + 2 * NOTE_PADDING_PX, h };
}

/**
 * The top drawing under `p`: the selected drawing's handles first, then bodies from the
 * last drawn (on top) down. `measure` gives a note's text width in CSS pixels.
 */
export function hitTest(
  shapes: readonly DrawingShape[],
  p: Point,
  selectedId: string | null,
  measure: (text: string) => number,
): Hit | null {
  const selected = shapes.find((s) => s.drawing.id === selectedId);
  if (selected) {
    const index = selected.points.findIndex(
      (q) => Math.hypot(p.x - q.x, p.y - q.y) <= HIT_TOLERANCE,
    );
    if (index >= 0 && selected.drawing.kind !== 'hline' && selected.drawing.kind !== 'text') {
      return { id: selected.drawing.id, part: 'handle', index };
    }
  }
  for (let i = shapes.length - 1; i >= 0; i--) {
    const shape = shapes[i]!;
    if (onBody(shape, p, measure)) return { id: shape.drawing.id, part: 'body' };
  }
  return null;
}

function onBody(shape: DrawingShape, p: Point, measure: (text: string) => number): boolean {
  const [a, b] = shape.points;
  if (!a) return false;
  const within = (lo: number, v: number, hi: number) => v >= lo && v <= hi;
  switch (shape.drawing.kind) {
    case 'hline':
      return Math.abs(p.y - a.y) <= HIT_TOLERANCE;
    case 'text': {
      const box = noteBox(a, measure(shape.drawing.text));
      return within(box.x, p.x, box.x + box.w) && within(box.y, p.y, box.y + box.h);
    }
    case 'trend':
      return b !== undefined && distanceToSegment(p, a, b) <= HIT_TOLERANCE;
    case 'ray':
      return b !== undefined && distanceToRay(p, a, b) <= HIT_TOLERANCE;
    case 'rect':
    case 'fib': {
      if (!b) return false;
      const t = HIT_TOLERANCE;
      return (
        within(Math.min(a.x, b.x) - t, p.x, Math.max(a.x, b.x) + t) &&
        within(Math.min(a.y, b.y) - t, p.y, Math.max(a.y, b.y) + t)
      );
    }
  }
}

/**
 * Anchors after a drag from `from` to `to` (chart points): the whole drawing moves by
 * the difference, or only the dragged handle goes to `to`.
 */
export function dragAnchors(
  anchors: readonly ChartPoint[],
  part: Hit['part'],
  handle: number,
  from: ChartPoint,
  to: ChartPoint,
): ChartPoint[] {
  if (part === 'handle') return anchors.map((a, i) => (i === handle ? { ...to } : { ...a }));
  const dl = to.logical - from.logical;
  const dp = to.price - from.price;
  return anchors.map((a) => ({ logical: a.logical + dl, price: a.price + dp }));
}
