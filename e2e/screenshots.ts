/**
 * The README screenshots: the default workspace in demo mode, dark and light,
 * 1600×900, once the panes have data; then its chart with MA and Bollinger over the
 * price, a horizontal line and a trend line drawn on it, and RSI and MACD in panes
 * of their own. Not a spec (Playwright's test runner
 * does not pick it up); run it by hand after a UI change:
 *
 *   npx electron-vite build && npx tsx e2e/screenshots.ts
 *
 * Writes docs/screenshot-dark.png, docs/screenshot-light.png and docs/chart-studies.png.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { ROOT } from './support/processes';
import { runScript, stillShot, withWorkspace } from './support/shots';
import {
  addStudies,
  chartLegend,
  drawOnChart,
  expectDefaultLayoutData,
  paneBody,
  setTheme,
  slot,
} from './support/ui';

const THEMES = ['dark', 'light'] as const;

/** Waits until every pane of the default layout shows data and nothing is loading. */
async function waitForData(page: Page): Promise<void> {
  await expectDefaultLayoutData(page);
  // Default settings fit the demo budget: the status bar warns of no slowed polling.
  await expect(page.getByRole('contentinfo', { name: 'Status' })).not.toContainText(
    'polling slowed',
  );
  // No loading badges left anywhere.
  await expect(page.getByRole('status').filter({ hasText: 'loading' })).toHaveCount(0);
}

/** The chart pane with `labels` added from its studies panel, shot alone. */
async function chartWithStudies(page: Page, labels: string[]): Promise<void> {
  const panel = await addStudies(page, labels);
  await panel.getByRole('button', { name: 'Close studies' }).click();
  await expect(chartLegend(page)).toContainText(/MACD 12 26 9\s*−?-?\d/, { timeout: 20_000 });
  // Two drawings over the price: a horizontal line and a trend line, with the tools.
  await drawOnChart(page, 'Horizontal line', [[0.55, 0.24]]);
  await drawOnChart(page, 'Trend line', [
    [0.1, 0.67],
    [0.7, 0.35],
  ]);
  const chart = paneBody(page, 'Chart');
  await expect(chart.getByRole('button', { name: '2 drawings' })).toBeVisible();
  // The new trend line is selected: Escape leaves it (the picture shows the chart alone).
  await page.keyboard.press('Escape');
  await stillShot(page, path.join(ROOT, 'docs', 'chart-studies.png'), slot(page, 'Chart'), 1_000);
}

runScript(() =>
  withWorkspace({}, async (page) => {
    for (const theme of THEMES) {
      await setTheme(page, theme);
      await waitForData(page);
      await stillShot(page, path.join(ROOT, 'docs', `screenshot-${theme}.png`), page, 1_500);
    }
    // Back to the default theme, so the data folder ends as it started.
    await setTheme(page, 'dark');
    await chartWithStudies(page, ['MA', 'BB', 'RSI', 'MACD']);
  }),
);
