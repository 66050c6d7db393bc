/**
 * The GPU path drawn in a worker (an `OffscreenCanvas`): the main thread never waits for
 * the GPU. Where the browser composites in software (no GPU, or one it will not use:
 * headless Chromium, a blocklisted driver), the page's commit reads a WebGL canvas drawn
 * on the main thread back synchronously every frame (`GLES2::ReadPixels` in a trace), so
 * the main thread waits the whole GPU frame (~70–200 ms on SwiftShader): the heatmap
 * bench's long tasks. Drawn in a worker, that wait is the worker's.
 *
 * `OffscreenGridPainter` is the main thread's side: it keeps no texture, sends the
 * columns a change touched (their cells only) and each frame's view with the texture
 * window it chose (`viewWindow`), numbered; the worker says which frame it drew, and
 * that frame (its view, the rows a texel held) is `drawn`, what the crosshair reads:
 * the cells on screen, not the next frame the worker is still drawing. It
 * sends a view each animation frame while at most one sent is not drawn yet (`busy`):
 * the worker draws the newest in its own animation frames, as often as the GPU lets
 * them come, and views never queue behind it. `GridWorkerSide` is the
 * worker's: a copy of the columns and a `WebglGridPainter` on the offscreen canvas.
 *
 * The overlay's data layer (best bid and ask, trades, profile, axes: heatmap-overlay.ts)
 * is drawn by the worker too, on a second `OffscreenCanvas` (2D), in the same task as
 * the cells and for the same view: the two never drift apart, and the page's compositor
 * no longer copies a full-pane 2D canvas it drew each frame. Its inputs are sent small:
 * the best rows ride with their column's cells, the trades only as they change
 * (overlay-trades.ts), the frame's layout, colours and label format with its view.
 */
import type { Changed, HeatmapData } from './heatmap-data';
import type { DrawnFrame, GridColors, GridColumns, GridPainter } from './grid-painter';
import type { WebglGridPainter } from './grid-webgl';
import { viewWindow, type TextureWindow } from './grid-webgl';
import { MAX_COLUMNS, type Column, type Trade } from './heatmap-model';
import {
  axisLabels,
  drawOverlay,
  type Context2D,
  type OverlayColors,
  type OverlayData,
  type OverlayFormat,
  type OverlayLayout,
} from './heatmap-overlay';
import type { Viewport } from './heatmap-view';
import { TradeSender, applyTrades, type TradeDelta } from './overlay-trades';

/** A column as the worker keeps it: its cells, and its best rows for the overlay's lines. */
export type SentColumn = Pick<Column, 'bids' | 'asks' | 'bestBid' | 'bestAsk'>;

/** What the page gives of a frame for the worker's overlay (grid-offscreen.ts). */
export interface OverlayInput {
  layout: OverlayLayout;
  colors: OverlayColors;
  format: OverlayFormat;
  dpr: number;
}

/** What the worker's overlay needs of a frame besides the view: the page's, and the data's grid. */
export interface OverlayFrame extends OverlayInput {
  step: number | null;
  bucketMs: number;
}

/** From the main thread to the worker. */
export type GridMessage =
  | { type: 'init'; canvas: OffscreenCanvas; overlay?: OffscreenCanvas }
  | { type: 'resize'; width: number; height: number; dpr: number }
  /** The overlay canvas's size in device px (the whole pane). */
  | { type: 'overlay-size'; width: number; height: number }
  | {
      type: 'columns';
      all: boolean;
      newest: number | null;
      columns: [number, SentColumn | null][];
    }
  /** The trades since the last sent (overlay-trades.ts). */
  | { type: 'trades'; delta: TradeDelta }
  | {
      type: 'draw';
      /** The frame's number: the worker says which it drew. */
      frame: number;
      view: Viewport;
      colors: GridColors;
      max: number;
      place: TextureWindow | null;
      /** The overlay's frame (absent: the page draws the overlay). */
      overlay?: OverlayFrame;
    }
  | { type: 'sync' }
  | { type: 'dispose' };

/** From the worker to the main thread. */
export type GridReply =
  | { type: 'ready'; renderer: string }
  | { type: 'failed'; error: string }
  | { type: 'drawn'; uploads: number; frame: number }
  | { type: 'synced'; uploads: number; at: number };

/** What the main side needs of a worker (a `Worker`, or a test's stand-in). */
export interface GridPort {
  postMessage(message: GridMessage, transfer?: Transferable[]): void;
  onmessage: ((e: { data: GridReply }) => void) | null;
  onerror: ((e: unknown) => void) | null;
  terminate(): void;
}

/** The frames sent and not yet drawn at which the page holds the next (see `busy`). */
const IN_FLIGHT = 2;

let webgl2: boolean | null = null;

/** Whether this window has WebGL2 (asked once, on a canvas thrown away). */
function hasWebgl2(): boolean {
  if (webgl2 === null) {
    const gl = document.createElement('canvas').getContext('webgl2');
    webgl2 = gl !== null;
    gl?.getExtension('WEBGL_lose_context')?.loseContext();
  }
  return webgl2;
}

export class OffscreenGridPainter implements GridPainter {
  readonly path = 'webgl2' as const;
  #window: TextureWindow | null = null;
  #height = 0;
  #dpr = 1;
  #idle: (() => void) | null = null;
  #synced: ((at: number) => void)[] = [];
  #failed: ((error: string) => void) | null = null;
  /** The frames sent and not yet drawn, by number (the worker draws the newest it has). */
  readonly #sent = new Map<number, DrawnFrame>();
  #frames = 0;
  #onDrawn: (() => void) | null = null;
  drawn: DrawnFrame | null = null;
  /** The GL renderer's name, once the worker has said it. */
  renderer = '';
  /** Texel columns the worker has sent to the GPU: read by the benchmark. */
  uploads = 0;
  /** True when the worker draws the overlay's data layer too (its canvas was given). */
  readonly drawsOverlay: boolean;
  readonly #trades = new TradeSender();

  /**
   * The painter for `canvas`, drawn by the worker `spawn` makes; null where this window
   * cannot (no WebGL2, no `OffscreenCanvas`, the worker refused): then the caller draws
   * on the main thread. `failed` is called if the worker cannot draw after all (its
   * WebGL2 context refused): the canvas is then the worker's, so the caller makes another.
   */
  static create(
    canvas: HTMLCanvasElement,
    spawn: () => GridPort,
    failed: (error: string) => void,
    overlay: HTMLCanvasElement | null = null,
  ): OffscreenGridPainter | null {
    if (typeof canvas.transferControlToOffscreen !== 'function' || !hasWebgl2()) return null;
    let port: GridPort;
    try {
      port = spawn();
    } catch {
      return null;
    }
    const offscreen = canvas.transferControlToOffscreen();
    const over =
      typeof overlay?.transferControlToOffscreen === 'function'
        ? overlay.transferControlToOffscreen()
        : undefined;
    port.postMessage(
      over
        ? { type: 'init', canvas: offscreen, overlay: over }
        : { type: 'init', canvas: offscreen },
      over ? [offscreen, over] : [offscreen],
    );
    const painter = new OffscreenGridPainter(port, over !== undefined);
    painter.#failed = failed;
    return painter;
  }

  constructor(
    private readonly port: GridPort,
    drawsOverlay = false,
  ) {
    this.drawsOverlay = drawsOverlay;
    port.onmessage = (e) => this.#receive(e.data);
    port.onerror = (e) => this.#fail((e as { message?: string } | null)?.message ?? String(e));
  }

  onDrawn(listener: (() => void) | null): void {
    this.#onDrawn = listener;
  }

  resize(width: number, height: number, dpr: number): void {
    this.#height = height;
    this.#dpr = dpr;
    this.port.postMessage({ type: 'resize', width, height, dpr });
  }

  /** The overlay canvas's size in device px (the worker's, where it draws the overlay). */
  resizeOverlay(width: number, height: number): void {
    if (this.drawsOverlay) this.port.postMessage({ type: 'overlay-size', width, height });
  }

  upload(changed: Changed, data: HeatmapData): void {
    const columns: [number, SentColumn | null][] = [];
    const cells = (b: number): [number, SentColumn | null] => {
      const c = data.column(b);
      return [b, c ? { bids: c.bids, asks: c.asks, bestBid: c.bestBid, bestAsk: c.bestAsk } : null];
    };
    if (changed === 'all') {
      const { oldest, newest } = data;
      if (oldest !== null && newest !== null)
        for (let b = oldest; b <= newest; b++) if (data.column(b)) columns.push(cells(b));
    } else for (const b of changed) columns.push(cells(b));
    this.port.postMessage({
      type: 'columns',
      all: changed === 'all',
      newest: data.newest,
      columns,
    });
  }

  draw(
    view: Viewport,
    data: HeatmapData,
    colors: GridColors,
    max: number,
    overlay?: OverlayInput,
  ): void {
    this.#window = viewWindow(view, this.#height, this.#window) ?? this.#window;
    const frame = ++this.#frames;
    this.#sent.set(frame, { view, k: this.#window?.k ?? 1, epoch: data.epoch, dpr: this.#dpr });
    const withOverlay = this.drawsOverlay && overlay !== undefined;
    if (withOverlay) {
      const delta = this.#trades.delta(data);
      if (delta) this.port.postMessage({ type: 'trades', delta });
    }
    this.port.postMessage({
      type: 'draw',
      frame,
      view,
      colors,
      max,
      place: this.#window,
      ...(withOverlay && { overlay: { step: data.step, bucketMs: data.bucketMs, ...overlay } }),
    });
  }

  /**
   * True while two frames sent are not drawn yet: the worker is drawing one and has the
   * next waiting for its animation frame. One frame in flight is not busy: the page's
   * next animation frame sends the next view while the worker draws this one, so the two
   * threads' frames overlap (held at one, each frame cost two display frames: 30 fps at
   * 60 Hz on any GPU; panes/heatmap/README.md). Held at two, the page never sends views
   * faster than the worker draws them.
   */
  busy(idle: () => void): boolean {
    if (this.#sent.size < IN_FLIGHT) return false;
    this.#idle = idle;
    return true;
  }

  waiting(): number {
    return this.#sent.size;
  }

  /**
   * Resolves once the GPU has finished every frame sent so far (the benchmark waits),
   * with when it had: ms since the epoch, as the worker saw it.
   */
  finished(): Promise<number> {
    return new Promise((resolve) => {
      this.#synced.push(resolve);
      this.port.postMessage({ type: 'sync' });
    });
  }

  dispose(): void {
    this.port.postMessage({ type: 'dispose' });
    this.port.terminate();
    this.#failed = null;
    this.#idle = null;
    this.#onDrawn = null;
    for (const resolve of this.#synced.splice(0))
      resolve(performance.timeOrigin + performance.now());
  }

  #receive(reply: GridReply): void {
    switch (reply.type) {
      case 'ready':
        this.renderer = reply.renderer;
        return;
      case 'failed':
        this.#fail(reply.error);
        return;
      case 'drawn': {
        this.uploads = reply.uploads;
        // The frame now on screen; those sent before it were never drawn.
        const drawn = this.#sent.get(reply.frame);
        for (const n of this.#sent.keys()) if (n <= reply.frame) this.#sent.delete(n);
        if (drawn) {
          this.drawn = drawn;
          this.#onDrawn?.();
        }
        // At most one sent after the frame drawn is left: under `IN_FLIGHT`, the page may send.
        const idle = this.#idle;
        this.#idle = null;
        idle?.();
        return;
      }
      case 'synced':
        this.uploads = reply.uploads;
        this.#synced.shift()?.(reply.at);
        return;
    }
  }

  #fail(error: string): void {
    const failed = this.#failed;
    this.#failed = null;
    failed?.(error);
  }
}

/**
 * The worker's side: the columns as the main thread sent them, drawn by a
 * `WebglGridPainter` on the offscreen canvas at most once an animation frame (the
 * newest view only). `post` answers the main thread; `frame` schedules a frame.
 */
export class GridWorkerSide {
  #painter: WebglGridPainter | null = null;
  #readPixel: (() => void) | null = null;
  readonly #columns = new Map<number, SentColumn>();
  #overlay: Context2D | null = null;
  #trades: Trade[] = [];
  #next: Extract<GridMessage, { type: 'draw' }> | null = null;
  #size: Extract<GridMessage, { type: 'resize' }> | null = null;
  #scheduled = false;
  readonly #data: GridColumns = {
    newest: null,
    oldest: null,
    column: (b) => {
      const oldest = this.#data.oldest;
      return oldest !== null && b >= oldest ? this.#columns.get(b) : undefined;
    },
  };

  constructor(
    private readonly post: (reply: GridReply) => void,
    private readonly frame: (draw: () => void) => void,
    private readonly make: (
      canvas: OffscreenCanvas,
    ) => { painter: WebglGridPainter; renderer: string; readPixel: () => void } | null,
  ) {}

  receive(message: GridMessage): void {
    switch (message.type) {
      case 'init': {
        const made = this.make(message.canvas);
        if (!made) {
          this.post({ type: 'failed', error: 'this worker has no WebGL2' });
          return;
        }
        this.#painter = made.painter;
        this.#readPixel = made.readPixel;
        this.#overlay = message.overlay?.getContext('2d') ?? null;
        this.post({ type: 'ready', renderer: made.renderer });
        return;
      }
      case 'resize':
        // Applied where the next frame is drawn, in the same task: a canvas resized
        // alone is cleared, and could reach the screen blank (a motion's start and end
        // change the cells' resolution: motion-resolution.ts).
        this.#size = message;
        return;
      case 'overlay-size': {
        const canvas = this.#overlay?.canvas;
        if (canvas) {
          canvas.width = message.width;
          canvas.height = message.height;
        }
        return;
      }
      case 'columns':
        this.#take(message);
        return;
      case 'trades':
        this.#trades = applyTrades(this.#trades, message.delta);
        return;
      case 'draw':
        this.#next = message;
        if (!this.#scheduled) {
          this.#scheduled = true;
          this.frame(() => this.#draw());
        }
        return;
      case 'sync':
        this.#draw();
        this.#readPixel?.();
        this.post({
          type: 'synced',
          uploads: this.#painter?.uploads ?? 0,
          at: performance.timeOrigin + performance.now(),
        });
        return;
      case 'dispose':
        this.#painter?.dispose();
        this.#painter = null;
        return;
    }
  }

  #take(message: Extract<GridMessage, { type: 'columns' }>): void {
    const columns = this.#columns;
    if (message.all) columns.clear();
    const data = this.#data as { newest: number | null; oldest: number | null };
    data.newest = message.newest;
    data.oldest = message.newest === null ? null : message.newest - MAX_COLUMNS + 1;
    for (const [b, cells] of message.columns) {
      if (cells) columns.set(b, cells);
      else columns.delete(b);
    }
    // Columns the ring no longer holds go (the ring's width, and a little slack).
    if (columns.size > MAX_COLUMNS + 256 && data.oldest !== null)
      for (const b of columns.keys()) if (b < data.oldest) columns.delete(b);
    this.#painter?.upload(message.all ? 'all' : message.columns.map(([b]) => b));
  }

  #draw(): void {
    this.#scheduled = false;
    const next = this.#next;
    this.#next = null;
    const painter = this.#painter;
    const size = this.#size;
    if (size && painter) {
      this.#size = null;
      painter.resize(size.width, size.height, size.dpr);
    }
    if (!next) return;
    painter?.draw(next.view, this.#data, next.colors, next.max, next.place ?? undefined);
    if (next.overlay && this.#overlay) this.#drawOverlay(this.#overlay, next.view, next.overlay);
    this.post({ type: 'drawn', uploads: painter?.uploads ?? 0, frame: next.frame });
  }

  /** The overlay's data layer for the frame's view, from the copy (no crosshair: the page's). */
  #drawOverlay(ctx: Context2D, view: Viewport, o: OverlayFrame): void {
    const columns = this.#data;
    const data: OverlayData = {
      step: o.step,
      bucketMs: o.bucketMs,
      newest: columns.newest,
      oldest: columns.oldest,
      trades: this.#trades,
      column: (b) => columns.column(b) as SentColumn | undefined,
    };
    ctx.setTransform(o.dpr, 0, 0, o.dpr, 0, 0);
    drawOverlay(ctx, data, view, o.layout, o.colors, axisLabels(o.format, o.bucketMs), null);
  }
}
