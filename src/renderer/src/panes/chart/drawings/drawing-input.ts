/**
 * The pointer and keys of drawing on the chart element. Mouse presses are caught in the
 * capture phase, before lightweight-charts sees them: with a tool in hand a press places
 * a point (click, move, click; or press, drag, release), on a drawing it selects it and
 * starts a drag (the whole drawing, or the handle under the pointer). Anywhere else the
 * press goes on to the chart, which pans as usual. Times snap to bars; prices do not.
 * Escape cancels, Delete removes the selected drawing.
 */
import { DisposableStore } from '../../../../../shared/emitter';
import { bindingOf } from '../../../base/keybindings';
import { listen } from '../../../base/listen';
import type { Anchor } from '../../../../../shared/model';
import type { DrawingsPrimitive } from './drawings-primitive';
import type { DrawingState } from './drawing-state.svelte';
import { dragAnchors, type ChartPoint, type Hit, type Point } from './geometry';

/** A press that moves less than this (px) before its release is a click. */
const CLICK_SLOP = 4;

interface Drag {
  hit: Hit;
  from: ChartPoint;
  start: ChartPoint[];
  moved: boolean;
}

export class DrawingInput {
  readonly #el: HTMLElement;
  readonly #primitive: DrawingsPrimitive;
  readonly #state: DrawingState;
  #drag: Drag | null = null;
  /** Where the press that placed a first point was (a drag from it places the second). */
  #pressedAt: Point | null = null;
  readonly #listening = new DisposableStore();

  constructor(el: HTMLElement, primitive: DrawingsPrimitive, state: DrawingState) {
    this.#el = el;
    this.#primitive = primitive;
    this.#state = state;
    this.#listening.add(listen(el, 'mousedown', (e) => this.#down(e), true));
    this.#listening.add(listen(el, 'mousemove', (e) => this.#hover(e)));
    this.#listening.add(listen(el, 'keydown', (e) => this.#key(e)));
  }

  dispose(): void {
    this.#stopTracking();
    this.#listening.dispose();
  }

  #point(e: MouseEvent): Point | null {
    const rect = this.#el.getBoundingClientRect();
    const p = { x: e.clientX - rect.left, y: e.clientY - rect.top };
    const pane = this.#primitive.paneSize();
    if (!pane || p.x < 0 || p.y < 0 || p.x >= pane.width || p.y >= pane.height) return null;
    return p;
  }

  /** The chart point under `p`, its time snapped to the nearest bar. */
  #snapped(p: Point): ChartPoint | null {
    const c = this.#primitive.pointAt(p);
    return c && { logical: Math.round(c.logical), price: c.price };
  }

  #anchor(p: Point): Anchor | null {
    const c = this.#snapped(p);
    return c && this.#primitive.toAnchor(c);
  }

  #down(e: MouseEvent): void {
    if (e.button !== 0) return;
    const p = this.#point(e);
    if (!p) return;
    const state = this.#state;
    if (state.tool) {
      this.#claim(e);
      const at = this.#anchor(p);
      if (!at) return;
      const wasPlacing = state.placing;
      state.place(at);
      this.#pressedAt = !wasPlacing && state.placing ? p : null;
      this.#track();
      return;
    }
    const hit = this.#primitive.hit(p);
    const drawing = hit && state.visible.find((d) => d.id === hit.id);
    if (!hit || !drawing) {
      state.select(null);
      return;
    }
    this.#claim(e);
    state.select(hit.id);
    const from = this.#snapped(p);
    const start = drawing.anchors.map((a) => this.#primitive.toChart(a));
    if (!from || start.some((c) => c === null)) return;
    this.#drag = { hit, from, start: start as ChartPoint[], moved: false };
    this.#track();
  }

  /** The press is the drawing's: the chart neither pans nor loses the keys. */
  #claim(e: MouseEvent): void {
    e.preventDefault();
    e.stopPropagation();
    this.#el.focus();
  }

  #hover(e: MouseEvent): void {
    if (!this.#state.placing || this.#drag) return;
    const p = this.#point(e);
    const at = p && this.#anchor(p);
    if (at) this.#state.track(at);
  }

  #tracking: DisposableStore | null = null;

  /** Follows the pointer on the whole window until the button is released. */
  #track(): void {
    this.#stopTracking();
    const tracking = (this.#tracking = new DisposableStore());
    tracking.add(listen(window, 'mousemove', (e) => this.#move(e)));
    tracking.add(listen(window, 'mouseup', (e) => this.#up(e)));
  }

  #stopTracking(): void {
    this.#tracking?.dispose();
    this.#tracking = null;
  }

  #move(e: MouseEvent): void {
    const drag = this.#drag;
    if (!drag) return;
    const rect = this.#el.getBoundingClientRect();
    const to = this.#snapped({ x: e.clientX - rect.left, y: e.clientY - rect.top });
    const drawing = this.#state.visible.find((d) => d.id === drag.hit.id);
    if (!to || !drawing) return;
    const index = drag.hit.part === 'handle' ? drag.hit.index : -1;
    const moved = dragAnchors(drag.start, drag.hit.part, index, drag.from, to);
    const anchors = moved.map((c) => this.#primitive.toAnchor(c));
    if (anchors.some((a) => a === null)) return;
    drag.moved = true;
    this.#state.move({ ...drawing, anchors: anchors as Anchor[] });
  }

  #up(e: MouseEvent): void {
    this.#stopTracking();
    const drag = this.#drag;
    this.#drag = null;
    if (drag) {
      const preview = this.#state.preview;
      if (drag.moved && preview) void this.#state.save(preview);
      else this.#state.endMove();
      return;
    }
    // Press, drag, release: the release is the second point.
    const pressed = this.#pressedAt;
    this.#pressedAt = null;
    const p = this.#point(e);
    if (!pressed || !p || !this.#state.placing) return;
    if (Math.hypot(p.x - pressed.x, p.y - pressed.y) < CLICK_SLOP) return;
    const at = this.#anchor(p);
    if (at) this.#state.place(at);
  }

  #key(e: KeyboardEvent): void {
    // ../../../base/keybindings' `chart` group (the cheat sheet lists them).
    const binding = bindingOf(e, 'chart');
    if (binding === 'cancel' && this.#state.cancel()) {
      e.preventDefault();
      e.stopPropagation();
    } else if (binding === 'deleteDrawing' && this.#state.selectedId) {
      e.preventDefault();
      void this.#state.remove();
    }
  }
}
