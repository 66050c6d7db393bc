// @ts-check
/* global document, requestAnimationFrame */
/**
 * Bare lightweight-charts: the comparison for the chart's first paint. The same
 * series setup as the app's chart (candlestick series, volume histogram in a second
 * pane at a quarter of the height), default options otherwise, and the plain
 * conversion any page must do from the app's candles (Unix ms) to the library's
 * bars (UTC seconds, one volume colour per bar).
 */
import { CandlestickSeries, HistogramSeries, createChart } from 'lightweight-charts';
import { collectGarbage, makeCandles, twoFrames } from './candles.js';

const UP = 'rgba(38, 166, 154, 0.45)';
const DOWN = 'rgba(239, 83, 80, 0.45)';
const el = /** @type {HTMLElement} */ (document.getElementById('chart'));
/** @type {Map<number, ReturnType<typeof makeCandles>>} */
const data = new Map();

/**
 * The app's candles (Unix ms) as the library's bars and volumes (UTC seconds, one
 * colour per volume bar).
 * @param {ReturnType<typeof makeCandles>} candles
 */
function toSeries(candles) {
  const bars = new Array(candles.length);
  const volumes = new Array(candles.length);
  for (let i = 0; i < candles.length; i++) {
    const c = candles[i];
    const time = Math.floor(c.time / 1000);
    bars[i] = { time, open: c.open, high: c.high, low: c.low, close: c.close };
    volumes[i] = { time, value: c.volume, color: c.close >= c.open ? UP : DOWN };
  }
  return { bars, volumes };
}

/**
 * `count` candles, made once per count.
 * @param {number} count
 */
function candlesOf(count) {
  const candles = data.get(count) ?? makeCandles(count);
  data.set(count, candles);
  return candles;
}

/** A chart set up like the app's: candlesticks, and volume in a second pane a quarter high. */
function newChart() {
  const chart = createChart(el, { autoSize: true });
  const bars = chart.addSeries(CandlestickSeries, { borderVisible: false });
  const volume = chart.addSeries(
    HistogramSeries,
    { priceFormat: { type: 'volume' }, lastValueVisible: false, priceLineVisible: false },
    1,
  );
  chart.panes()[1]?.setStretchFactor(0.25);
  return { chart, bars, volume };
}

/**
 * One first paint of `count` candles: from just before the conversion and setData
 * to the second animation frame after it. Returns ms.
 * @param {number} count
 */
async function firstPaint(count) {
  const candles = candlesOf(count);
  const { chart, bars, volume } = newChart();
  await twoFrames();
  collectGarbage();

  const t0 = performance.now();
  const painted = twoFrames();
  const { bars: b, volumes: v } = toSeries(candles);
  bars.setData(b);
  volume.setData(v);
  const t1 = await painted;

  chart.remove();
  await twoFrames();
  return t1 - t0;
}

/**
 * The comparison for the forming candle: lightweight-charts' own `update` of the
 * last bar on both series, one per frame, timed like the app page (JS, then the
 * repaint in the next frame).
 * @param {number} bars
 * @param {number} updates
 */
async function formingUpdates(bars, updates) {
  const candles = candlesOf(bars);
  const { chart, bars: series, volume } = newChart();
  // Sized first (autoSize), as the app's chart is before its data arrives: data set
  // on a chart of width 0 would leave every bar in view.
  await twoFrames();
  const { bars: b, volumes: v } = toSeries(candles);
  series.setData(b);
  volume.setData(v);
  await twoFrames();
  await twoFrames();
  collectGarbage();
  const last = candles[candles.length - 1];
  const time = Math.floor(last.time / 1000);
  /** @type {number[]} */
  const js = [];
  /** @type {number[]} */
  const redraw = [];
  let high = last.high;
  let low = last.low;
  await new Promise((done) => {
    let before = 0;
    /** @param {number} i */
    const step = (i) => {
      if (i > 0) redraw.push(performance.now() - before);
      if (i === updates) return done(undefined);
      const close = last.close + Math.sin(i / 7) * 40;
      high = Math.max(high, close);
      low = Math.min(low, close);
      requestAnimationFrame(() => (before = performance.now()));
      const t0 = performance.now();
      series.update({ time, open: last.open, high, low, close });
      volume.update({
        time,
        value: last.volume + i,
        color: close >= last.open ? UP : DOWN,
      });
      js.push(performance.now() - t0);
      requestAnimationFrame(() => step(i + 1));
    };
    requestAnimationFrame(() => step(0));
  });
  chart.remove();
  await twoFrames();
  return { js, flush: js.map(() => 0), redraw, legend: String(last.close) };
}

Object.assign(globalThis, { bench: { firstPaint, formingUpdates, ready: true } });
