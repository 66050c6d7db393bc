/**
 * Drawings in words: the drawing list's names (what a screen reader and the
 * end-to-end tests read, since the drawings themselves are pixels) and the colours
 * a drawing can take.
 */
import { DRAWING_NAMES, type Drawing } from '../../../../../shared/model';

/** The colours offered, with their names; the first is a new drawing's. */
export const DRAWING_COLORS = [
  { name: 'Blue', value: '#2f7df6' },
  { name: 'Orange', value: '#f59f00' },
  { name: 'Red', value: '#e5484d' },
  { name: 'Green', value: '#1f9d62' },
  { name: 'Purple', value: '#9b59d0' },
  { name: 'Grey', value: '#8b95a5' },
] as const;

/** The name of a colour value, or the value itself. */
export function colorName(value: string): string {
  return DRAWING_COLORS.find((c) => c.value.toLowerCase() === value.toLowerCase())?.name ?? value;
}

/** "Horizontal line at 187.20", "Trend line 180.00 → 195.50", "Text note “Buy zone”". */
export function describeDrawing(d: Drawing, formatPrice: (price: number) => string): string {
  const name = DRAWING_NAMES[d.kind];
  const [a, b] = d.anchors;
  if (d.kind === 'text') return `${name} “${d.text}”`;
  if (d.kind === 'hline' || !b) return `${name} at ${formatPrice(a!.price)}`;
  return `${name} ${formatPrice(a!.price)} → ${formatPrice(b.price)}`;
}
