/**
 * The heatmap's drawing surface: stacked canvases (the cells, on WebGL2 or a 2D
 * canvas; the overlay of lines, circles, profile, axes and crosshair; where a worker
 * draws the cells and that overlay, a third canvas on top for the crosshair), the viewport,
 * and the pointer: drag pans, the wheel zooms time (Shift: price), a double-click
 * follows the live edge again. Draws at most once an animation frame, and only when
 * something changed (a column, the view, the size, the crosshair). On a slow GPU the
 * cells are drawn at half resolution while the view moves, then again in full once it
 * is still (motion-resolution.ts).
 */
import { DisposableStore, toDisposable } from '../../../../shared/emitter';
import type { Changed, HeatmapData } from './heatmap-data';
import { CanvasGridPainter } from './grid-canvas';
import { parseColor, type GridColors, type GridPainter } from './grid-painter';
import { WebglGridPainter } from './grid-webgl';
import { OffscreenGridPainter, type GridPort } from './grid-offscreen';
import {
  axisLabels,
  drawCrosshair,
  drawOverlay,
  visibleMax,
  visibleSpan,
  type OverlayColors,
  type OverlayFormat,
  type OverlayLayout,
} from './heatmap-overlay';
import {
  DEFAULT_VIEW,
  backToLive,
  follow,
  pan,
  plotSize,
  zoom,
  type Viewport,
} from './heatmap-view';
import { readoutAt, sameReadout, type Readout } from './heatmap-readout';
import { MotionResolution } from './motion-resolution';

export type { Readout } from './heatmap-readout';

/** What the plot reads of the pane's state. */
export interface HeatmapSource {
  readonly data: HeatmapData;
  onChange(listener: ((changed: Changed) => void) | null): void;
}

export const PROFILE_PX = 56;
export const AXIS_PX = 72;
export const TIME_AXIS_PX = 18;

export class HeatmapPlot {
  readonly #store = new DisposableStore();
  #grid: HTMLCanvasElement;
  #overlay: HTMLCanvasElement;
  /** The overlay's context on the page (null while a worker draws on that canvas). */
  #octx: CanvasRenderingContext2D | null = null;
  /** The crosshair's own canvas, over the plot, where a worker draws the overlay. */
  #cross: { canvas: HTMLCanvasElement; ctx: CanvasRenderingContext2D } | null = null;
  #painter: GridPainter;
  #view: Viewport = DEFAULT_VIEW;
  #layout: OverlayLayout = {
    plotWidth: 0,
    plotHeight: 0,
    profileWidth: PROFILE_PX,
    axisWidth: AXIS_PX,
    axisHeight: TIME_AXIS_PX,
  };
  #dpr = 1;
  /** The fraction of `#dpr` the painter draws the cells at now (motion-resolution.ts). */
  #scale = 1;
  /** The frame drawn in full once a motion drawn at a lower resolution is over. */
  #settle: ReturnType<typeof setTimeout> | undefined;
  /** How finely the cells are drawn while the view moves (the benchmark can turn it off). */
  readonly motion = new MotionResolution();
  #gridColors: GridColors = { bid: [0, 0.8, 0.5], ask: [1, 0.4, 0.4] };
  #colors: OverlayColors = {
    bid: '#2fcf86',
    ask: '#ff6b6b',
    trade: '#5aa8ff',
    text: '#939dad',
    grid: '#2b3340',
    profile: 'rgba(90,168,255,0.5)',
    crosshair: '#d8dde6',
  };
  #frame = 0;
  /** Frames of cells drawn (on screen): `data-frames-drawn`. */
  #framesDrawn = 0;
  #crosshair: { x: number; y: number } | null = null;
  #drag: { x: number; y: number; id: number } | null = null;
  #readout: (r: Readout | null) => void = () => {};
  #lastReadout: Readout | null = null;
  #live: (live: boolean) => void = () => {};
  /**
   * Frames drawn and their main-thread time (ms), and the frames shown at a lower
   * resolution while the view moved: read by the benchmark.
   */
  readonly stats = { frames: 0, drawMs: 0, reduced: 0 };

  constructor(
    private readonly el: HTMLElement,
    private readonly source: HeatmapSource,
    /** The axes' label format, read each frame (the pane's decimals and zone). */
    private readonly format: () => OverlayFormat,
  ) {
    this.#grid = canvas(el);
    this.#overlay = canvas(el);
    this.#painter = this.#makePainter();
    if (this.#painter instanceof OffscreenGridPainter && this.#painter.drawsOverlay) {
      const c = canvas(el);
      this.#cross = { canvas: c, ctx: c.getContext('2d')! };
    } else this.#octx = this.#overlay.getContext('2d')!;
    this.#painter.onDrawn?.(() => this.#shown());
    this.readColors();
    source.onChange((changed) => {
      this.#painter.upload(changed, this.source.data);
      this.#request();
    });
    this.#store.add(toDisposable(() => source.onChange(null)));
    const resize = new ResizeObserver(() => this.#resize());
    resize.observe(el);
    this.#store.add(toDisposable(() => resize.disconnect()));
    this.#listen();
    this.#resize();
    this.#painter.upload('all', source.data);
  }

  get path(): 'webgl2' | 'canvas2d' {
    return this.#painter.path;
  }

  /** What paints the cells (the benchmark reads its figures). */
  get painter(): GridPainter {
    return this.#painter;
  }

  /**
   * The cells on WebGL2 in a worker where this window can (the main thread then never
   * waits for the GPU: grid-offscreen.ts), else on WebGL2 here, else on a 2D canvas. A
   * worker that cannot draw after all leaves its canvas: a new one is drawn here.
   */
  #makePainter(): GridPainter {
    const grid = this.#grid;
    const overlay = this.#overlay;
    const offscreen = OffscreenGridPainter.create(
      grid,
      spawnGridWorker,
      () => {
        if (this.#painter !== offscreen) return;
        offscreen.dispose();
        // Both canvases were the worker's: new ones, drawn here as before.
        if (offscreen.drawsOverlay) {
          this.#overlay = canvas(this.el, overlay);
          overlay.remove();
          this.#octx = this.#overlay.getContext('2d')!;
          this.#cross?.canvas.remove();
          this.#cross = null;
        }
        this.#grid = canvas(this.el, this.#overlay);
        grid.remove();
        this.#painter = onThisThread(this.#grid);
        this.#resize();
        this.#painter.upload('all', this.source.data);
      },
      overlay,
    );
    return offscreen ?? onThisThread(grid);
  }

  get view(): Viewport {
    return this.#view;
  }

  /** The columns the plot shows across at its zoom (0 before it is laid out). */
  visibleColumns(): number {
    const w = this.#layout.plotWidth;
    return w > 1 ? Math.ceil(w / this.#view.columnPx) + 1 : 0;
  }

  onReadout(listener: (r: Readout | null) => void): void {
    this.#readout = listener;
  }

  onLive(listener: (live: boolean) => void): void {
    this.#live = listener;
  }

  /** Sets the view (pan and zoom from outside: the benchmark). */
  setView(view: Viewport): void {
    this.#setView(view);
  }

  backToLive(): void {
    this.#setView(backToLive(this.#view));
  }

  /** Reads the theme's colours (again after a theme change). */
  readColors(): void {
    const style = getComputedStyle(this.el);
    const v = (name: string, fallback: string) => style.getPropertyValue(name).trim() || fallback;
    const up = v('--up', '#2fcf86');
    const down = v('--down', '#ff6b6b');
    const accent = v('--accent', '#5aa8ff');
    const [r, g, b] = parseColor(accent);
    this.#gridColors = { bid: parseColor(up), ask: parseColor(down) };
    this.#colors = {
      bid: up,
      ask: down,
      trade: accent,
      text: v('--muted', '#939dad'),
      grid: v('--border', '#2b3340'),
      profile: `rgba(${Math.round(r * 255)}, ${Math.round(g * 255)}, ${Math.round(b * 255)}, 0.55)`,
      crosshair: v('--text', '#d8dde6'),
    };
    this.#drawCrosshair();
    this.#request();
  }

  /** Draws now (the animation frame's work; the benchmark calls it to time it). */
  draw(): void {
    const start = performance.now();
    const data = this.source.data;
    const { plotWidth: w, plotHeight: h } = this.#layout;
    // A 2D canvas's cost is per cell, not per pixel: it always draws in full.
    const scale = this.#painter.path === 'webgl2' ? this.motion.scale(start) : 1;
    if (scale !== this.#scale) {
      this.#scale = scale;
      this.#painter.resize(w, h, this.#dpr * scale);
    }
    const settle = this.motion.settleAt(scale, start);
    if (settle !== null) {
      clearTimeout(this.#settle);
      this.#settle = setTimeout(() => this.#request(), settle - start);
    }
    const span = this.#view.centred ? visibleSpan(data, this.#view, w) : null;
    const next = follow(this.#view, data.newest, span, h);
    this.#view = next;
    const max = visibleMax(data, next, w);
    const format = this.format();
    const octx = this.#octx;
    const painter = this.#painter;
    if (!octx && painter instanceof OffscreenGridPainter) {
      // The worker draws the overlay with the cells, for this view.
      const overlay = { layout: this.#layout, colors: this.#colors, format, dpr: this.#dpr };
      painter.draw(next, data, this.#gridColors, max, overlay);
    } else if (octx) {
      this.#painter.draw(next, data, this.#gridColors, max);
      octx.setTransform(this.#dpr, 0, 0, this.#dpr, 0, 0);
      drawOverlay(
        octx,
        data,
        next,
        this.#layout,
        this.#colors,
        axisLabels(format, data.bucketMs),
        this.#crosshair,
      );
    }
    // The map moves under a still pointer (the live edge, the fitted rows, a new book):
    // the readout says what is under it as drawn now (a painter in a worker: once the
    // worker has drawn it, `onDrawn`).
    if (this.#painter.onDrawn) this.#updateReadout();
    else this.#shown();
    this.stats.frames++;
    this.stats.drawMs += performance.now() - start;
  }

  dispose(): void {
    cancelAnimationFrame(this.#frame);
    clearTimeout(this.#settle);
    this.#frame = -1;
    this.#store.dispose();
    this.#painter.dispose();
    this.#grid.remove();
    this.#overlay.remove();
    this.#cross?.canvas.remove();
  }

  /**
   * A frame of cells is on screen: the readout reads it, and the plot counts it
   * (`data-frames-drawn`: a test waits for a frame begun after a pan before it reads
   * the cells back).
   */
  #shown(): void {
    this.el.dataset.framesDrawn = String(++this.#framesDrawn);
    // At what resolution (1: in full; `data-cells-scale`, read by the tests that read pixels).
    const scale = (this.#painter.drawn?.dpr ?? this.#dpr) / this.#dpr;
    this.el.dataset.cellsScale = String(scale);
    if (scale < 1) this.stats.reduced++;
    // Another view waiting behind this frame: one sent and not drawn yet, or a frame asked for.
    const behind = this.#frame > 0 || (this.#painter.waiting?.() ?? 0) > 0;
    this.motion.shown(scale, performance.now(), behind);
    this.#updateReadout();
  }

  #setView(view: Viewport): void {
    const wasLive = this.#view.live;
    this.#view = view;
    this.motion.moved(performance.now());
    if (view.live !== wasLive) this.#live(view.live);
    this.#updateReadout();
    this.#request();
  }

  #request(): void {
    if (this.#frame) return;
    this.#frame = requestAnimationFrame(() => {
      this.#frame = 0;
      // The worker drawing one frame and holding the next (`busy`): this one waits until
      // it has drawn, not queued behind them; the newest view is sent then.
      if (this.#painter.busy?.(() => this.#request())) return;
      this.draw();
    });
  }

  #resize(): void {
    const box = this.el.getBoundingClientRect();
    this.#dpr = window.devicePixelRatio || 1;
    const { width: w, height: h } = plotSize(
      box.width - PROFILE_PX - AXIS_PX,
      box.height - TIME_AXIS_PX,
      this.#dpr,
    );
    this.#layout = { ...this.#layout, plotWidth: w, plotHeight: h };
    this.#grid.style.width = `${w}px`;
    this.#grid.style.height = `${h}px`;
    // A frame drawn at half resolution is scaled up pixel for pixel, never smoothed.
    this.#grid.style.imageRendering = 'pixelated';
    this.#scale = 1;
    this.motion.reset();
    this.#painter.resize(w, h, this.#dpr);
    const ow = Math.max(1, Math.round(box.width * this.#dpr));
    const oh = Math.max(1, Math.round(box.height * this.#dpr));
    if (this.#octx) {
      this.#overlay.width = ow;
      this.#overlay.height = oh;
    } else if (this.#painter instanceof OffscreenGridPainter) this.#painter.resizeOverlay(ow, oh);
    this.#overlay.style.width = `${box.width}px`;
    this.#overlay.style.height = `${box.height}px`;
    const cross = this.#cross?.canvas;
    if (cross) {
      cross.width = Math.max(1, Math.round(w * this.#dpr));
      cross.height = Math.max(1, Math.round(h * this.#dpr));
      cross.style.width = `${w}px`;
      cross.style.height = `${h}px`;
    }
    this.#drawCrosshair();
    this.#request();
  }

  /**
   * The crosshair on its own canvas (where a worker draws the overlay): redrawn when the
   * pointer moves, leaves or the plot is resized, never for a frame of the map alone.
   */
  #drawCrosshair(): void {
    const cross = this.#cross;
    if (!cross) return;
    const { ctx, canvas: c } = cross;
    // No crosshair, no layer: the compositor blends one canvas less into every frame.
    const p = this.#crosshair;
    const shown = p !== null && p.x < this.#layout.plotWidth && p.y < this.#layout.plotHeight;
    c.style.visibility = shown ? 'visible' : 'hidden';
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, c.width, c.height);
    ctx.setTransform(this.#dpr, 0, 0, this.#dpr, 0, 0);
    drawCrosshair(ctx, this.#layout, this.#colors, this.#crosshair);
  }

  #point(e: PointerEvent | WheelEvent | MouseEvent): { x: number; y: number } {
    const box = this.el.getBoundingClientRect();
    return { x: e.clientX - box.left, y: e.clientY - box.top };
  }

  /**
   * The readout of the cells on screen under the pointer: the frame last drawn (its
   * view, texture window and resolution), not the view the next frame will have. In a worker the
   * two differ while it draws (a pan, the live edge moving on): a frame, ~70–200 ms on a
   * software GL and more on a loaded machine. Nothing is read from a frame of columns
   * since rebuilt on other rows or buckets (another grouping, bucket or tick).
   */
  #updateReadout(): void {
    const c = this.#crosshair;
    const { plotWidth: width, plotHeight: height } = this.#layout;
    const frame = this.#painter.drawn;
    const data = this.source.data;
    const next =
      !c || c.x < 0 || c.y < 0 || c.x >= width || c.y >= height
        ? null
        : !frame || frame.epoch !== data.epoch
          ? null
          : readoutAt(data, frame.view, c, { width, height }, frame.dpr, frame.k);
    if (sameReadout(next, this.#lastReadout)) return;
    this.#lastReadout = next;
    this.#readout(next);
  }

  #listen(): void {
    const el = this.el;
    const on = <K extends keyof HTMLElementEventMap>(
      type: K,
      fn: (e: HTMLElementEventMap[K]) => void,
      options?: AddEventListenerOptions,
    ) => {
      el.addEventListener(type, fn, options);
      this.#store.add(toDisposable(() => el.removeEventListener(type, fn)));
    };
    on('pointerdown', (e) => {
      if (e.button !== 0) return;
      el.setPointerCapture(e.pointerId);
      this.#drag = { ...this.#point(e), id: e.pointerId };
    });
    on('pointermove', (e) => {
      const p = this.#point(e);
      const drag = this.#drag;
      if (drag && drag.id === e.pointerId) {
        this.#drag = { ...p, id: drag.id };
        this.#crosshair = p;
        this.#drawCrosshair();
        this.#setView(pan(this.#view, p.x - drag.x, p.y - drag.y));
        return;
      }
      this.#crosshair = p;
      this.#updateReadout();
      // On its own canvas: the map is not drawn again for a pointer's move.
      if (this.#cross) this.#drawCrosshair();
      else this.#request();
    });
    const end = (e: PointerEvent) => {
      if (this.#drag?.id === e.pointerId) this.#drag = null;
    };
    on('pointerup', end);
    on('pointercancel', end);
    on('pointerleave', () => {
      if (this.#drag) return;
      this.#crosshair = null;
      this.#updateReadout();
      if (this.#cross) this.#drawCrosshair();
      else this.#request();
    });
    on('dblclick', () => this.backToLive());
    on(
      'wheel',
      (e) => {
        e.preventDefault();
        const p = this.#point(e);
        const factor = Math.exp(-e.deltaY / 500);
        const { plotWidth: w, plotHeight: h } = this.#layout;
        this.#setView(
          e.shiftKey
            ? zoom(this.#view, 'price', factor, p.y, h)
            : zoom(this.#view, 'time', factor, p.x, w),
        );
      },
      { passive: false },
    );
  }
}

/** A canvas laid over `parent`'s top left, appended (or put before `before`). */
function canvas(parent: HTMLElement, before: HTMLElement | null = null): HTMLCanvasElement {
  const c = document.createElement('canvas');
  c.style.position = 'absolute';
  c.style.left = '0';
  c.style.top = '0';
  c.setAttribute('aria-hidden', 'true');
  parent.insertBefore(c, before);
  return c;
}

function onThisThread(grid: HTMLCanvasElement): GridPainter {
  return WebglGridPainter.create(grid) ?? new CanvasGridPainter(grid);
}

function spawnGridWorker(): GridPort {
  return new Worker(new URL('./grid-worker.ts', import.meta.url), {
    type: 'module',
  }) as unknown as GridPort;
}
