/**
 * The GPU path's texture: every column the data has must be in it, whatever the range
 * of prices the view spans. A fake WebGL2 context keeps what is sent (the grid texture
 * and the uniforms), and the test reads each column's sizes back where the fragment
 * shader would look for them.
 */
import { describe, expect, it } from 'vitest';
import type { GridPainter } from './grid-painter';
import { TEXTURE_ROWS, WebglGridPainter, textureWindow } from './grid-webgl';
import {
  GridWorkerSide,
  OffscreenGridPainter,
  type GridMessage,
  type GridPort,
  type GridReply,
} from './grid-offscreen';
import { HeatmapData, slot } from './heatmap-data';
import { MAX_COLUMNS } from './heatmap-model';
import { DEFAULT_VIEW, follow, rowsAtPixel, xOfBucket, type Viewport } from './heatmap-view';
import type { OverlayInput } from './grid-offscreen';
import { ladderBook } from './testing/books';

/** A WebGL2 context that keeps the texture sent and the uniforms set, and draws nothing. */
function fakeGl() {
  const grid = new Float32Array(MAX_COLUMNS * TEXTURE_ROWS * 2);
  const uniforms: Record<string, number> = {};
  const pairs: Record<string, [number, number]> = {};
  const calls = {
    NO_ERROR: 0,
    getError: () => 0,
    getShaderParameter: () => true,
    getProgramParameter: () => true,
    getUniformLocation: (_p: unknown, name: string) => name,
    uniform1f: (name: string, v: number) => (uniforms[name] = v),
    uniform1i: (name: string, v: number) => (uniforms[name] = v),
    uniform2f: (name: string, x: number, y: number) => (pairs[name] = [x, y]),
    texSubImage2D(
      ...[, , x, y, w, h, , , pixels]: [
        number,
        number,
        number,
        number,
        number,
        number,
        number,
        number,
        Float32Array | Uint8Array,
      ]
    ) {
      for (let r = 0; r < h; r++)
        for (let c = 0; c < w; c++)
          for (const ch of [0, 1])
            grid[((y + r) * MAX_COLUMNS + x + c) * 2 + ch] = pixels[(r * w + c) * 2 + ch]!;
    },
  };
  const gl = new Proxy(calls as Record<string | symbol, unknown>, {
    get: (target, key) =>
      key in target
        ? target[key]
        : typeof key === 'string' && /^[A-Z_0-9]+$/.test(key)
          ? 1
          : () => ({}),
  });
  const canvas = { width: 0, height: 0, getContext: () => gl } as unknown as HTMLCanvasElement;
  return { canvas, grid, uniforms, pairs };
}

/** A two-level book a side, its best bid at `bid` (tick 0.01). */
const book = (bid: number, size: number) => ladderBook({ bid, levels: 2, size, symbol: 'BTCUSDT' });

const colors = { bid: [0, 1, 0], ask: [1, 0, 0] } as const;

/**
 * Each column's listed sizes as the shader reads them: the texel of its bucket's slot
 * and of the texture row holding its price row (`k` rows a texel from the base the
 * uniforms give). Answers the cells missing from the texture.
 */
function missing(data: HeatmapData, view: Viewport, gl: ReturnType<typeof fakeGl>): string[] {
  const k = kOf(gl);
  const base = view.center - gl.uniforms.u_center!;
  const out: string[] = [];
  for (let b = data.oldest!; b <= data.newest!; b++) {
    const col = data.column(b);
    if (!col) continue;
    // The shader reads buckets from the first the texture holds (relative to the newest).
    if (b - data.newest! < gl.uniforms.u_first!) out.push(`bucket ${b} not read`);
    for (const [ch, side] of [col.bids, col.asks].entries())
      for (let i = 0; i < side.rows.length; i++) {
        const r = Math.floor((side.rows[i]! - base) / k);
        const texel =
          r >= 0 && r < TEXTURE_ROWS ? gl.grid[(r * MAX_COLUMNS + slot(b)) * 2 + ch]! : 0;
        if (!(texel >= side.sizes[i]!)) out.push(`bucket ${b} row ${side.rows[i]}`);
      }
  }
  return out;
}

/**
 * The texels the shader can read that differ from what the data says (each the largest
 * size of its rows, zero where a bucket has no book): a size left over from earlier data.
 */
function stale(data: HeatmapData, view: Viewport, gl: ReturnType<typeof fakeGl>): string[] {
  const k = kOf(gl);
  const base = view.center - gl.uniforms.u_center!;
  const newest = data.newest!;
  const out: string[] = [];
  const want = new Float32Array(TEXTURE_ROWS * 2);
  for (
    let b = Math.max(newest + gl.uniforms.u_first!, newest - MAX_COLUMNS + 1);
    b <= newest;
    b++
  ) {
    want.fill(0);
    const col = data.column(b);
    for (const [ch, side] of (col ? [col.bids, col.asks] : []).entries())
      for (let i = 0; i < side.rows.length; i++) {
        const r = Math.floor((side.rows[i]! - base) / k);
        if (r >= 0 && r < TEXTURE_ROWS)
          want[r * 2 + ch] = Math.max(want[r * 2 + ch]!, side.sizes[i]!);
      }
    for (let r = 0; r < TEXTURE_ROWS; r++)
      for (const ch of [0, 1])
        if (gl.grid[(r * MAX_COLUMNS + slot(b)) * 2 + ch] !== want[r * 2 + ch])
          out.push(`bucket ${b} texel row ${r}`);
  }
  return out;
}

/** The price rows a texel holds, as the uniforms give it. */
const kOf = (gl: ReturnType<typeof fakeGl>) => Math.round(1 / gl.uniforms.u_invK!);

/**
 * BTC up 170 in 200 s at a 0.01 tick (17,000 price rows) sent to `painter` (800 × 600),
 * and the view fitted to them all.
 */
function fastMove(painter: GridPainter) {
  painter.resize(800, 600, 1);
  const data = new HeatmapData(1_000, 1);
  const t0 = 1_800_000_000_000;
  for (let i = 0; i <= 200; i++)
    data.addFrame(t0 + i * 1_000, book(60_000 + i * 0.85, 1 + (i % 5)));
  painter.upload('all', data);
  const view = follow(DEFAULT_VIEW, data.newest, { lo: 6_000_000, hi: 6_017_003 }, 600);
  return { data, t0, view };
}

/** 50 s of a book moving within 3 ticks, uploaded, the view spanning 6 price rows. */
function quietBook(painter: GridPainter) {
  painter.resize(800, 600, 1);
  const data = new HeatmapData(1_000, 1);
  for (let i = 0; i < 50; i++)
    data.addFrame(1_000_000 + i * 1_000, book(100 + (i % 3) / 100, 1 + i));
  painter.upload('all', data);
  const view = follow(DEFAULT_VIEW, data.newest, { lo: 9_999, hi: 10_005 }, 600);
  return { data, view };
}

describe('the WebGL2 path', () => {
  it('leaves no size of the symbol before in the texture when another comes', () => {
    const gl = fakeGl();
    const painter: GridPainter = WebglGridPainter.create(gl.canvas)!;
    painter.resize(800, 600, 1);
    const t0 = 1_800_000_000_000;
    // A deep book (60 levels a side), 300 s; then the pane forgets it (another symbol)
    // and draws the empty map; then the other symbol's thin book at another price.
    let data = new HeatmapData(1_000, 1);
    for (let i = 0; i < 300; i++)
      data.addFrame(t0 + i * 1_000, ladderBook({ bid: 100, levels: 60, size: 4 }));
    painter.upload('all', data);
    let view = follow(DEFAULT_VIEW, data.newest, { lo: 9_941, hi: 10_060 }, 600);
    painter.draw(view, data, colors, 4);
    data = new HeatmapData(1_000, 1);
    painter.upload('all', data);
    painter.draw(view, data, colors, 4);
    for (let i = 0; i < 300; i++)
      data.addFrame(t0 + i * 1_000, ladderBook({ bid: 2_500, levels: 5, size: 1 }));
    painter.upload('all', data);
    view = follow(view, data.newest, { lo: 249_996, hi: 250_005 }, 600);
    painter.draw(view, data, colors, 1);
    expect(stale(data, view, gl)).toEqual([]);
    // A replay's seek back: the earlier span's books, the later span's gone.
    const later = data;
    data = new HeatmapData(1_000, 1);
    for (let i = 0; i < 100; i++)
      data.addFrame(t0 - 6_000_000 + i * 1_000, ladderBook({ bid: 2_500.02, levels: 3, size: 2 }));
    painter.upload('all', data);
    view = follow(view, data.newest, { lo: 249_999, hi: 250_005 }, 600);
    painter.draw(view, data, colors, 2);
    expect(later.newest! - data.newest!).toBeGreaterThan(MAX_COLUMNS);
    expect(stale(data, view, gl)).toEqual([]);
  });

  it('shades every pixel row a listed row can ink (rows thinner than a pixel, k rows a texel, dpr 2)', () => {
    for (const [make, dpr] of [
      [fastMove, 2],
      [quietBook, 2],
      [fastMove, 1.25],
    ] as const) {
      const gl = fakeGl();
      const painter: GridPainter = WebglGridPainter.create(gl.canvas)!;
      const { data, view } = make(painter);
      painter.resize(800, 600, dpr);
      painter.draw(view, data, colors, 5);
      const k = kOf(gl);
      const H = Math.round(600 * dpr);
      const [bottom, top] = gl.pairs.u_band!;
      // The band's edges in device pixel rows from the top: whole pixels.
      const from = ((1 - top) / 2) * H;
      const to = ((1 - bottom) / 2) * H;
      expect(Math.abs(from - Math.round(from))).toBeLessThan(1e-6);
      expect(Math.abs(to - Math.round(to))).toBeLessThan(1e-6);
      const listed = new Set<number>();
      for (let b = data.oldest!; b <= data.newest!; b++) {
        const col = data.column(b);
        for (const r of col ? [...col.bids.rows, ...col.asks.rows] : []) listed.add(r);
      }
      const rows = [...listed].sort((a, b) => a - b);
      const outside: number[] = [];
      for (let y = 0; y < H; y++) {
        const { lo, hi } = rowsAtPixel(view, (y + 0.5) / dpr, 600, dpr, k);
        const inks = rows.some((r) => r >= lo && r <= hi);
        if (inks && (y < Math.round(from) || y >= Math.round(to))) outside.push(y);
      }
      expect(outside, `dpr ${dpr}, k ${k}`).toEqual([]);
      expect(to - from).toBeGreaterThan(0);
    }
  });

  it('holds every column of a fast move spanning many times the texture’s rows', () => {
    // BTC up 170 in 200 s at a 0.01 tick: 17,000 price rows, the view fitted to them all.
    const gl = fakeGl();
    const painter: GridPainter = WebglGridPainter.create(gl.canvas)!;
    const { data, t0, view } = fastMove(painter);
    expect(view.rowPx * 17_000).toBeLessThanOrEqual(600);
    painter.draw(view, data, colors, 5);
    expect(missing(data, view, gl)).toEqual([]);
    // New columns as they come: each in the texture too.
    for (let i = 201; i <= 210; i++) {
      painter.upload(data.addFrame(t0 + i * 1_000, book(60_000 + i * 0.85, 2)), data);
      painter.draw({ ...view, right: data.newest! + 1 }, data, colors, 5);
    }
    expect(missing(data, view, gl)).toEqual([]);
  });

  it('holds one price row a texel while the view spans fewer rows than the texture', () => {
    const gl = fakeGl();
    const painter: GridPainter = WebglGridPainter.create(gl.canvas)!;
    const { data, view } = quietBook(painter);
    painter.draw(view, data, colors, 50);
    expect(kOf(gl)).toBe(1);
    expect(missing(data, view, gl)).toEqual([]);
  });

  it('draws nothing for seconds the live edge passed with no book, not a ring’s width ago', () => {
    const gl = fakeGl();
    const painter: GridPainter = WebglGridPainter.create(gl.canvas)!;
    painter.resize(800, 600, 1);
    const data = new HeatmapData(1_000, 1);
    const t0 = 1_800_000_000_000;
    for (let i = 0; i < MAX_COLUMNS; i++) data.addFrame(t0 + i * 1_000, book(100, 1 + (i % 5)));
    painter.upload('all', data);
    const view = follow(DEFAULT_VIEW, data.newest, { lo: 9_998, hi: 10_003 }, 600);
    painter.draw(view, data, colors, 5);
    // Twenty quiet seconds, then a book: the book is held 5 s, then nothing is known; the
    // empty buckets' slots held the sizes of the ring's first.
    painter.upload(data.addFrame(t0 + (MAX_COLUMNS + 20) * 1_000, book(100, 3)), data);
    painter.draw({ ...view, right: data.newest! + 1 }, data, colors, 5);
    const newest = data.newest!;
    const left: string[] = [];
    for (let b = newest - 15; b < newest; b++) {
      expect(data.column(b)).toBeUndefined();
      expect(b - newest).toBeGreaterThanOrEqual(gl.uniforms.u_first!);
      for (let r = 0; r < TEXTURE_ROWS; r++)
        if (
          gl.grid[(r * MAX_COLUMNS + slot(b)) * 2] ||
          gl.grid[(r * MAX_COLUMNS + slot(b)) * 2 + 1]
        )
          left.push(`bucket ${b} texel row ${r}`);
    }
    expect(left).toEqual([]);
    expect(missing(data, view, gl)).toEqual([]);
  });
});

/**
 * The main thread's side and the worker's, joined by cloned messages, on a fake GL; the
 * worker given the overlay's canvas too where `overlay` is. `sent`: every message sent.
 */
function joinedWorker(overlay?: OffscreenCanvas) {
  const gl = fakeGl();
  const frames: (() => void)[] = [];
  const sent: GridMessage[] = [];
  const port: GridPort = {
    postMessage: (m: GridMessage) => {
      sent.push(m);
      side.receive(structuredClone(m));
    },
    onmessage: null,
    onerror: null,
    terminate: () => {},
  };
  const side = new GridWorkerSide(
    (reply: GridReply) => port.onmessage?.({ data: structuredClone(reply) }),
    (draw) => frames.push(draw),
    () => ({ painter: WebglGridPainter.create(gl.canvas)!, renderer: 'fake', readPixel() {} }),
  );
  side.receive({ type: 'init', canvas: {} as OffscreenCanvas, ...(overlay && { overlay }) });
  const painter = new OffscreenGridPainter(port, overlay !== undefined);
  const frame = () => frames.splice(0).forEach((f) => f());
  return { gl, painter, frame, sent };
}

describe('the WebGL2 path drawn in a worker', () => {
  const joined = () => joinedWorker();

  it('holds every column of a fast move, sent as they come, and says the rows a texel holds', () => {
    const { gl, painter, frame } = joined();
    const { data, t0, view } = fastMove(painter);
    painter.draw(view, data, colors, 5);
    // Drawn in the worker's next frame. One frame in flight: the page sends the next view
    // meanwhile; a second one not drawn yet holds the page until the worker has drawn.
    expect(painter.busy(() => {})).toBe(false);
    painter.draw(view, data, colors, 5);
    let idle = 0;
    expect(painter.busy(() => idle++)).toBe(true);
    frame();
    expect(idle).toBe(1);
    expect(painter.busy(() => {})).toBe(false);
    expect(missing(data, view, gl)).toEqual([]);
    expect(painter.drawn?.k).toBe(kOf(gl));
    expect(painter.drawn?.k).toBeGreaterThan(16);
    for (let i = 201; i <= 210; i++) {
      painter.upload(data.addFrame(t0 + i * 1_000, book(60_000 + i * 0.85, 2)), data);
      painter.draw({ ...view, right: data.newest! + 1 }, data, colors, 5);
      frame();
    }
    expect(missing(data, view, gl)).toEqual([]);
  });

  it('says the frame on screen is the one the worker drew, not the one it is drawing', () => {
    const { painter, frame } = joined();
    const { data, view } = quietBook(painter);
    const drawn: (number | undefined)[] = [];
    painter.onDrawn(() => drawn.push(painter.drawn?.view.right));
    painter.draw(view, data, colors, 50);
    expect(painter.drawn).toBeNull();
    frame();
    expect(painter.drawn).toEqual({ view, k: 1, epoch: data.epoch, dpr: 1 });
    // A pan: until the worker has drawn it, the cells on screen are the last frame's.
    const panned = { ...view, right: view.right - 3, center: view.center + 0.5 };
    painter.draw(panned, data, colors, 50);
    expect(painter.drawn?.view).toBe(view);
    frame();
    expect(painter.drawn?.view).toBe(panned);
    // Two sent before the worker's frame: it draws the newest, and says so once.
    painter.draw(view, data, colors, 50);
    painter.draw(panned, data, colors, 50);
    frame();
    expect(painter.drawn?.view).toBe(panned);
    expect(drawn).toEqual([view.right, panned.right, panned.right]);
  });

  it('draws only the newest view of those sent within a frame', () => {
    const { gl, painter, frame } = joined();
    const { data, view } = quietBook(painter);
    painter.draw({ ...view, right: view.right - 7 }, data, colors, 50);
    painter.draw(view, data, colors, 50);
    frame();
    // (the sample point 1/128 px right of the centre: SAMPLE_OFFSET in heatmap-view.ts)
    expect(gl.uniforms.u_right).toBeCloseTo(view.right - data.newest!, 2);
    expect(missing(data, view, gl)).toEqual([]);
  });
});

describe('the overlay drawn in the worker', () => {
  /** A 2D context that keeps the circles' centres and the labels each draw made. */
  function fake2d() {
    const drawn: { arcs: number[]; labels: string[] }[] = [];
    const canvas = { width: 0, height: 0 };
    const ctx = new Proxy({ canvas } as Record<string | symbol, unknown>, {
      get(target, key) {
        if (key in target) return target[key];
        if (key === 'clearRect') return () => drawn.push({ arcs: [], labels: [] });
        if (key === 'arc') return (x: number) => drawn.at(-1)!.arcs.push(x);
        if (key === 'fillText') return (text: string) => drawn.at(-1)!.labels.push(text);
        return () => {};
      },
      set(target, key, value) {
        target[key] = value;
        return true;
      },
    });
    return { canvas, drawn, overlay: { getContext: () => ctx } as unknown as OffscreenCanvas };
  }

  function joined() {
    const ctx = fake2d();
    return { ...joinedWorker(ctx.overlay), ctx };
  }

  const input: OverlayInput = {
    layout: { plotWidth: 800, plotHeight: 600, profileWidth: 56, axisWidth: 72, axisHeight: 18 },
    colors: {
      bid: '#0f0',
      ask: '#f00',
      trade: '#00f',
      text: '#999',
      grid: '#333',
      profile: 'rgba(0,0,255,0.5)',
      crosshair: '#fff',
    },
    format: { decimals: 2, zone: 'UTC' },
    dpr: 1,
  };

  it('sends the trades once, then only the new ones, and none when none came', () => {
    const { painter, frame, sent } = joined();
    const { data, view } = quietBook(painter);
    const t = (s: number) => ({ t: 1_000_000 + s * 1_000, price: 100, volume: 2 });
    data.addTrades([t(40), t(41)]);
    const tradesSent = () =>
      sent.flatMap((m) => (m.type === 'trades' ? [m.delta.trades.length] : []));
    painter.draw(view, data, colors, 50, input);
    frame();
    painter.draw(view, data, colors, 50, input);
    frame();
    data.addTrades([t(45)]);
    painter.draw(view, data, colors, 50, input);
    frame();
    expect(tradesSent()).toEqual([2, 1]);
  });

  it('draws the lines, rings and axes for the view its cells are drawn for, in its frame', () => {
    const { painter, frame, ctx } = joined();
    const { data, view } = quietBook(painter);
    painter.resizeOverlay(928, 618);
    expect(ctx.canvas).toEqual({ width: 928, height: 618 });
    data.addTrades([{ t: 1_000_000 + 45_000, price: 100, volume: 2 }]);
    const panned = { ...view, right: view.right - 3 };
    painter.draw(view, data, colors, 50, input);
    painter.draw(panned, data, colors, 50, input);
    expect(ctx.drawn).toEqual([]);
    frame();
    // Once, for the newest view: the frame the cells were drawn for (`drawn`).
    expect(ctx.drawn).toHaveLength(1);
    expect(painter.drawn?.view).toEqual(panned);
    expect(ctx.drawn[0]!.arcs).toEqual([xOfBucket(panned, 1_045, 800)]);
    expect(ctx.drawn[0]!.labels).toContain('100.00');
  });

  it('leaves the overlay to the page when it was not given its canvas', () => {
    const { painter, frame, sent } = joined();
    const { data, view } = quietBook(painter);
    painter.draw(view, data, colors, 50);
    frame();
    expect(sent.some((m) => m.type === 'trades' || (m.type === 'draw' && m.overlay))).toBe(false);
  });
});

describe('textureWindow', () => {
  it('keeps a window that covers the view and is fine enough', () => {
    const w = textureWindow(100, 400, null)!;
    expect(w.k).toBe(1);
    expect(w.base).toBeLessThanOrEqual(100);
    expect(w.base + TEXTURE_ROWS).toBeGreaterThan(400);
    expect(textureWindow(120, 420, w)).toBeNull();
  });

  it('groups rows a texel when the view spans more rows than the texture, and no more than it needs', () => {
    const w = textureWindow(0, 16_999, null)!;
    expect(w.k).toBeGreaterThan(16);
    expect(w.base % w.k === 0).toBe(true);
    expect(w.base).toBeLessThanOrEqual(0);
    expect(w.base + w.k * TEXTURE_ROWS).toBeGreaterThan(16_999);
    // Zoomed back in to a few hundred rows: one row a texel again.
    expect(textureWindow(8_000, 8_300, w)?.k).toBe(1);
  });
});
