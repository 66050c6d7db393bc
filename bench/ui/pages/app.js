// @ts-check
/* global document, requestAnimationFrame */
/**
 * Marketdesk's chart pane, the real component (`Chart.svelte` → ChartState →
 * ChartController → ChartView → lightweight-charts), mounted alone with a scripted
 * bridge (the panes' FakeBridge) and the app's theme. `loadCandles` answers what
 * the benchmark hands it; live candles arrive as `candles` events, as the host
 * pushes them.
 */
import { flushSync, mount, unmount } from 'svelte';
import Chart from '../../../src/renderer/src/panes/Chart.svelte';
import { FakeBridge } from '../../../src/renderer/src/base/testing/fake-bridge';
import { alertsContext } from '../../../src/renderer/src/alerts/alert-context';
import { AlertList } from '../../../src/renderer/src/alerts/alert-list.svelte';
import '../../../src/renderer/src/base/global.css';
import { themeCss } from '../../../src/renderer/src/base/theme';
import { collectGarbage, makeCandles, twoFrames } from './candles.js';
import { addStudy } from '../../../src/renderer/src/panes/chart/studies/study-ops';

/** The studies the benchmark turns on: MA, EMA and Bollinger over the price, RSI and MACD in panes. */
const STUDIES = /** @type {const} */ (['sma', 'ema', 'bb', 'rsi', 'macd']).reduce(
  (list, kind) => addStudy(list, kind),
  /** @type {ReturnType<typeof addStudy>} */ ([]),
);

const style = document.createElement('style');
style.textContent = themeCss();
document.head.append(style);

const target = /** @type {HTMLElement} */ (document.getElementById('pane'));
const SYMBOL = { class: 'crypto', region: 'BA', exchange: '', code: 'BTCUSDT' };
const SERIES = { ...SYMBOL, kType: 1 };
/** @type {Map<number, ReturnType<typeof makeCandles>>} */
const data = new Map();
const candlesOf = (/** @type {number} */ n) => {
  const c = data.get(n) ?? makeCandles(n);
  data.set(n, c);
  return c;
};

/** @param {any[]} candles */
const page = (candles) => ({
  series: SERIES,
  candles,
  atHistoryStart: false,
  offline: false,
  asOf: Date.now(),
  refreshing: false,
});

/**
 * What `loadChartEvents` answers for `candles`: nothing, or (`marked`) 500 news items
 * on about 400 bars (some bars several) and 20 marks, 19 splits (2:1) and the IPO.
 * @param {any[]} candles
 * @param {boolean} marked
 */
export function chartEvents(candles, marked) {
  const answer = { instrument: SYMBOL, splits: [], ipo: null, news: [], asOf: 1, offline: false };
  if (!marked || candles.length === 0) return answer;
  const n = candles.length;
  const at = (/** @type {number} */ k) => candles[Math.min(n - 1, Math.floor(k))].time;
  answer.news = Array.from({ length: 500 }, (_, i) => ({
    id: `n${i}`,
    title: `Story ${i} about BTCUSDT`,
    publishedAt: at((i * 4 * n) / 5 / 500) + 1_000,
    market: 'crypto',
    language: 'en',
    link: `https://news.example.com/${i}`,
    provider: 'Bench Wire',
  })).reverse();
  answer.splits = Array.from({ length: 19 }, (_, i) => ({
    date: at(((i + 1) * n) / 21),
    region: 'BA',
    code: 'BTCUSDT',
    name: 'Bitcoin',
    ratio: '1:2',
    from: 1,
    to: 2,
  }));
  answer.ipo = {
    code: 'BTCUSDT',
    company: 'Bitcoin',
    exchange: 'BA',
    region: 'BA',
    country: '',
    listingDate: at(0),
    price: null,
    priceText: '',
    marketCap: null,
    subscriptionStart: null,
    subscriptionEnd: null,
    allotmentDate: null,
  };
  return answer;
}

/**
 * Mounts a chart pane whose `loadCandles` waits until `release()` is called; with
 * `studies`, the pane shows STUDIES; `loadChartEvents` answers `events` (none unless given).
 * @param {boolean} studies
 * @param {ReturnType<typeof chartEvents>} [events]
 * @returns {Promise<{ bridge: FakeBridge, release: (candles: any[]) => void, subscriptionId: () => string, close: () => Promise<void> }>}
 */
async function mountChart(studies, events = chartEvents([], false)) {
  const bridge = new FakeBridge();
  /** @type {(page: any) => void} */
  let resolveLoad = () => undefined;
  bridge.handlers.loadCandles = () => new Promise((resolve) => (resolveLoad = resolve));
  bridge.handlers.loadChartEvents = async () => /** @type {any} */ (events);
  let subId = '';
  bridge.handlers.subscribe = async () => ({ subscriptionId: (subId = `s${Math.random()}`) });
  const pane = {
    id: 'bench-chart',
    kind: 'chart',
    title: 'Chart',
    link: null,
    symbol: SYMBOL,
    options: { kType: 1, studies: studies ? STUDIES : [], scale: 'normal', compare: [] },
  };
  const ctx = {
    bridge,
    status: null,
    settings: null,
    symbol: SYMBOL,
    pickSymbol: () => undefined,
    updateOptions: () => undefined,
    watchlists: [],
    updateWatchlist: () => undefined,
    poppedOut: false,
    onReconnect: () => () => undefined,
  };
  // The window's one alert list, which the shell would give the pane (none here).
  const context = alertsContext(new AlertList(bridge));
  const component = mount(Chart, { target, props: /** @type {any} */ ({ pane, ctx }), context });
  flushSync();
  await twoFrames();
  return {
    bridge,
    release: (candles) => resolveLoad(page(candles)),
    subscriptionId: () => subId,
    async close() {
      await unmount(component);
      await twoFrames();
    },
  };
}

/**
 * One first paint of `count` candles: from `loadCandles` answering (the data
 * arriving) to the second animation frame after it. Returns ms.
 * @param {number} count
 * @param {boolean} [studies] with MA, EMA, Bollinger, RSI and MACD
 */
async function firstPaint(count, studies = false) {
  const candles = candlesOf(count).slice();
  const chart = await mountChart(studies);
  collectGarbage();
  const t0 = performance.now();
  const painted = twoFrames();
  chart.release(candles);
  const t1 = await painted;
  await chart.close();
  return t1 - t0;
}

/**
 * Forming-candle updates on a chart of `bars` candles, one per animation frame.
 * Per update: `js` = the `candles` event handled (subscription filter, applyLive,
 * ChartView.update → lightweight-charts series.update ×2, the legend's state) plus
 * Svelte's flush of the legend (`flush`: that flush alone); `redraw` =
 * lightweight-charts' repaint in the next frame (from an animation-frame callback
 * registered before the update to one registered after it).
 * @param {number} bars
 * @param {number} updates
 * @param {boolean} [studies] with MA, EMA, Bollinger, RSI and MACD
 */
async function formingUpdates(bars, updates, studies = false) {
  const candles = candlesOf(bars).slice();
  const chart = await mountChart(studies);
  chart.release(candles);
  await twoFrames();
  await twoFrames();
  collectGarbage();
  const last = candles[candles.length - 1];
  const js = [];
  const redraw = [];
  /** @type {number[]} Svelte's share of `js`. */
  const flush = [];
  let high = last.high;
  let low = last.low;
  const payloadAt = (/** @type {number} */ i) => {
    const close = last.close + Math.sin(i / 7) * 40;
    high = Math.max(high, close);
    low = Math.min(low, close);
    const candle = { ...last, close, high, low, volume: last.volume + i, turnover: 0 };
    return { subscriptionId: chart.subscriptionId(), page: page([candle]) };
  };
  // One update per frame, each inside a frame callback: the repaint it asks for runs
  // in the next frame, between a callback registered before the update and one after.
  await new Promise((done) => {
    let before = 0;
    /** @param {number} i */
    const step = (i) => {
      if (i > 0) redraw.push(performance.now() - before);
      if (i === updates) return done(undefined);
      const payload = payloadAt(i);
      requestAnimationFrame(() => (before = performance.now()));
      const t0 = performance.now();
      chart.bridge.emit('candles', /** @type {any} */ (payload));
      const t1 = performance.now();
      flushSync();
      const t2 = performance.now();
      js.push(t2 - t0);
      flush.push(t2 - t1);
      requestAnimationFrame(() => step(i + 1));
    };
    requestAnimationFrame(() => step(0));
  });
  const shown = document.querySelector('.legend')?.textContent ?? '';
  await chart.close();
  return { js, flush, redraw, legend: shown };
}

/**
 * One first paint of `count` candles with (`marked`) or without 500 news markers and
 * 20 split and IPO marks: from `loadCandles` answering to the second animation frame
 * after it. The chart asks for its events beside its candles, and `loadChartEvents`
 * answers at once (as a cached answer does), so the candles are drawn split-adjusted
 * (19 splits) when marked. Returns ms.
 * @param {number} count
 * @param {boolean} marked
 */
async function firstPaintMarked(count, marked) {
  const candles = candlesOf(count).slice();
  const chart = await mountChart(false, chartEvents(candles, marked));
  collectGarbage();
  const t0 = performance.now();
  const painted = twoFrames();
  chart.release(candles);
  const t1 = await painted;
  // Drawn as asked: adjusted for the splits (the legend says so) only when marked.
  const legend = document.querySelector('.legend')?.textContent ?? '';
  await chart.close();
  if (marked !== legend.includes('adj.')) {
    throw new Error(`marks ${marked ? 'not drawn' : 'drawn unasked'}: legend "${legend}"`);
  }
  return t1 - t0;
}

Object.assign(globalThis, { bench: { firstPaint, firstPaintMarked, formingUpdates, ready: true } });
