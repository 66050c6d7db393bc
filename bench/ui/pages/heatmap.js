// @ts-check
/* global document, requestAnimationFrame */
/**
 * The heatmap pane's drawing (its HeatmapPlot: WebGL2, else the 2D canvas) under the
 * issue's load: 4,800 time columns of 100 ms × 200 price rows (books of 100 levels a
 * side), then live frames at 10 Hz while the view pans and zooms every frame. Answers
 * the frame times, the main-thread work per frame and the long tasks.
 */
import { HeatmapData } from '../../../src/renderer/src/panes/heatmap/heatmap-data';
import { HeatmapPlot } from '../../../src/renderer/src/panes/heatmap/heatmap-plot';
import { MAX_COLUMNS } from '../../../src/renderer/src/panes/heatmap/heatmap-model';
import { pastOf, withPast } from '../../../src/renderer/src/panes/heatmap/heatmap-history';

const BUCKET = 100;
const LEVELS = 100;

/** @param {number} i */
function book(i) {
  // A mid that wanders a few ticks; sizes that vary by level and time.
  const mid = 50_000 + Math.round(20 * Math.sin(i / 300) + 5 * Math.sin(i / 17));
  const lv = (/** @type {number} */ price, /** @type {number} */ k) => {
    const volume = 1 + ((k * 7919 + i * 104_729) % 97) / 10;
    return { level: k + 1, price, volume, orders: volume };
  };
  return {
    symbol: 'BENCH',
    bids: Array.from({ length: LEVELS }, (_, k) => lv(mid - k, k)),
    asks: Array.from({ length: LEVELS }, (_, k) => lv(mid + 1 + k, k)),
  };
}

/** @type {((c: readonly number[] | 'all') => void) | null} */
let listener = null;
const source = {
  data: new HeatmapData(BUCKET, 1),
  /** @param {((c: readonly number[] | 'all') => void) | null} l */
  onChange(l) {
    listener = l;
  },
};
const el = /** @type {HTMLElement} */ (document.getElementById('plot'));
/** The axes' labels as a crypto pane's: two decimals, UTC. */
const FORMAT = () => ({ decimals: 2, zone: 'UTC' });

const plot = new HeatmapPlot(el, source, FORMAT);

let t = Date.UTC(2026, 10, 28, 12);
let i = 0;
for (; i < MAX_COLUMNS; i++, t += BUCKET) source.data.addFrame(t, book(i));
listener?.('all');
// Trades: one every 250 ms.
source.data.addTrades(
  Array.from({ length: MAX_COLUMNS / 2.5 }, (_, k) => ({
    t: t - MAX_COLUMNS * BUCKET + k * 250,
    price: 50_000 + (k % 7) - 3,
    volume: 0.1 + (k % 13) / 5,
  })),
);

/** @type {number[]} */
const long = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) long.push(e.duration);
}).observe({ type: 'longtask', buffered: false });

/** @param {number[]} xs */
function p95(xs) {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor(s.length * 0.95))] ?? 0;
}

/**
 * Runs `seconds` of live frames at 10 Hz with a pan or zoom every animation frame. The
 * plot draws a frame when the last one is done (in its worker where it has one), so its
 * frames per second are the plot's, not the page's; the main-thread work is that of the
 * animation frames in which it drew. The pane draws its cells at half resolution while
 * the view moves when full frames are slow (motion-resolution.ts); `full` turns that off
 * for the run, so every frame is drawn in full.
 * @param {number} seconds
 * @param {boolean} [full]
 */
async function run(seconds, full = false) {
  plot.motion.enabled = !full;
  try {
    return await frames(seconds);
  } finally {
    plot.motion.enabled = true;
  }
}

/** @param {number} seconds */
async function frames(seconds) {
  /** @type {number[]} */
  const frames = [];
  /** @type {number[]} */
  const work = [];
  long.length = 0;
  const start = performance.now();
  let lastDrawn = start;
  let lastPush = start;
  let phase = 0;
  let pageFrames = 0;
  let drawn = plot.stats.drawMs;
  let drawnFrames = plot.stats.frames;
  const frames0 = drawnFrames;
  const shown0 = Number(el.dataset.framesDrawn ?? 0);
  const reduced0 = plot.stats.reduced;
  await new Promise((done) => {
    const step = (/** @type {number} */ now) => {
      const w0 = performance.now();
      pageFrames++;
      // The plot drew (or not) in its own animation frame callback, just before this one.
      const drew = plot.stats.frames > drawnFrames;
      const draw = plot.stats.drawMs - drawn;
      if (now - lastPush >= 100) {
        lastPush = now;
        t += BUCKET;
        listener?.(source.data.addFrame(t, book(i++)));
      }
      // Pan and zoom, both axes, in turn (the view leaves the live edge).
      phase++;
      const v = plot.view;
      const k = phase % 120;
      plot.setView({
        ...v,
        live: false,
        centred: false,
        right: v.right + (k < 60 ? -2 : 2),
        center: v.center + (k < 30 || k >= 90 ? 0.5 : -0.5),
        columnPx: Math.min(3, Math.max(0.25, v.columnPx * (k < 60 ? 1.01 : 0.99))),
        rowPx: Math.min(6, Math.max(2, v.rowPx * (k % 40 < 20 ? 1.01 : 0.99))),
      });
      if (drew) {
        work.push(performance.now() - w0 + draw);
        frames.push(now - lastDrawn);
        lastDrawn = now;
      }
      drawn = plot.stats.drawMs;
      drawnFrames = plot.stats.frames;
      if (now - start < seconds * 1000) requestAnimationFrame(step);
      else done(undefined);
    };
    requestAnimationFrame(step);
  });
  const elapsed = (performance.now() - start) / 1000;
  const shown = Number(el.dataset.framesDrawn ?? 0) - shown0;
  return {
    path: plot.path,
    worker: 'finished' in plot.painter,
    // Frames drawn on the plot (its worker's, where it has one: those it said were
    // committed), not views the page sent it: a view sent while the worker was still
    // drawing is replaced by the next and never drawn.
    fps: shown / elapsed,
    // The share of them drawn at half resolution (the view moving on a slow GPU).
    reducedShare: shown > 0 ? (plot.stats.reduced - reduced0) / shown : 0,
    sentFps: (plot.stats.frames - frames0) / elapsed,
    pageFps: pageFrames / elapsed,
    frameP95: p95(frames.slice(1)),
    workP95: p95(work),
    workMedian: [...work].sort((a, b) => a - b)[Math.floor(work.length / 2)] ?? 0,
    longTasks: long.length,
    longest: Math.max(0, ...long),
    columns: MAX_COLUMNS,
    rows: 2 * LEVELS,
    uploads: 'uploads' in plot.painter ? plot.painter.uploads : null,
  };
}

/**
 * Waits until the GPU has finished what `p` drew, and answers when it had (this page's
 * `performance.now()` clock): its worker asked (the worker's time of it: the main
 * thread may take the answer a frame later), or a pixel of its WebGL2 canvas read back
 * here (its context, made by the painter: asking again gives it).
 * @param {HeatmapPlot} p
 * @param {HTMLElement} host
 * @returns {Promise<number>}
 */
async function finished(p, host) {
  const painter = /** @type {any} */ (p.painter);
  if (typeof painter.finished === 'function')
    return (await painter.finished()) - performance.timeOrigin;
  if (p.path === 'webgl2') {
    const gl = /** @type {HTMLCanvasElement} */ (host.querySelector('canvas')).getContext('webgl2');
    gl?.readPixels(0, 0, 1, 1, gl.RGBA, gl.UNSIGNED_BYTE, new Uint8Array(4));
  }
  return performance.now();
}

/**
 * The first paint of a recorded past as the pane makes it: its plot is already made (the
 * pane opens before the answer comes); the bridge's first answer (the buckets the view
 * shows; JSON text, as the browser host's socket carries it) parsed, its frames and
 * trades made a fresh HeatmapData, every column sent to the GPU, drawn, and the GPU
 * waited for (one pixel read back). Then the rest of the span (`rest`, when the view
 * does not show it all) merged under it and drawn again, as the pane does after.
 * Answers the milliseconds of each step.
 * @param {string} json
 * @param {string | null} rest
 */
async function firstPaint(json, rest) {
  const host = document.createElement('div');
  host.style.cssText = 'position:absolute;left:0;top:0;width:1200px;height:700px';
  document.body.append(host);
  /** @type {((c: readonly number[] | 'all') => void) | null} */
  let changed = null;
  const pane = {
    data: new HeatmapData(1_000, 1),
    /** @param {((c: readonly number[] | 'all') => void) | null} l */
    onChange(l) {
      changed = l;
    },
  };
  const second = new HeatmapPlot(host, pane, FORMAT);
  second.draw();
  await new Promise((r) => requestAnimationFrame(r));
  // The plot's own setup (its texture allocated and cleared) done on the GPU side too:
  // a pane's plot is made when it mounts, long before its past's answer comes.
  await finished(second, host);
  const t0 = performance.now();
  const history = JSON.parse(json);
  const past = pastOf(history);
  const t1 = performance.now();
  const data = withPast(new HeatmapData(history.bucketMs, 1), past, 1);
  const t2 = performance.now();
  pane.data = data;
  /** @type {any} */ (changed)?.('all');
  second.draw();
  const t3 = await finished(second, host);
  let columns = past.frames.length;
  let restMs = 0;
  if (rest) {
    await new Promise((r) => requestAnimationFrame(r));
    const r0 = performance.now();
    const older = pastOf(JSON.parse(rest));
    pane.data = withPast(pane.data, older, 1);
    /** @type {any} */ (changed)?.('all');
    second.draw();
    restMs = (await finished(second, host)) - r0;
    columns += older.frames.length;
  }
  const path = second.path;
  second.dispose();
  host.remove();
  return {
    parseMs: t1 - t0,
    buildMs: t2 - t1,
    paintMs: t3 - t2,
    totalMs: t3 - t0,
    restMs,
    firstColumns: past.frames.length,
    columns,
    path,
  };
}

/** The columns a 1,200 px wide pane's plot shows at the default zoom (its past's first ask). */
function visibleColumns() {
  const host = document.createElement('div');
  host.style.cssText = 'position:absolute;left:0;top:0;width:1200px;height:700px';
  document.body.append(host);
  const p = new HeatmapPlot(host, { data: new HeatmapData(1_000, 1), onChange() {} }, FORMAT);
  const n = p.visibleColumns();
  p.dispose();
  host.remove();
  return n;
}

/**
 * Where a frame's time goes, frame by frame without the animation loop: the plot's draw
 * on the main thread (our JavaScript and the canvas and GL calls it makes), then the
 * wait for the GPU side to finish that frame (a pixel of each canvas read back: the
 * WebGL cells, and the 2D overlay where the browser rasterises it on the GPU). Under
 * headless Chromium the GPU is SwiftShader, a CPU emulation: that wait is its cost.
 * Every frame in full (the frames are a motion: the plot would draw them at half
 * resolution on a slow GPU).
 * @param {number} frames
 */
async function gpuSplit(frames) {
  plot.motion.enabled = false;
  try {
    return await split(frames);
  } finally {
    plot.motion.enabled = true;
  }
}

/** @param {number} frames */
async function split(frames) {
  const canvases = /** @type {HTMLCanvasElement[]} */ ([...el.querySelectorAll('canvas')]);
  const painter = /** @type {any} */ (plot.painter);
  const gl =
    typeof painter.finished === 'function' ? null : (canvases[0]?.getContext('webgl2') ?? null);
  // The overlay's canvas, where the page draws it (a worker's is waited for with its cells).
  const ctx = painter.drawsOverlay ? null : (canvases[1]?.getContext('2d') ?? null);
  /** @type {number[]} */
  const draw = [];
  /** @type {number[]} */
  const wait = [];
  for (let k = 0; k < frames; k++) {
    if (k % 3 === 0) {
      t += BUCKET;
      listener?.(source.data.addFrame(t, book(i++)));
    }
    const v = plot.view;
    plot.setView({ ...v, live: false, centred: false, right: v.right + (k % 2 ? 1 : -1) });
    const t0 = performance.now();
    plot.draw();
    const t1 = performance.now();
    await finished(plot, el);
    ctx?.getImageData(0, 0, 1, 1);
    wait.push(performance.now() - t1);
    draw.push(t1 - t0);
  }
  const median = (/** @type {number[]} */ xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1] ?? 0;
  return {
    renderer: painter.renderer || (gl ? rendererOf(gl) : plot.path),
    drawMedian: median(draw),
    drawP95: p95(draw),
    gpuMedian: median(wait),
    gpuP95: p95(wait),
  };
}

/**
 * The GL renderer's own name (the unmasked one where the browser tells it: SwiftShader
 * under headless Chromium), else the masked one.
 * @param {WebGL2RenderingContext} gl
 */
function rendererOf(gl) {
  const info = gl.getExtension('WEBGL_debug_renderer_info');
  return String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
}

/**
 * `run` with the plot's box `width` × `height` px (then put back): the same load on the
 * pane a trader has in a smaller window.
 * @param {number} width
 * @param {number} height
 * @param {number} seconds
 * @param {boolean} [full]
 */
async function runIn(width, height, seconds, full = false) {
  const { width: w0, height: h0 } = el.style;
  el.style.width = `${width}px`;
  el.style.height = `${height}px`;
  // The plot's resize observer has run, and a frame of the new size is drawn.
  await run(0.5);
  try {
    return await run(seconds, full);
  } finally {
    el.style.width = w0;
    el.style.height = h0;
  }
}

/** @type {any} */ (globalThis).bench = {
  ready: true,
  run,
  runIn,
  firstPaint,
  gpuSplit,
  visibleColumns,
};
