/**
 * The chart pane in Debian's Chromium (headless, via playwright-core).
 *
 * 1. First paint of 50,000 candles, side by side in the same run:
 *    (a) bare lightweight-charts: candlestick series + volume histogram (second pane),
 *        default options, fed the same candles (converted ms → s, volume coloured);
 *    (b) Marketdesk's chart pane itself (`Chart.svelte` → ChartController → ChartView),
 *        mounted alone with a scripted bridge whose `loadCandles` answers the 50,000.
 *    Both: from the data arriving (conversion + setData, resp. `loadCandles`
 *    resolving) to the second animation frame after it. Each run builds a new chart;
 *    runs alternate a/b, each after a full GC; median of `UI_CHART_RUNS` (default 15)
 *    after one warm-up each.
 *    NB: in the app a first load asks for 500 candles (PAGE) and the series is bounded
 *    to 5,000 (MAX_BARS); 50,000 only reach the chart if `loadCandles` returns them.
 * 2. Forming-candle updates on the pane at its bound, MAX_BARS + TRIM_SLACK bars (the
 *    most a live chart holds before it trims), one per animation frame: JS per update
 *    (the `candles` event through the pane's subscription, applyLive,
 *    ChartView.update, Svelte's flush of the legend) and lightweight-charts' repaint
 *    in the next frame, reported apart, beside bare lightweight-charts' own
 *    `series.update` on the same bars. Also at 500 bars (a first load). And bare
 *    lightweight-charts alone at 10,000 and 50,000 bars, beyond the pane's bound:
 *    the growth that sets it (the pane itself would trim to its bound there).
 *
 * 3. The same two with studies on — MA 20, EMA 21, Bollinger 20/2 over the price, RSI 14
 *    and MACD 12/26/9 in panes of their own (trading-signals, the forming bar stepped
 *    with `replace`): first paint (c) in the same alternation as (a) and (b), goal
 *    ≤ 1.3× bare; forming-candle updates at the bound, goal ≤ 1 ms, beside the
 *    figure without studies.
 *
 * `UI_UPDATES` (default 1000) sets the updates at the bound; the others use 300.
 */
import type { Page } from 'playwright-core';
import type { Benchmark, BenchRow } from './harness';
import { median, percentile } from './harness';
import { openBenchPage, withChartPages } from './ui/chart-pages';
import { MAX_BARS, TRIM_SLACK } from '../src/renderer/src/panes/chart/candle-series';

const CANDLES = 50_000;
const RUNS = Number(process.env.UI_CHART_RUNS ?? 15);
const UPDATES = Number(process.env.UI_UPDATES ?? 1000);
/** The most bars a live chart pane holds. */
const BOUND = MAX_BARS + TRIM_SLACK;

interface PageBench {
  bench: {
    ready: boolean;
    firstPaint(count: number, studies?: boolean): Promise<number>;
    formingUpdates(bars: number, updates: number, studies?: boolean): Promise<UpdateRun>;
  };
}

const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;

/** A page in the background gets no animation frames: bring it to the front first. */
async function firstPaint(page: Page, n: number, studies = false): Promise<number> {
  await page.bringToFront();
  return page.evaluate(
    ([count, s]) => (globalThis as unknown as PageBench).bench.firstPaint(count, s),
    [n, studies] as const,
  );
}

interface UpdateRun {
  js: number[];
  /** Svelte's flush, part of `js`. */
  flush: number[];
  redraw: number[];
  legend: string;
}

async function runUpdates(
  page: Page,
  bars: number,
  n: number,
  studies = false,
): Promise<UpdateRun> {
  await page.bringToFront();
  return page.evaluate(
    ([b, u, s]) => (globalThis as unknown as PageBench).bench.formingUpdates(b, u, s),
    [bars, n, studies] as const,
  );
}

const STUDIES = 'MA, EMA, BB, RSI, MACD';

/** Forming-candle updates at the bound with the studies on, beside the figure without. */
async function studyUpdates(
  app: Page,
  bars: number,
  n: number,
  without: number,
): Promise<BenchRow> {
  const r = await runUpdates(app, bars, n, true);
  if (!/RSI 14\s*\d/.test(r.legend)) throw new Error(`legend shows no RSI: "${r.legend}"`);
  const js = mean(r.js);
  return {
    name: `forming-candle update JS, pane with ${STUDIES}, mean (${barsLabel(bars)}, ${n})`,
    value: js,
    unit: 'ms',
    ratio: `${(js / without).toFixed(2)}× without studies`,
    goal: '≤ 1 ms',
    pass: js <= 1,
  };
}

const vs = (x: number, y: number) => `${(x / y).toFixed(2)}× bare`;
const barsLabel = (bars: number) => `${bars.toLocaleString('en-US')} bars`;

/** Forming-candle updates at `bars`: bare lightweight-charts, then the app's pane. */
async function updates(bare: Page, app: Page, bars: number, n: number): Promise<BenchRow[]> {
  const base = await runUpdates(bare, bars, n);
  const r = await runUpdates(app, bars, n);
  if (!/\d/.test(r.legend)) throw new Error(`legend shows no price after updates: "${r.legend}"`);
  const label = barsLabel(bars);
  const main = bars === BOUND;
  return [
    {
      name: `forming-candle update JS, bare lightweight-charts, mean (${label}, ${n})`,
      value: mean(base.js),
      unit: 'ms',
    },
    {
      name: `forming-candle update JS, Marketdesk pane, mean (${label}, ${n})`,
      value: mean(r.js),
      unit: 'ms',
      ratio: vs(mean(r.js), mean(base.js)),
      ...(main ? { goal: '≤ 1 ms', pass: mean(r.js) <= 1 } : {}),
    },
    {
      name: `forming-candle update JS, Marketdesk pane, p95 (${label})`,
      value: percentile(r.js, 95),
      unit: 'ms',
      ratio: vs(percentile(r.js, 95), percentile(base.js, 95)),
    },
    {
      name: `  of which Svelte's flush (legend, badge), mean (${label})`,
      value: mean(r.flush),
      unit: 'ms',
    },
    {
      name: `repaint in the next frame, Marketdesk pane, mean (${label})`,
      value: mean(r.redraw),
      unit: 'ms',
      ratio: vs(mean(r.redraw), mean(base.redraw)),
    },
  ];
}

/** Bare lightweight-charts alone at a size beyond the pane's bound. */
async function bareUpdates(bare: Page, bars: number, n: number): Promise<BenchRow> {
  const base = await runUpdates(bare, bars, n);
  return {
    name: `forming-candle update JS, bare lightweight-charts, mean (${barsLabel(bars)}, ${n})`,
    value: mean(base.js),
    unit: 'ms',
  };
}

/**
 * First paint at the most bars a chart pane holds (BOUND): bare lightweight-charts
 * without studies, the pane without and with the studies, alternating, median of RUNS.
 * The pane never draws more than this (a first load is 500 bars, paging and live bars
 * are trimmed to it), so this is where the studies' goal is judged; the 50,000 above
 * is the stress figure beyond it. Bare lightweight-charts runs on its defaults, whose
 * price axis widens when the first prices arrive and resizes every canvas; the pane
 * sets a least axis width and skips that, so the studies' own cost is also given
 * against the pane without them.
 */
async function boundPaints(bare: Page, app: Page): Promise<BenchRow[]> {
  const a: number[] = [];
  const b: number[] = [];
  const c: number[] = [];
  await firstPaint(bare, BOUND);
  await firstPaint(app, BOUND, true);
  for (let i = 0; i < RUNS; i++) {
    a.push(await firstPaint(bare, BOUND));
    b.push(await firstPaint(app, BOUND));
    c.push(await firstPaint(app, BOUND, true));
  }
  const label = barsLabel(BOUND);
  const ratio = median(c) / median(a);
  return [
    {
      name: `first paint, bare lightweight-charts (${label}), median of ${RUNS}`,
      value: median(a),
      unit: 'ms',
    },
    {
      name: `first paint, Marketdesk chart pane (${label}), median of ${RUNS}`,
      value: median(b),
      unit: 'ms',
      ratio: vs(median(b), median(a)),
    },
    {
      name: `first paint, pane with ${STUDIES} (${label}), median of ${RUNS}`,
      value: median(c),
      unit: 'ms',
      ratio: `${vs(median(c), median(a))}, ${(median(c) / median(b)).toFixed(2)}× without studies`,
      goal: '≤ 1.3× bare',
      pass: ratio <= 1.3,
    },
  ];
}

const benchmark: Benchmark = {
  title: 'Chart pane in Chromium: first paint of 50,000 candles; forming-candle updates',
  run: () =>
    withChartPages(async ({ origin, context }) => {
      const bare = await context.newPage();
      const app = await context.newPage();
      await openBenchPage(bare, `${origin}/bare.html`);
      await openBenchPage(app, `${origin}/app.html`);

      await firstPaint(bare, CANDLES);
      await firstPaint(app, CANDLES);
      await firstPaint(app, CANDLES, true);
      const a: number[] = [];
      const b: number[] = [];
      const c: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        a.push(await firstPaint(bare, CANDLES));
        b.push(await firstPaint(app, CANDLES));
        c.push(await firstPaint(app, CANDLES, true));
      }
      const ratio = median(b) / median(a);
      const studyRatio = median(c) / median(a);
      const rows: BenchRow[] = [
        {
          name: `first paint, bare lightweight-charts, median of ${RUNS}`,
          value: median(a),
          unit: 'ms',
        },
        {
          name: `first paint, Marketdesk chart pane, median of ${RUNS}`,
          value: median(b),
          unit: 'ms',
          ratio: `${ratio.toFixed(2)}× bare`,
          goal: '≤ 1.2× bare',
          pass: ratio <= 1.2,
        },
        {
          name: `first paint, Marketdesk chart pane with ${STUDIES}, median of ${RUNS}`,
          value: median(c),
          unit: 'ms',
          ratio: `${studyRatio.toFixed(2)}× bare (beyond the pane's bound)`,
        },
      ];
      rows.push(...(await boundPaints(bare, app)));
      const bound = await updates(bare, app, BOUND, UPDATES);
      rows.push(...bound);
      rows.push(await studyUpdates(app, BOUND, UPDATES, bound[1]!.value));
      rows.push(...(await updates(bare, app, 500, 300)));
      // Beyond the bound, for the growth that sets it: the pane would trim there.
      rows.push(await bareUpdates(bare, 10_000, 300));
      rows.push(await bareUpdates(bare, 50_000, 300));
      console.error(
        `[ui-chart] first paint samples ms: bare ${a.map((x) => x.toFixed(0)).join(' ')}; ` +
          `app ${b.map((x) => x.toFixed(0)).join(' ')}; ` +
          `app with studies ${c.map((x) => x.toFixed(0)).join(' ')}`,
      );
      return rows;
    }),
};

export default benchmark;
