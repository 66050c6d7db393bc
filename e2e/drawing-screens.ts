/**
 * A screenshot of a chart with every kind of drawing, one of them selected (its handles
 * and the editor showing), in both themes. Not a spec; run it by hand after a change to
 * the drawings and look at the pictures:
 *
 *   npx electron-vite build && npx tsx e2e/drawing-screens.ts [output folder]
 *
 * Writes `drawings-<theme>.png` (default folder: test-results/screens).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, expect, type Page } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './support/chromium';
import { ROOT } from './support/processes';
import { expectChartData, paneBody, setTheme } from './support/ui';
import { PREMIUM_BUDGET, closeWorkspace, openWorkspace } from './support/workspace';

const out = path.resolve(process.argv[2] ?? path.join(ROOT, 'test-results', 'screens'));

/** Uses a tool: a click per point, each given as fractions of the price pane. */
async function draw(page: Page, tool: string, points: [number, number][]): Promise<void> {
  const chart = paneBody(page, 'Chart');
  await chart
    .getByRole('toolbar', { name: 'Drawing tools' })
    .getByRole('button', { name: tool })
    .click();
  const box = await chart.getByRole('application').boundingBox();
  if (!box) throw new Error('the chart has no box');
  for (const [fx, fy] of points) {
    await page.mouse.click(box.x + 60 + (box.width - 160) * fx, box.y + box.height * 0.7 * fy);
  }
}

async function main(): Promise<void> {
  mkdirSync(out, { recursive: true });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
  const app = await openWorkspace(browser, {
    settings: PREMIUM_BUDGET,
    viewport: { width: 1600, height: 900 },
    mode: 'DEMO DATA',
  });
  try {
    const { page } = app;
    await expectChartData(page);
    await draw(page, 'Horizontal line', [[0.5, 0.25]]);
    await draw(page, 'Trend line', [
      [0.1, 0.85],
      [0.45, 0.35],
    ]);
    await draw(page, 'Ray', [
      [0.3, 0.9],
      [0.5, 0.7],
    ]);
    await draw(page, 'Rectangle', [
      [0.55, 0.4],
      [0.7, 0.65],
    ]);
    await draw(page, 'Fibonacci retracement', [
      [0.72, 0.85],
      [0.9, 0.3],
    ]);
    await draw(page, 'Text note', [[0.2, 0.15]]);
    const chart = paneBody(page, 'Chart');
    await chart.getByRole('textbox', { name: 'Note text' }).fill('Breakout watch');
    await chart.getByRole('textbox', { name: 'Note text' }).press('Enter');
    await chart.getByRole('button', { name: /^\d+ drawings?$/ }).click();
    await chart
      .getByRole('list', { name: /^Drawings on / })
      .getByRole('button', { name: /^Rectangle/ })
      .click();
    await chart.getByRole('radio', { name: 'Orange' }).click();
    await expect(
      chart.getByRole('list', { name: /^Drawings on / }).getByRole('button'),
    ).toHaveCount(6);
    for (const theme of ['dark', 'light'] as const) {
      await setTheme(page, theme);
      await page.mouse.move(0, 899);
      await page.waitForTimeout(1_200);
      const file = path.join(out, `drawings-${theme}.png`);
      await page.getByRole('region', { name: 'Chart' }).first().screenshot({ path: file });
      console.log(`wrote ${path.relative(ROOT, file)}`);
    }
  } finally {
    await closeWorkspace(app);
    await browser.close();
  }
}

await main();
