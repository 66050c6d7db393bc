/**
 * The heatmap's cells on the GPU (WebGL2): the grid is one float texture of
 * `MAX_COLUMNS` columns (a ring: bucket number modulo its width) by `TEXTURE_ROWS`
 * rows, bid and ask sizes as two channels, and a one-row texture saying which columns
 * hold a book. The texture spans a window of price rows that follows the view
 * (`textureWindow`): its rows from a base row, each texel the largest size of `k` price
 * rows — one while the view spans fewer rows than the texture, more when it spans more
 * (a fast move fitted in view: a device pixel then covers about `k` rows anyway), so
 * every column the data has is drawn at any zoom. A new column is one `texSubImage2D`
 * of a single texel column; the whole grid is sent again only when the view leaves the
 * window or zooms far inside it, or the columns are rebuilt (another bucket or
 * grouping). The fragment shader maps each pixel to its bucket and to the texels of
 * the rows it covers, and colours it by the largest size there over the visible range's
 * largest.
 */
import type { Changed } from './heatmap-data';
import { slot } from './heatmap-data';
import { MAX_COLUMNS } from './heatmap-model';
import type { DrawnFrame, GridCells, GridColors, GridColumns, GridPainter } from './grid-painter';
import type { Viewport } from './heatmap-view';

/** Texel rows of the texture. */
export const TEXTURE_ROWS = 1_024;

/** The price rows the texture holds: from `base`, `k` price rows a texel row. */
export interface TextureWindow {
  base: number;
  k: number;
}

/**
 * The window the texture must hold to draw the price rows `lo`..`hi` (the view's):
 * `current` while it covers them and is not over twice as coarse as they need (null:
 * keep it), else a new one centred on them. A window wider than the texture's rows
 * groups `k` rows a texel (with room to pan: a quarter more than the view), its base a
 * multiple of `k` so a row falls in the same texel whatever the window's place.
 */
export function textureWindow(
  lo: number,
  hi: number,
  current: TextureWindow | null,
): TextureWindow | null {
  const need = hi - lo + 1;
  const least = Math.max(1, Math.ceil(need / TEXTURE_ROWS));
  if (
    current &&
    lo >= current.base &&
    hi < current.base + current.k * TEXTURE_ROWS &&
    current.k <= 2 * least
  )
    return null;
  const k = need <= TEXTURE_ROWS ? 1 : Math.ceil((need * 1.25) / TEXTURE_ROWS);
  const mid = Math.round((lo + hi) / 2);
  return { base: Math.floor((mid - (k * TEXTURE_ROWS) / 2) / k) * k, k };
}

/**
 * The window for drawing `view` on a plot `cssHeight` px tall (see `textureWindow`):
 * null to keep `current`. The main thread's side of a painter in a worker asks it too,
 * so both place the texture alike.
 */
export function viewWindow(
  view: Viewport,
  cssHeight: number,
  current: TextureWindow | null,
): TextureWindow | null {
  const half = cssHeight / 2 / view.rowPx;
  return textureWindow(Math.floor(view.center - half), Math.ceil(view.center + half), current);
}

const VERTEX = `#version 300 es
in vec2 a_pos;
void main() { gl_Position = vec4(a_pos, 0.0, 1.0); }`;

// Bucket numbers are taken relative to the newest and rows relative to the base, so
// float32 holds them exactly whatever the epoch or price.
const FRAGMENT = `#version 300 es
precision highp float;
precision highp int;
uniform highp sampler2D u_grid;
uniform highp sampler2D u_present;
uniform vec2 u_size;
uniform float u_right;
uniform float u_center;
uniform float u_columnPx;
uniform float u_rowPx;
uniform float u_k;
uniform int u_newestSlot;
uniform float u_max;
uniform vec3 u_bid;
uniform vec3 u_ask;
out vec4 color;
void main() {
  float x = gl_FragCoord.x;
  float y = u_size.y - gl_FragCoord.y;
  float rel = floor(u_right - (u_size.x - x) / u_columnPx);
  // A pixel covers the price rows lo to lo + span: thinner than a pixel, a row must not
  // be skipped, so the largest size among them is drawn, read from the texels holding
  // them (k rows a texel: up to 64 texels a pixel).
  float rowF = u_center + (u_size.y * 0.5 - y) / u_rowPx;
  float lo = floor(rowF + 0.5);
  float span = u_rowPx >= 1.0 ? 0.0 : floor(1.0 / u_rowPx);
  lo = u_rowPx >= 1.0 ? lo : floor(rowF - 0.5 / u_rowPx + 0.5);
  float tlo = floor(lo / u_k);
  float thi = floor((lo + span) / u_k);
  if (rel > 0.0 || rel < -${MAX_COLUMNS - 1}.0 || thi < 0.0 || tlo >= ${TEXTURE_ROWS}.0 || u_max <= 0.0) {
    color = vec4(0.0); return;
  }
  int s = (u_newestSlot + int(rel) + ${MAX_COLUMNS}) % ${MAX_COLUMNS};
  if (texelFetch(u_present, ivec2(s, 0), 0).r < 0.5) { color = vec4(0.0); return; }
  vec2 v = vec2(0.0);
  for (int k = 0; k < 64; k++) {
    float r = tlo + float(k);
    if (r > thi) break;
    if (r < 0.0 || r >= ${TEXTURE_ROWS}.0) continue;
    v = max(v, texelFetch(u_grid, ivec2(s, int(r)), 0).rg);
  }
  float b = clamp(sqrt(v.r / u_max), 0.0, 1.0);
  float a = clamp(sqrt(v.g / u_max), 0.0, 1.0);
  float alpha = max(a, b);
  if (alpha <= 0.0) { color = vec4(0.0); return; }
  vec3 rgb = (u_bid * b + u_ask * a) / (a + b);
  color = vec4(rgb * alpha, alpha);
}`;

export class WebglGridPainter implements GridPainter {
  readonly path = 'webgl2' as const;
  readonly #gl: WebGL2RenderingContext;
  readonly #program: WebGLProgram;
  readonly #grid: WebGLTexture;
  readonly #present: WebGLTexture;
  readonly #u: Record<string, WebGLUniformLocation | null>;
  /** The price rows the texture holds (null: not placed yet). */
  #window: TextureWindow | null = null;
  /** The columns were rebuilt: the whole grid is sent at the next draw, for its view. */
  #stale = true;
  readonly #column = new Float32Array(TEXTURE_ROWS * 2);
  readonly #presentTexel = new Uint8Array(1);
  readonly #presentAll = new Uint8Array(MAX_COLUMNS);
  /** The block of a whole upload, kept for the next one (grown, never shrunk). */
  #block = new Float32Array(0);
  /**
   * The texture rows that may hold a size (null: none since it was made): a whole upload
   * sends only these and the rows its columns list, not all 1,024 of every column.
   */
  #written: { lo: number; hi: number } | null = null;
  #dpr = 1;
  drawn: DrawnFrame | null = null;

  /** Texel columns sent since made: read by the benchmark. */
  uploads = 0;

  /** Null when this window has no WebGL2 (the caller takes the 2D path). */
  static create(canvas: HTMLCanvasElement | OffscreenCanvas): WebglGridPainter | null {
    const gl = canvas.getContext('webgl2', {
      premultipliedAlpha: true,
      antialias: false,
      // Kept after compositing, so a screenshot or a test can read the cells back.
      preserveDrawingBuffer: true,
    }) as WebGL2RenderingContext | null;
    if (!gl) return null;
    try {
      return new WebglGridPainter(canvas, gl);
    } catch {
      return null;
    }
  }

  private constructor(
    private readonly canvas: HTMLCanvasElement | OffscreenCanvas,
    gl: WebGL2RenderingContext,
  ) {
    this.#gl = gl;
    this.#program = link(gl, VERTEX, FRAGMENT);
    gl.useProgram(this.#program);
    const buffer = gl.createBuffer();
    gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
    gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([-1, -1, 3, -1, -1, 3]), gl.STATIC_DRAW);
    const pos = gl.getAttribLocation(this.#program, 'a_pos');
    gl.enableVertexAttribArray(pos);
    gl.vertexAttribPointer(pos, 2, gl.FLOAT, false, 0, 0);
    this.#grid = texture(gl, 0);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RG32F, MAX_COLUMNS, TEXTURE_ROWS, 0, gl.RG, gl.FLOAT, null);
    this.#present = texture(gl, 1);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.R8, MAX_COLUMNS, 1, 0, gl.RED, gl.UNSIGNED_BYTE, null);
    gl.pixelStorei(gl.UNPACK_ALIGNMENT, 1);
    const names = ['u_grid', 'u_present', 'u_size', 'u_right', 'u_center', 'u_columnPx'];
    names.push('u_rowPx', 'u_k', 'u_newestSlot', 'u_max', 'u_bid', 'u_ask');
    this.#u = Object.fromEntries(names.map((n) => [n, gl.getUniformLocation(this.#program, n)]));
    gl.uniform1i(this.#u.u_grid!, 0);
    gl.uniform1i(this.#u.u_present!, 1);
    // One empty draw now (nothing is painted: no size to scale by): a software GL compiles
    // the shader on its first draw, so it does so while the pane waits for its past, not
    // on the first paint.
    gl.uniform1f(this.#u.u_max!, 0);
    gl.drawArrays(gl.TRIANGLES, 0, 3);
    gl.flush();
    const error = gl.getError();
    if (error !== gl.NO_ERROR) throw new Error(`WebGL2 setup failed (${error})`);
  }

  resize(width: number, height: number, dpr: number): void {
    this.#dpr = dpr;
    this.canvas.width = Math.max(1, Math.round(width * dpr));
    this.canvas.height = Math.max(1, Math.round(height * dpr));
    this.#gl.viewport(0, 0, this.canvas.width, this.canvas.height);
  }

  upload(changed: Changed): void {
    // Rebuilt columns are sent at the next draw, in the window its view needs; until
    // then a new column would be sent twice.
    if (changed === 'all' || this.#stale || this.#window === null) {
      this.#stale = true;
      return;
    }
    this.#pending.push(...changed);
    // No draw for a long while (a hidden window draws no frames): the whole grid at the next.
    if (this.#pending.length > MAX_COLUMNS) {
      this.#stale = true;
      this.#pending.length = 0;
    }
  }

  /** Columns changed since the last draw, sent at the next (at most once each). */
  #pending: number[] = [];

  /**
   * Draws `view`. `place` is the texture window the main thread chose for it (a painter
   * in a worker: see `viewWindow`); without it the painter chooses it itself.
   */
  draw(
    view: Viewport,
    data: GridColumns,
    colors: GridColors,
    max: number,
    place?: TextureWindow,
  ): void {
    const gl = this.#gl;
    gl.clearColor(0, 0, 0, 0);
    gl.clear(gl.COLOR_BUFFER_BIT);
    // The view's price rows: the texture's window follows them (see `textureWindow`).
    const current = this.#window;
    const next = place
      ? current && place.base === current.base && place.k === current.k
        ? null
        : place
      : viewWindow(view, this.canvas.height / this.#dpr, current);
    if (next || this.#stale) {
      this.#uploadAll(data, next ?? this.#window!);
      this.#pending.length = 0;
    } else if (this.#pending.length > 0) {
      const sent = new Set<number>();
      for (const b of this.#pending) {
        if (sent.has(b)) continue;
        sent.add(b);
        this.#send(b, data.column(b));
      }
      this.#pending.length = 0;
    }
    const newest = data.newest;
    const w = this.#window;
    this.drawn = { view, k: w?.k ?? 1, epoch: data.epoch ?? 0 };
    if (newest === null || w === null) return;
    const u = this.#u;
    const d = this.#dpr;
    gl.useProgram(this.#program);
    gl.uniform2f(u.u_size!, this.canvas.width, this.canvas.height);
    gl.uniform1f(u.u_right!, view.right - newest);
    gl.uniform1f(u.u_center!, view.center - w.base);
    gl.uniform1f(u.u_columnPx!, view.columnPx * d);
    gl.uniform1f(u.u_rowPx!, view.rowPx * d);
    gl.uniform1f(u.u_k!, w.k);
    gl.uniform1i(u.u_newestSlot!, slot(newest));
    gl.uniform1f(u.u_max!, max);
    gl.uniform3f(u.u_bid!, ...colors.bid);
    gl.uniform3f(u.u_ask!, ...colors.ask);
    gl.drawArrays(gl.TRIANGLES, 0, 3);
  }

  dispose(): void {
    const gl = this.#gl;
    gl.deleteTexture(this.#grid);
    gl.deleteTexture(this.#present);
    gl.deleteProgram(this.#program);
  }

  /** Sends every column, the texture holding the price rows of `window`. */
  #uploadAll(data: GridColumns, window: TextureWindow): void {
    this.#stale = false;
    this.#window = window;
    const { base, k } = window;
    const newest = data.newest;
    const oldest = data.oldest;
    const gl = this.#gl;
    const present = this.#presentAll;
    present.fill(0);
    let first: number | null = null;
    if (newest !== null && oldest !== null) {
      for (let b = oldest; b <= newest; b++) {
        if (!data.column(b)) continue;
        first ??= b;
        present[slot(b)] = 255;
      }
    }
    gl.activeTexture(gl.TEXTURE1);
    gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, 0, MAX_COLUMNS, 1, gl.RED, gl.UNSIGNED_BYTE, present);
    // The texel rows to send: those the columns list (within the texture) and those that
    // may still hold an older size (cleared): a book spans a few dozen rows, not 1,024.
    let listed: TexelRows | null = null;
    if (first !== null && newest !== null) {
      for (let b = first; b <= newest; b++) {
        const col = data.column(b);
        if (col) listed = widened(listed, col, window);
      }
    }
    let lo = listed?.lo ?? TEXTURE_ROWS;
    let hi = listed?.hi ?? -1;
    if (this.#written) {
      lo = Math.min(lo, this.#written.lo);
      hi = Math.max(hi, this.#written.hi);
    }
    this.#written = listed;
    if (lo > hi || first === null || newest === null) return;
    const height = hi - lo + 1;
    // The columns from the first with a book to the newest, in as few calls as the ring
    // allows (one, or two where it wraps): a call per column was ~0.25 ms each on a
    // software GL, over a second for 4,800 columns.
    gl.activeTexture(gl.TEXTURE0);
    for (let b = first; b <= newest;) {
      const s0 = slot(b);
      const n = Math.min(newest - b + 1, MAX_COLUMNS - s0);
      const size = n * height * 2;
      if (this.#block.length < size) this.#block = new Float32Array(size);
      const block = this.#block.subarray(0, size);
      block.fill(0);
      const from = { base: base + lo * k, k };
      for (let c = 0; c < n; c++) {
        const col = data.column(b + c);
        if (!col) continue;
        putBlock(block, n, height, c, col.bids.rows, col.bids.sizes, from, 0);
        putBlock(block, n, height, c, col.asks.rows, col.asks.sizes, from, 1);
      }
      gl.texSubImage2D(gl.TEXTURE_2D, 0, s0, lo, n, height, gl.RG, gl.FLOAT, block);
      this.uploads += n;
      b += n;
    }
  }

  #send(b: number, column: GridCells | undefined): void {
    const gl = this.#gl;
    const w = this.#window;
    const s = slot(b);
    gl.activeTexture(gl.TEXTURE1);
    gl.texSubImage2D(
      gl.TEXTURE_2D,
      0,
      s,
      0,
      1,
      1,
      gl.RED,
      gl.UNSIGNED_BYTE,
      this.#presentTexel.fill(column && w !== null ? 255 : 0),
    );
    if (!column || w === null) return;
    const texels = this.#column;
    texels.fill(0);
    putBlock(texels, 1, TEXTURE_ROWS, 0, column.bids.rows, column.bids.sizes, w, 0);
    putBlock(texels, 1, TEXTURE_ROWS, 0, column.asks.rows, column.asks.sizes, w, 1);
    // The whole texel column is sent (zeros around the book): the rows it may hold a size in.
    this.#written = widened(this.#written, column, w);
    gl.activeTexture(gl.TEXTURE0);
    gl.texSubImage2D(gl.TEXTURE_2D, 0, s, 0, 1, TEXTURE_ROWS, gl.RG, gl.FLOAT, texels);
    this.uploads++;
  }
}

/** A span of texel rows, `lo` to `hi`. */
interface TexelRows {
  lo: number;
  hi: number;
}

/** `rows` widened by the texel rows (within the texture) `column` lists sizes in. */
function widened(
  rows: TexelRows | null,
  column: GridCells,
  { base, k }: TextureWindow,
): TexelRows | null {
  let lo = rows?.lo ?? TEXTURE_ROWS;
  let hi = rows?.hi ?? -1;
  for (const side of [column.bids.rows, column.asks.rows]) {
    if (side.length === 0) continue;
    lo = Math.min(lo, Math.max(0, Math.floor((side[0]! - base) / k)));
    hi = Math.max(hi, Math.min(TEXTURE_ROWS - 1, Math.floor((side[side.length - 1]! - base) / k)));
  }
  return lo <= hi ? { lo, hi } : rows;
}

/**
 * A column's sizes into column `c` of a block `width` texels wide and `height` rows high
 * (row-major), its row 0 holding the price rows from `base`, `k` to a texel: each texel
 * the largest size of its rows.
 */
export function putBlock(
  block: Float32Array,
  width: number,
  height: number,
  c: number,
  rows: Int32Array,
  sizes: Float64Array,
  { base, k }: TextureWindow,
  channel: number,
): void {
  for (let i = 0; i < rows.length; i++) {
    const r = Math.floor((rows[i]! - base) / k);
    if (r < 0 || r >= height) continue;
    const at = (r * width + c) * 2 + channel;
    block[at] = Math.max(block[at]!, sizes[i]!);
  }
}

function texture(gl: WebGL2RenderingContext, unit: number): WebGLTexture {
  const t = gl.createTexture();
  gl.activeTexture(gl.TEXTURE0 + unit);
  gl.bindTexture(gl.TEXTURE_2D, t);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_S, gl.CLAMP_TO_EDGE);
  gl.texParameteri(gl.TEXTURE_2D, gl.TEXTURE_WRAP_T, gl.CLAMP_TO_EDGE);
  return t;
}

function link(gl: WebGL2RenderingContext, vs: string, fs: string): WebGLProgram {
  const program = gl.createProgram();
  for (const [type, source] of [
    [gl.VERTEX_SHADER, vs],
    [gl.FRAGMENT_SHADER, fs],
  ] as const) {
    const shader = gl.createShader(type)!;
    gl.shaderSource(shader, source);
    gl.compileShader(shader);
    if (!gl.getShaderParameter(shader, gl.COMPILE_STATUS))
      throw new Error(gl.getShaderInfoLog(shader) ?? 'shader failed');
    gl.attachShader(program, shader);
  }
  gl.linkProgram(program);
  if (!gl.getProgramParameter(program, gl.LINK_STATUS))
    throw new Error(gl.getProgramInfoLog(program) ?? 'link failed');
  return program;
}
