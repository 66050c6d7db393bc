/**
 * Dragging an alert's price line, the pure part: which line a pointer height grabs,
 * the price a drag is at (rounded to the series' price step) and what its release
 * saves. The pointer wiring is alert-drag-input.ts; the line is alert-lines.ts.
 */

/** How far (px) from a line a press still grabs it. */
export const GRAB_PX = 5;

/** A draggable line where it is drawn: the alert's id and its height in the pane (px). */
export interface LineAt {
  id: string;
  y: number;
}

/** The alert whose line is nearest `y`, within `GRAB_PX`; null when none is. */
export function lineNear(y: number, lines: readonly LineAt[]): string | null {
  let best: LineAt | null = null;
  for (const line of lines) {
    const distance = Math.abs(line.y - y);
    if (distance <= GRAB_PX && (!best || distance < Math.abs(best.y - y))) best = line;
  }
  return best?.id ?? null;
}

/** `price` to the nearest multiple of `step` (the series' minMove: 0.01, 0.00001 …). */
export function roundToStep(price: number, step: number): number {
  if (!(step > 0)) throw new Error(`A price step must be above 0, not ${step}`);
  // Through the step's decimals: 231.4 / 0.01 * 0.01 is 231.40000000000003.
  const decimals = Math.max(0, Math.ceil(-Math.log10(step) - 1e-9));
  return Number((Math.round(price / step) * step).toFixed(decimals));
}

/** A drag under way: the alert, the price it had and the price it is dragged to. */
export interface AlertDrag {
  id: string;
  from: number;
  price: number;
}

/** The price series' step: the drag's prices are rounded to it and never reach 0. */
export function dragTo(drag: AlertDrag, price: number, step: number): AlertDrag {
  const rounded = Math.max(step, roundToStep(price, step));
  return rounded === drag.price ? drag : { ...drag, price: rounded };
}

/** What a release saves: the alert's new price, or null when it did not move. */
export function dropOf(drag: AlertDrag): { id: string; price: number } | null {
  return drag.price === drag.from ? null : { id: drag.id, price: drag.price };
}
