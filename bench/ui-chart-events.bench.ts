/**
 * The chart pane's first paint with its events (issue 27), in Debian's Chromium: 5,500
 * candles (the most a live chart holds) with 500 news markers on ~400 bars and 20
 * split and IPO marks (the candles split-adjusted for the 19 splits), against the same
 * chart whose `loadChartEvents` answers nothing, alternating in one run, each after a
 * full GC; median of `UI_CHART_RUNS` (default 15) after a warm-up each. From the
 * candles arriving to the second animation frame after the marks were drawn.
 * Goal: marked ≤ 1.1× unmarked.
 */
import type { Page } from 'playwright-core';
import type { Benchmark } from './harness';
import { median } from './harness';
import { openBenchPage, withChartPages } from './ui/chart-pages';
import { MAX_BARS, TRIM_SLACK } from '../src/renderer/src/panes/chart/candle-series';

const BARS = MAX_BARS + TRIM_SLACK;
const RUNS = Number(process.env.UI_CHART_RUNS ?? 15);
const GOAL = 1.1;

interface MarkedPage {
  bench: { ready: boolean; firstPaintMarked(count: number, marked: boolean): Promise<number> };
}

async function paint(page: Page, marked: boolean): Promise<number> {
  await page.bringToFront();
  return page.evaluate(
    ([n, m]) => (globalThis as unknown as MarkedPage).bench.firstPaintMarked(n, m),
    [BARS, marked] as const,
  );
}

const bench: Benchmark = {
  title: `Chart first paint with news, split and IPO marks (${BARS.toLocaleString('en-US')} bars)`,
  run: () =>
    withChartPages(async ({ origin, context }) => {
      const page = await context.newPage();
      await openBenchPage(page, `${origin}/app.html`);
      await paint(page, false);
      await paint(page, true);
      const plain: number[] = [];
      const marked: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        plain.push(await paint(page, false));
        marked.push(await paint(page, true));
      }
      const a = median(plain);
      const b = median(marked);
      const ratio = b / a;
      console.error(
        `[ui-chart-events] samples ms: plain ${plain.map((x) => x.toFixed(0)).join(' ')}; ` +
          `marked ${marked.map((x) => x.toFixed(0)).join(' ')}`,
      );
      return [
        { name: `first paint, no marks, median of ${RUNS}`, value: a, unit: 'ms' },
        {
          name: `500 news markers + 20 split/IPO marks, adjusted, median of ${RUNS}`,
          value: b,
          unit: 'ms',
        },
        {
          name: 'marked ÷ unmarked',
          value: ratio,
          unit: '×',
          ratio: `${ratio.toFixed(2)}×`,
          goal: `≤ ${GOAL}×`,
          pass: ratio <= GOAL,
        },
      ];
    }),
};

export default bench;
