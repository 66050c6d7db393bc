/**
 * Screenshots of the chart pane in the default layout at 1024 px (its narrowest
 * slot), with its furniture: Bollinger, RSI and MACD on AAPL 1d with their legend,
 * the studies panel open, two drawings with the drawing list and the selected
 * drawing's editor open, and the compare panel. Not a spec; run it by hand after a
 * change to the chart's furniture and look at the pictures:
 *
 *   npx electron-vite build && npx tsx e2e/chart-screens.ts [output folder]
 *
 * Writes `chart-<state>.png` (default folder: test-results/screens) and prints, per
 * shot, any piece of furniture that lies over the candles (e2e/support/layout.ts).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { furnitureOverCandles } from './support/layout';
import { ROOT } from './support/processes';
import { runScript, stillShot, withWorkspace } from './support/shots';
import {
  addStudies,
  chartLegend,
  clickOnChart,
  drawOnChart,
  expectChartData,
  paneBody,
  quoteRow,
  slot,
} from './support/ui';
import { PREMIUM_BUDGET } from './support/workspace';

const WIDTH = 1024;
const HEIGHT = 768;
const out = path.resolve(process.argv[2] ?? path.join(ROOT, 'test-results', 'screens'));

async function shoot(page: Page, name: string): Promise<void> {
  await stillShot(page, path.join(out, `chart-${name}.png`), slot(page, 'Chart'));
  for (const line of await furnitureOverCandles(paneBody(page, 'Chart'))) {
    console.log(`  over the candles: ${line}`);
  }
}

async function main(): Promise<void> {
  mkdirSync(out, { recursive: true });
  const viewport = { width: WIDTH, height: HEIGHT };
  await withWorkspace({ settings: PREMIUM_BUDGET, viewport }, async (page) => {
    const chart = paneBody(page, 'Chart');
    await expectChartData(page);
    await quoteRow(page, 'AAPL US stock').click();
    await chart.getByRole('button', { name: '1d', exact: true }).click();
    await expectChartData(page);

    const panel = await addStudies(page, ['BB', 'RSI', 'MACD']);
    await expect(chartLegend(page)).toContainText(/MACD 12 26 9\s*−?-?\d/, { timeout: 20_000 });
    await shoot(page, 'studies-panel');
    await panel.getByRole('button', { name: 'Close studies' }).click();
    await shoot(page, 'legend-studies');

    await drawOnChart(page, 'Horizontal line', [[0.5, 0.2]]);
    await drawOnChart(page, 'Trend line', []);
    await shoot(page, 'drawing-hint');
    await clickOnChart(page, [
      [0.1, 0.6],
      [0.7, 0.32],
    ]);
    await chart.getByRole('button', { name: '2 drawings' }).click();
    await chart
      .getByRole('list', { name: /^Drawings on / })
      .getByRole('button', { name: /^Horizontal line/ })
      .click();
    await expect(chart.getByRole('group', { name: /^Selected drawing/ })).toBeVisible();
    await shoot(page, 'drawings-open');

    await chart.getByRole('button', { name: /^Compare/ }).click();
    await shoot(page, 'compare-panel');
  });
}

runScript(main);
