/**
 * The heatmap's cells on the GPU (WebGL2): the grid is one float texture of
 * `MAX_COLUMNS` columns (a ring: bucket number modulo its width) by `TEXTURE_ROWS`
 * rows, bid and ask sizes as two channels; a bucket with no book is a column of zeros,
 * and the slots older than the first bucket sent are not read. The texture spans a
 * window of price rows that follows the view
 * (`textureWindow`): its rows from a base row, each texel the largest size of `k` price
 * rows — one while the view spans fewer rows than the texture, more when it spans more
 * (a fast move fitted in view: a device pixel then covers about `k` rows anyway), so
 * every column the data has is drawn at any zoom. A new column is one `texSubImage2D`
 * of a single texel column; the whole grid is sent again only when the view leaves the
 * window or zooms far inside it, or the columns are rebuilt (another bucket or
 * grouping). Each pixel's bucket and rows come from the vertex shader (interpolated);
 * the fragment shader reads the texel of its row, or where rows are thinner than a
 * pixel those of all the rows it covers (another program, chosen by the zoom), and
 * colours it by the largest size there over the visible range's largest. A software GL
 * (SwiftShader, on the CPU) spends most of a frame in that read: one texel a pixel is
 * the least it can do.
 */
import type { Changed } from './heatmap-data';
import { slot } from './heatmap-data';
import { MAX_COLUMNS } from './heatmap-model';
import type { DrawnFrame, GridCells, GridColors, GridColumns, GridPainter } from './grid-painter';
import { SAMPLE_OFFSET, bucketAtX, yOfRow, type Viewport } from './heatmap-view';

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

// Where a pixel looks, as the vertex shader's outputs: both are affine in the pixel's
// position, so the GPU interpolates them and the fragment shader only floors them (the
// division per pixel, and reading the pixel's position, cost a software GL a third of
// its frame). Bucket numbers are taken relative to the newest and rows relative to the
// texture's base, so float32 holds them exactly whatever the epoch or price.
// v_cell.x: the bucket under the pixel's sample point (its centre, `SAMPLE_OFFSET` right
// and down: heatmap-view.ts), relative to the newest (fractional); v_cell.y: the price
// row there, plus `u_shift`, so its floor is the lowest row the pixel covers (0.5: one
// row a pixel or fewer; where rows are thinner than a pixel, the row half a pixel below).
const VERTEX = `#version 300 es
in vec2 a_pos;
uniform vec2 u_size;
uniform float u_right;
uniform float u_center;
uniform float u_columnPx;
uniform float u_rowPx;
uniform float u_shift;
uniform vec2 u_band;
out vec2 v_cell;
void main() {
  vec2 pos = vec2(a_pos.x, mix(u_band.x, u_band.y, a_pos.y * 0.5 + 0.5));
  vec2 px = (pos * 0.5 + 0.5) * u_size;
  v_cell = vec2(
    u_right - (u_size.x - px.x) / u_columnPx,
    u_center + (px.y - u_size.y * 0.5) / u_rowPx + u_shift);
  gl_Position = vec4(pos, 0.0, 1.0);
}`;

/**
 * The fragment shader: `many` where a pixel covers more than one price row (it reads
 * the texels of all of them, up to 64, and draws the largest size: a row must not be
 * skipped), else the one texel of its row. A column without a book is a column of zero
 * texels; those older than the first the texture holds (`u_first`, relative to the
 * newest) are not read.
 */
function fragment(many: boolean): string {
  const read = many
    ? `float thi = min(floor((lo + u_span + 0.5) * u_invK), tlo + 63.0);
  if (thi < 0.0 || tlo >= ${TEXTURE_ROWS}.0) { color = vec4(0.0); return; }
  vec2 v = vec2(0.0);
  for (int i = 0; i < 64; i++) {
    float r = tlo + float(i);
    if (r > thi) break;
    if (r < 0.0 || r >= ${TEXTURE_ROWS}.0) continue;
    v = max(v, texelFetch(u_grid, ivec2(s, int(r)), 0).rg);
  }`
    : `if (tlo < 0.0 || tlo >= ${TEXTURE_ROWS}.0) { color = vec4(0.0); return; }
  vec2 v = texelFetch(u_grid, ivec2(s, int(tlo)), 0).rg;`;
  return `#version 300 es
precision highp float;
precision highp int;
uniform highp sampler2D u_grid;
uniform int u_newestSlot;
uniform float u_first;
uniform float u_invK;
uniform float u_span;
uniform float u_invMax;
uniform vec3 u_bid;
uniform vec3 u_ask;
in vec2 v_cell;
out vec4 color;
void main() {
  float rel = floor(v_cell.x);
  if (rel > 0.0 || rel < u_first) { color = vec4(0.0); return; }
  int s = u_newestSlot + int(rel);
  s = s < 0 ? s + ${MAX_COLUMNS} : s;
  float lo = floor(v_cell.y);
  // The texel holding row lo (k rows a texel): lo + 0.5 keeps the product off a whole
  // number, so a multiplication by 1/k floors as the division would.
  float tlo = floor((lo + 0.5) * u_invK);
  ${read}
  float b = min(sqrt(v.r * u_invMax), 1.0);
  float a = min(sqrt(v.g * u_invMax), 1.0);
  float alpha = max(a, b);
  if (alpha <= 0.0) { color = vec4(0.0); return; }
  color = vec4((u_bid * b + u_ask * a) * (alpha / (a + b)), alpha);
}`;
}

/** The uniforms both programs have (`u_span` is read by the one for many rows a pixel only). */
const UNIFORMS = [
  'u_grid',
  'u_size',
  'u_right',
  'u_center',
  'u_columnPx',
  'u_rowPx',
  'u_shift',
  'u_band',
  'u_newestSlot',
  'u_first',
  'u_invK',
  'u_span',
  'u_invMax',
  'u_bid',
  'u_ask',
] as const;

type Uniforms = Record<(typeof UNIFORMS)[number], WebGLUniformLocation | null>;

/** A linked program and where its uniforms are. */
interface Program {
  program: WebGLProgram;
  u: Uniforms;
}

export class WebglGridPainter implements GridPainter {
  readonly path = 'webgl2' as const;
  readonly #gl: WebGL2RenderingContext;
  /** The programs for one price row a pixel or fewer, and for many rows a pixel. */
  readonly #one: Program;
  readonly #many: Program;
  readonly #grid: WebGLTexture;
  /** The price rows the texture holds (null: not placed yet). */
  #window: TextureWindow | null = null;
  /** The columns were rebuilt: the whole grid is sent at the next draw, for its view. */
  #stale = true;
  readonly #column = new Float32Array(TEXTURE_ROWS * 2);
  /**
   * The buckets whose slots may hold a size (null: none): every slot outside them is
   * zeros. A whole upload writes these and the new ones (zeros where a bucket has no
   * book), so no size of another symbol, time or texture window is left in a slot the
   * shader reads; older than `first` is not read.
   */
  #held: { first: number; last: number } | null = null;
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
    this.#one = program(gl, fragment(false));
    this.#many = program(gl, fragment(true));
    const buffer = gl.createBuffer();
    gl.bindBuffer(gl.ARRAY_BUFFER, buffer);
    gl.bufferData(gl.ARRAY_BUFFER, new Float32Array([-1, -1, 1, -1, -1, 1, 1, 1]), gl.STATIC_DRAW);
    // Both programs link a_pos to location 0 (bound before linking).
    gl.enableVertexAttribArray(0);
    gl.vertexAttribPointer(0, 2, gl.FLOAT, false, 0, 0);
    this.#grid = texture(gl, 0);
    gl.texImage2D(gl.TEXTURE_2D, 0, gl.RG32F, MAX_COLUMNS, TEXTURE_ROWS, 0, gl.RG, gl.FLOAT, null);
    gl.pixelStorei(gl.UNPACK_ALIGNMENT, 1);
    // One empty draw with each program now (nothing is painted: no size to scale by): a
    // software GL compiles a shader on its first draw, so it does so while the pane waits
    // for its past, not on the first paint.
    for (const { program: p, u } of [this.#one, this.#many]) {
      gl.useProgram(p);
      gl.uniform1i(u.u_grid, 0);
      gl.uniform1f(u.u_invMax, 0);
      gl.uniform2f(u.u_band, -1, 1);
      gl.drawArrays(gl.TRIANGLE_STRIP, 0, 4);
    }
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
    this.drawn = { view, k: w?.k ?? 1, epoch: data.epoch ?? 0, dpr: this.#dpr };
    const first = this.#held?.first ?? null;
    gl.clearColor(0, 0, 0, 0);
    gl.clear(gl.COLOR_BUFFER_BIT);
    if (newest === null || w === null || first === null || !(max > 0)) return;
    const d = this.#dpr;
    const band = this.#band(view, data);
    if (!band) return;
    // Device px a row: under one, a pixel covers `span` rows more than its lowest (see
    // `rowsAtPixel`, which the crosshair reads with).
    const rowPx = view.rowPx * d;
    const many = rowPx < 1;
    const { program: p, u } = many ? this.#many : this.#one;
    gl.useProgram(p);
    gl.uniform2f(u.u_size, this.canvas.width, this.canvas.height);
    // The sample point `SAMPLE_OFFSET` right of and below each pixel's centre, as the
    // crosshair's mapping takes it (heatmap-view.ts).
    gl.uniform1f(u.u_right, view.right - newest + SAMPLE_OFFSET / (view.columnPx * d));
    gl.uniform1f(u.u_center, view.center - w.base);
    gl.uniform1f(u.u_columnPx, view.columnPx * d);
    gl.uniform1f(u.u_rowPx, rowPx);
    gl.uniform1f(u.u_shift, (many ? 0.5 - 0.5 / rowPx : 0.5) - SAMPLE_OFFSET / rowPx);
    gl.uniform1f(u.u_span, many ? Math.floor(1 / rowPx) : 0);
    gl.uniform1i(u.u_newestSlot, slot(newest));
    gl.uniform1f(u.u_first, Math.max(first - newest, -(MAX_COLUMNS - 1)));
    gl.uniform1f(u.u_invK, 1 / w.k);
    gl.uniform1f(u.u_invMax, 1 / max);
    gl.uniform3f(u.u_bid, ...colors.bid);
    gl.uniform3f(u.u_ask, ...colors.ask);
    gl.uniform2f(u.u_band, band.bottom, band.top);
    gl.drawArrays(gl.TRIANGLE_STRIP, 0, 4);
  }

  /**
   * The band of the canvas (clip space, bottom and top) the visible columns' books can
   * ink: from half a texel and a pixel below the lowest row any of them lists to as much
   * above the highest, its edges on whole device pixels (a vertex between pixels would
   * be moved onto the rasteriser's sub-pixel grid, shifting what every pixel reads).
   * Null: none lists a row. The pixels outside are left clear, not shaded: on a software
   * GL each pixel shaded is most of a frame's cost.
   */
  #band(view: Viewport, data: GridColumns): { bottom: number; top: number } | null {
    const d = this.#dpr;
    const H = this.canvas.height;
    const W = this.canvas.width / d;
    const held = this.#held?.first ?? 0;
    const first = Math.max(bucketAtX(view, 0, W), data.oldest ?? 0, held);
    const last = Math.min(Math.ceil(view.right) - 1, data.newest ?? -1);
    let lo = Infinity;
    let hi = -Infinity;
    for (let b = first; b <= last; b++) {
      const col = data.column(b);
      if (!col) continue;
      for (const side of [col.bids.rows, col.asks.rows]) {
        if (side.length === 0) continue;
        lo = Math.min(lo, side[0]!);
        hi = Math.max(hi, side[side.length - 1]!);
      }
    }
    if (lo > hi) return null;
    const k = this.#window?.k ?? 1;
    const pad = (k + 1) * view.rowPx + 2;
    // Device pixel rows from the top, then clip space (y up).
    const top = Math.max(0, Math.floor((yOfRow(view, hi, H / d) - pad) * d));
    const bottom = Math.min(H, Math.ceil((yOfRow(view, lo, H / d) + pad) * d));
    if (top >= bottom) return null;
    return { bottom: 1 - (2 * bottom) / H, top: 1 - (2 * top) / H };
  }

  dispose(): void {
    const gl = this.#gl;
    gl.deleteTexture(this.#grid);
    gl.deleteProgram(this.#one.program);
    gl.deleteProgram(this.#many.program);
  }

  /** Sends every column, the texture holding the price rows of `window`. */
  #uploadAll(data: GridColumns, window: TextureWindow): void {
    this.#stale = false;
    this.#window = window;
    const { base, k } = window;
    const newest = data.newest;
    const oldest = data.oldest;
    const gl = this.#gl;
    let first: number | null = null;
    if (newest !== null && oldest !== null)
      for (let b = oldest; b <= newest && first === null; b++) if (data.column(b)) first = b;
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
    // The buckets to write: the new ones, and those whose slots may hold an older size
    // (another symbol's, another time's): zeros where the new data has no book. Over a
    // ring's width, every slot once: the new data's ring, the rest zeros.
    const held = this.#held;
    const fresh = first !== null && newest !== null ? { first, last: newest } : null;
    let span =
      held && fresh
        ? { first: Math.min(held.first, fresh.first), last: Math.max(held.last, fresh.last) }
        : (held ?? fresh);
    if (span && span.last - span.first + 1 > MAX_COLUMNS) {
      const last = fresh?.last ?? span.last;
      span = { first: last - MAX_COLUMNS + 1, last };
    }
    this.#written = listed;
    this.#held = fresh;
    if (lo > hi || span === null) return;
    const height = hi - lo + 1;
    const has = (b: number) =>
      fresh && b >= fresh.first && b <= fresh.last ? data.column(b) : undefined;
    // In as few calls as the ring allows (one, or two where it wraps): a call per column
    // was ~0.25 ms each on a software GL, over a second for 4,800 columns.
    for (let b = span.first; b <= span.last;) {
      const s0 = slot(b);
      const n = Math.min(span.last - b + 1, MAX_COLUMNS - s0);
      const size = n * height * 2;
      if (this.#block.length < size) this.#block = new Float32Array(size);
      const block = this.#block.subarray(0, size);
      block.fill(0);
      const from = { base: base + lo * k, k };
      for (let c = 0; c < n; c++) {
        const col = has(b + c);
        if (!col) continue;
        putBlock(block, n, height, c, col.bids.rows, col.bids.sizes, from, 0);
        putBlock(block, n, height, c, col.asks.rows, col.asks.sizes, from, 1);
      }
      gl.texSubImage2D(gl.TEXTURE_2D, 0, s0, lo, n, height, gl.RG, gl.FLOAT, block);
      this.uploads += n;
      b += n;
    }
  }

  /**
   * Sends bucket `b`'s whole texel column: its book, zeros around it. A bucket with no
   * book (the live edge passed it in silence: `HeatmapData` lists it as changed) is all
   * zeros: its slot held the sizes of the bucket a ring's width before.
   */
  #send(b: number, column: GridCells | undefined): void {
    const w = this.#window;
    if (w === null) return;
    const texels = this.#column;
    texels.fill(0);
    if (column) {
      putBlock(texels, 1, TEXTURE_ROWS, 0, column.bids.rows, column.bids.sizes, w, 0);
      putBlock(texels, 1, TEXTURE_ROWS, 0, column.asks.rows, column.asks.sizes, w, 1);
      this.#written = widened(this.#written, column, w);
    }
    const held = this.#held;
    this.#held = held
      ? { first: Math.min(held.first, b), last: Math.max(held.last, b) }
      : { first: b, last: b };
    const gl = this.#gl;
    gl.texSubImage2D(gl.TEXTURE_2D, 0, slot(b), 0, 1, TEXTURE_ROWS, gl.RG, gl.FLOAT, texels);
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

/** The program of `VERTEX` and `fs`, its position input at location 0, and its uniforms. */
function program(gl: WebGL2RenderingContext, fs: string): Program {
  const p = link(gl, VERTEX, fs);
  const u = Object.fromEntries(UNIFORMS.map((n) => [n, gl.getUniformLocation(p, n)])) as Uniforms;
  return { program: p, u };
}

function link(gl: WebGL2RenderingContext, vs: string, fs: string): WebGLProgram {
  const program = gl.createProgram();
  gl.bindAttribLocation(program, 0, 'a_pos');
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
