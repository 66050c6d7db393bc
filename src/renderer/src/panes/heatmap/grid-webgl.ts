/**
 * The heatmap's cells on the GPU (WebGL2): the grid is one float texture of
 * `MAX_COLUMNS` columns (a ring: bucket number modulo its width) by `TEXTURE_ROWS`
 * price rows from a base row, bid and ask sizes as two channels, and a one-row
 * texture saying which columns hold a book. A new column is one `texSubImage2D` of a
 * single texel column; the whole grid is sent again only when the view's prices leave
 * the rows the texture spans (it is re-centred on the view, as Flowsurface re-centres
 * on the price) or the columns are rebuilt (another bucket or grouping). The fragment shader maps each pixel to its
 * bucket and row and colours it by size over the visible range's largest.
 */
import type { Changed, HeatmapData } from './heatmap-data';
import { slot } from './heatmap-data';
import { MAX_COLUMNS, type Column } from './heatmap-model';
import type { GridColors, GridPainter } from './grid-painter';
import type { Viewport } from './heatmap-view';

/** Price rows the texture spans around its base. */
export const TEXTURE_ROWS = 1_024;

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
uniform int u_newestSlot;
uniform float u_max;
uniform vec3 u_bid;
uniform vec3 u_ask;
out vec4 color;
void main() {
  float x = gl_FragCoord.x;
  float y = u_size.y - gl_FragCoord.y;
  float rel = floor(u_right - (u_size.x - x) / u_columnPx);
  // A pixel covers the rows lo to lo + span: thinner than a pixel, a row must not be
  // skipped, so the largest size among them is drawn (up to 64 rows a pixel).
  float rowF = u_center + (u_size.y * 0.5 - y) / u_rowPx;
  float lo = floor(rowF + 0.5);
  float span = u_rowPx >= 1.0 ? 0.0 : min(63.0, floor(1.0 / u_rowPx));
  lo = u_rowPx >= 1.0 ? lo : floor(rowF - 0.5 / u_rowPx + 0.5);
  if (rel > 0.0 || rel < -${MAX_COLUMNS - 1}.0 || lo + span < 0.0 || lo >= ${TEXTURE_ROWS}.0 || u_max <= 0.0) {
    color = vec4(0.0); return;
  }
  int s = (u_newestSlot + int(rel) + ${MAX_COLUMNS}) % ${MAX_COLUMNS};
  if (texelFetch(u_present, ivec2(s, 0), 0).r < 0.5) { color = vec4(0.0); return; }
  vec2 v = vec2(0.0);
  for (int k = 0; k < 64; k++) {
    float r = lo + float(k);
    if (float(k) > span) break;
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
  /** The price row at the texture's row 0 (null: not placed yet). */
  #base: number | null = null;
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
  /** Texel columns sent since made: read by the benchmark. */
  uploads = 0;

  /** Null when this window has no WebGL2 (the caller takes the 2D path). */
  static create(canvas: HTMLCanvasElement): WebglGridPainter | null {
    const gl = canvas.getContext('webgl2', {
      premultipliedAlpha: true,
      antialias: false,
      // Kept after compositing, so a screenshot or a test can read the cells back.
      preserveDrawingBuffer: true,
    });
    if (!gl) return null;
    try {
      return new WebglGridPainter(canvas, gl);
    } catch {
      return null;
    }
  }

  private constructor(
    private readonly canvas: HTMLCanvasElement,
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
    names.push('u_rowPx', 'u_newestSlot', 'u_max', 'u_bid', 'u_ask');
    this.#u = Object.fromEntries(names.map((n) => [n, gl.getUniformLocation(this.#program, n)]));
    gl.uniform1i(this.#u.u_grid!, 0);
    gl.uniform1i(this.#u.u_present!, 1);
    const error = gl.getError();
    if (error !== gl.NO_ERROR) throw new Error(`WebGL2 setup failed (${error})`);
  }

  resize(width: number, height: number, dpr: number): void {
    this.#dpr = dpr;
    this.canvas.width = Math.max(1, Math.round(width * dpr));
    this.canvas.height = Math.max(1, Math.round(height * dpr));
    this.#gl.viewport(0, 0, this.canvas.width, this.canvas.height);
  }

  upload(changed: Changed, data: HeatmapData): void {
    if (changed === 'all') return this.#uploadAll(data);
    // A column's rows past the texture's are left out: they are out of view too (the
    // draw re-centres the texture whenever the view's rows leave it).
    if (this.#base === null) return this.#uploadAll(data);
    for (const b of changed) this.#send(b, data.column(b));
  }

  draw(view: Viewport, data: HeatmapData, colors: GridColors, max: number): void {
    const gl = this.#gl;
    gl.clearColor(0, 0, 0, 0);
    gl.clear(gl.COLOR_BUFFER_BIT);
    const newest = data.newest;
    if (newest === null || this.#base === null) return;
    // Panned or fitted to prices the texture's rows do not span (a recorded past the
    // price has since left): the texture is re-centred on the view and sent again.
    const half = this.canvas.height / this.#dpr / 2 / view.rowPx;
    const [lo, hi] = [Math.floor(view.center - half), Math.ceil(view.center + half)];
    if (lo < this.#base || hi >= this.#base + TEXTURE_ROWS) {
      if (hi - lo < TEXTURE_ROWS) this.#uploadAll(data, undefined, Math.round(view.center));
      else {
        // The view spans more rows than the texture: it keeps the newest column's, as
        // far as it can (its price near an edge of the texture: re-centred on it).
        const column = data.column(newest);
        const mid = column ? middleRow(column) : null;
        const margin = TEXTURE_ROWS / 8;
        if (
          mid !== null &&
          (mid < this.#base + margin || mid >= this.#base + TEXTURE_ROWS - margin)
        )
          this.#uploadAll(data, column);
      }
    }
    const u = this.#u;
    const d = this.#dpr;
    gl.useProgram(this.#program);
    gl.uniform2f(u.u_size!, this.canvas.width, this.canvas.height);
    gl.uniform1f(u.u_right!, view.right - newest);
    gl.uniform1f(u.u_center!, view.center - this.#base);
    gl.uniform1f(u.u_columnPx!, view.columnPx * d);
    gl.uniform1f(u.u_rowPx!, view.rowPx * d);
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

  /**
   * Sends every column, the texture re-centred on `around` (else on the newest), or on
   * the row `centre`.
   */
  #uploadAll(data: HeatmapData, around?: Column, centre?: number): void {
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
    const column = newest === null ? undefined : (around ?? data.column(newest));
    const mid = centre ?? (column ? middleRow(column) : null);
    if (first === null || newest === null || mid === null) present.fill(0);
    gl.activeTexture(gl.TEXTURE1);
    gl.texSubImage2D(gl.TEXTURE_2D, 0, 0, 0, MAX_COLUMNS, 1, gl.RED, gl.UNSIGNED_BYTE, present);
    if (first === null || newest === null || mid === null) return;
    this.#base = mid - TEXTURE_ROWS / 2;
    // The rows to send: those the columns list (within the texture) and those that may
    // still hold an older size (cleared): a book spans a few dozen rows, not 1,024.
    let lo = TEXTURE_ROWS;
    let hi = -1;
    for (let b = first; b <= newest; b++) {
      const col = data.column(b);
      if (!col) continue;
      for (const rows of [col.bids.rows, col.asks.rows]) {
        if (rows.length === 0) continue;
        const a = rows[0]! - this.#base;
        const z = rows[rows.length - 1]! - this.#base;
        lo = Math.min(lo, a, z);
        hi = Math.max(hi, a, z);
      }
    }
    lo = Math.max(0, lo);
    hi = Math.min(TEXTURE_ROWS - 1, hi);
    const listed = lo <= hi ? { lo, hi } : null;
    if (this.#written) {
      lo = Math.min(lo, this.#written.lo);
      hi = Math.max(hi, this.#written.hi);
    }
    this.#written = listed;
    if (lo > hi) return;
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
      for (let c = 0; c < n; c++) {
        const col = data.column(b + c);
        if (!col) continue;
        putBlock(block, n, height, c, col.bids.rows, col.bids.sizes, this.#base + lo, 0);
        putBlock(block, n, height, c, col.asks.rows, col.asks.sizes, this.#base + lo, 1);
      }
      gl.texSubImage2D(gl.TEXTURE_2D, 0, s0, lo, n, height, gl.RG, gl.FLOAT, block);
      this.uploads += n;
      b += n;
    }
  }

  /** Widens the rows that may hold a size by those `column` lists. */
  #wrote(column: Column, base: number): void {
    let lo = this.#written?.lo ?? TEXTURE_ROWS;
    let hi = this.#written?.hi ?? -1;
    for (const rows of [column.bids.rows, column.asks.rows]) {
      if (rows.length === 0) continue;
      lo = Math.min(lo, rows[0]! - base, rows[rows.length - 1]! - base);
      hi = Math.max(hi, rows[0]! - base, rows[rows.length - 1]! - base);
    }
    lo = Math.max(0, lo);
    hi = Math.min(TEXTURE_ROWS - 1, hi);
    if (lo <= hi) this.#written = { lo, hi };
  }

  #send(b: number, column: Column | undefined): void {
    const gl = this.#gl;
    const base = this.#base;
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
      this.#presentTexel.fill(column && base !== null ? 255 : 0),
    );
    if (!column || base === null) return;
    const texels = this.#column;
    texels.fill(0);
    putBlock(texels, 1, TEXTURE_ROWS, 0, column.bids.rows, column.bids.sizes, base, 0);
    putBlock(texels, 1, TEXTURE_ROWS, 0, column.asks.rows, column.asks.sizes, base, 1);
    // The whole texel column is sent (zeros around the book): the rows it may hold a size in.
    this.#wrote(column, base);
    gl.activeTexture(gl.TEXTURE0);
    gl.texSubImage2D(gl.TEXTURE_2D, 0, s, 0, 1, TEXTURE_ROWS, gl.RG, gl.FLOAT, texels);
    this.uploads++;
  }
}

/**
 * A column's sizes into column `c` of a block `width` texels wide and `height` rows high
 * (row-major), its row 0 being the price row `base`.
 */
function putBlock(
  block: Float32Array,
  width: number,
  height: number,
  c: number,
  rows: Int32Array,
  sizes: Float64Array,
  base: number,
  channel: number,
): void {
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i]! - base;
    if (r >= 0 && r < height) block[(r * width + c) * 2 + channel] = sizes[i]!;
  }
}

/** The row between a column's best bid and ask (either alone when one side is empty). */
export function middleRow(column: Column): number | null {
  const { bestBid, bestAsk } = column;
  if (bestBid !== null && bestAsk !== null) return Math.round((bestBid + bestAsk) / 2);
  return bestBid ?? bestAsk;
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
