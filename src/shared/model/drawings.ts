/**
 * Chart drawings: what a person draws on a chart (lines, boxes, Fibonacci
 * retracements, notes), anchored in time and price so a drawing stays put across
 * zoom, scroll and interval switches. Saved per instrument (its `instrumentKey`),
 * shared by every chart of it whatever its interval.
 */
import type { Instrument, UnixMs } from './market';

/** The drawing tools, in toolbar order. */
export const DRAWING_KINDS = ['hline', 'ray', 'trend', 'rect', 'fib', 'text'] as const;
export type DrawingKind = (typeof DRAWING_KINDS)[number];

/** A point on the chart: a time (Unix ms, any instant, not only a bar's) and a price. */
export interface Anchor {
  time: UnixMs;
  price: number;
}

/**
 * One drawing. `anchors` holds as many points as its kind needs
 * ({@link ANCHORS_PER_KIND}): a horizontal line or a note one, the others two. A ray
 * starts at its first anchor and runs through the second, on past the chart's edge.
 */
export interface Drawing {
  /** Chosen by the renderer that creates it; unique within its instrument. */
  id: string;
  kind: DrawingKind;
  anchors: Anchor[];
  /** A CSS colour, `#rrggbb`. */
  color: string;
  /** The note's text (`text` drawings); empty for the others. */
  text: string;
}

/** How many anchors each kind has. */
export const ANCHORS_PER_KIND: Readonly<Record<DrawingKind, number>> = {
  hline: 1,
  ray: 2,
  trend: 2,
  rect: 2,
  fib: 2,
  text: 1,
};

/** The tools' names, as the toolbar and the drawing list say them. */
export const DRAWING_NAMES: Readonly<Record<DrawingKind, string>> = {
  hline: 'Horizontal line',
  ray: 'Ray',
  trend: 'Trend line',
  rect: 'Rectangle',
  fib: 'Fibonacci retracement',
  text: 'Text note',
};

/** Limits a saved drawing is held to (the bridge and the store check them). */
export const DRAWING_LIMITS = {
  /** Drawings one instrument may carry. */
  perInstrument: 500,
  /** Longest note. */
  textLength: 500,
  idLength: 64,
} as const;

/** The drawings of one instrument, as the main side holds them. */
export interface DrawingSet {
  instrument: Instrument;
  /** In the order they were first saved (later ones draw on top). */
  drawings: Drawing[];
  /**
   * Grows with every change to this instrument's drawings: a listener that hears an
   * older set than the one it holds ignores it.
   */
  revision: number;
}
