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
 * holds the next frame while the last is still drawing (`busy`): the plot then draws as
 * fast as the GPU does, never queueing frames behind it. `GridWorkerSide` is the
 * worker's: a copy of the columns and a `WebglGridPainter` on the offscreen canvas.
 */
import type { Changed, HeatmapData } from './heatmap-data';
import type { DrawnFrame, GridCells, GridColors, GridColumns, GridPainter } from './grid-painter';
import type { WebglGridPainter } from './grid-webgl';
import { viewWindow, type TextureWindow } from './grid-webgl';
import { MAX_COLUMNS } from './heatmap-model';
import type { Viewport } from './heatmap-view';

/** From the main thread to the worker. */
export type GridMessage =
  | { type: 'init'; canvas: OffscreenCanvas }
  | { type: 'resize'; width: number; height: number; dpr: number }
  | {
      type: 'columns';
      all: boolean;
      newest: number | null;
      columns: [number, GridCells | null][];
    }
  | {
      type: 'draw';
      /** The frame's number: the worker says which it drew. */
      frame: number;
      view: Viewport;
      colors: GridColors;
      max: number;
      place: TextureWindow | null;
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
  #drawing = false;
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
  ): OffscreenGridPainter | null {
    if (typeof canvas.transferControlToOffscreen !== 'function' || !hasWebgl2()) return null;
    let port: GridPort;
    try {
      port = spawn();
    } catch {
      return null;
    }
    const offscreen = canvas.transferControlToOffscreen();
    port.postMessage({ type: 'init', canvas: offscreen }, [offscreen]);
    const painter = new OffscreenGridPainter(port);
    painter.#failed = failed;
    return painter;
  }

  constructor(private readonly port: GridPort) {
    port.onmessage = (e) => this.#receive(e.data);
    port.onerror = (e) => this.#fail((e as { message?: string } | null)?.message ?? String(e));
  }

  onDrawn(listener: (() => void) | null): void {
    this.#onDrawn = listener;
  }

  resize(width: number, height: number, dpr: number): void {
    this.#height = height;
    this.port.postMessage({ type: 'resize', width, height, dpr });
  }

  upload(changed: Changed, data: HeatmapData): void {
    const columns: [number, GridCells | null][] = [];
    const cells = (b: number): [number, GridCells | null] => {
      const c = data.column(b);
      return [b, c ? { bids: c.bids, asks: c.asks } : null];
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

  draw(view: Viewport, data: HeatmapData, colors: GridColors, max: number): void {
    this.#window = viewWindow(view, this.#height, this.#window) ?? this.#window;
    this.#drawing = true;
    const frame = ++this.#frames;
    this.#sent.set(frame, { view, k: this.#window?.k ?? 1, epoch: data.epoch });
    this.port.postMessage({ type: 'draw', frame, view, colors, max, place: this.#window });
  }

  busy(idle: () => void): boolean {
    if (!this.#drawing) return false;
    this.#idle = idle;
    return true;
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
        this.#drawing = false;
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
  readonly #columns = new Map<number, GridCells>();
  #next: Extract<GridMessage, { type: 'draw' }> | null = null;
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
        this.post({ type: 'ready', renderer: made.renderer });
        return;
      }
      case 'resize':
        this.#painter?.resize(message.width, message.height, message.dpr);
        return;
      case 'columns':
        this.#take(message);
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
    if (!next) return;
    painter?.draw(next.view, this.#data, next.colors, next.max, next.place ?? undefined);
    this.post({ type: 'drawn', uploads: painter?.uploads ?? 0, frame: next.frame });
  }
}
