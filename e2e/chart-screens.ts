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
import { chromium, expect } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './support/chromium';
import { furnitureOverCandles } from './support/layout';
import { ROOT } from './support/processes';
import { chartLegend, expectChartData, paneBody, quoteRow, slot } from './support/ui';
import { PREMIUM_BUDGET, closeWorkspace, openWorkspace } from './support/workspace';

const WIDTH = 1024;
const HEIGHT = 768;
const out = path.resolve(process.argv[2] ?? path.join(ROOT, 'test-results', 'screens'));

async function shoot(page: Page, name: string): Promise<void> {
  await page.mouse.move(0, HEIGHT - 1);
  await page.waitForTimeout(1_200);
  const file = path.join(out, `chart-${name}.png`);
  await slot(page, 'Chart').screenshot({ path: file });
  console.log(`wrote ${path.relative(ROOT, file)}`);
  for (const line of await furnitureOverCandles(paneBody(page, 'Chart'))) {
    console.log(`  over the candles: ${line}`);
  }
}

async function main(): Promise<void> {
  mkdirSync(out, { recursive: true });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_FLAGS, '--hide-scrollbars'],
  });
  const app = await openWorkspace(browser, {
    settings: PREMIUM_BUDGET,
    viewport: { width: WIDTH, height: HEIGHT },
    mode: 'DEMO DATA',
  });
  try {
    const { page } = app;
    const chart = paneBody(page, 'Chart');
    await expectChartData(page);
    await quoteRow(page, 'AAPL US stock').click();
    await chart.getByRole('button', { name: '1d', exact: true }).click();
    await expectChartData(page);

    await chart.getByRole('button', { name: /^Studies/ }).click();
    const panel = chart.getByRole('dialog', { name: 'Studies' });
    for (const label of ['BB', 'RSI', 'MACD']) {
      await panel.getByRole('combobox', { name: 'Study to add' }).selectOption({ label });
      await panel.getByRole('button', { name: 'Add', exact: true }).click();
    }
    await expect(chartLegend(page)).toContainText(/MACD 12 26 9\s*−?-?\d/, { timeout: 20_000 });
    await shoot(page, 'studies-panel');
    await panel.getByRole('button', { name: 'Close studies' }).click();
    await shoot(page, 'legend-studies');

    const tools = chart.getByRole('toolbar', { name: 'Drawing tools' });
    const box = (await chart.getByRole('application').boundingBox())!;
    const at = (fx: number, fy: number) =>
      page.mouse.click(box.x + 20 + (box.width - 100) * fx, box.y + box.height * 0.5 * fy);
    await tools.getByRole('button', { name: 'Horizontal line' }).click();
    await at(0.5, 0.3);
    await tools.getByRole('button', { name: 'Trend line' }).click();
    await shoot(page, 'drawing-hint');
    await at(0.1, 0.85);
    await at(0.7, 0.45);
    await tools.getByRole('button', { name: '2 drawings' }).click();
    await chart
      .getByRole('list', { name: /^Drawings on / })
      .getByRole('button', { name: /^Horizontal line/ })
      .click();
    await expect(chart.getByRole('group', { name: /^Selected drawing/ })).toBeVisible();
    await shoot(page, 'drawings-open');

    await chart.getByRole('button', { name: /^Compare/ }).click();
    await shoot(page, 'compare-panel');
  } finally {
    await closeWorkspace(app);
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
