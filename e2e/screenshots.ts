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
import { chromium, expect } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './support/chromium';
import { ROOT } from './support/processes';
import { chartLegend, expectDefaultLayoutData, paneBody, setTheme, slot } from './support/ui';
import { closeWorkspace, openWorkspace } from './support/workspace';

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
  const chart = paneBody(page, 'Chart');
  await chart.getByRole('button', { name: /^Studies/ }).click();
  const panel = chart.getByRole('dialog', { name: 'Studies' });
  for (const label of labels) {
    await panel.getByRole('combobox', { name: 'Study to add' }).selectOption({ label });
    await panel.getByRole('button', { name: 'Add', exact: true }).click();
  }
  await panel.getByRole('button', { name: 'Close studies' }).click();
  await expect(chartLegend(page)).toContainText(/MACD 12 26 9\s*−?-?\d/, { timeout: 20_000 });
  // Two drawings over the price: a horizontal line and a trend line, with the tools.
  const tools = chart.getByRole('toolbar', { name: 'Drawing tools' });
  const box = (await chart.getByRole('application').boundingBox())!;
  const at = (fx: number, fy: number) =>
    page.mouse.click(box.x + 60 + (box.width - 160) * fx, box.y + box.height * 0.55 * fy);
  await tools.getByRole('button', { name: 'Horizontal line' }).click();
  await at(0.55, 0.3);
  await tools.getByRole('button', { name: 'Trend line' }).click();
  await at(0.1, 0.85);
  await at(0.7, 0.45);
  await expect(tools.getByRole('button', { name: '2 drawings' })).toBeVisible();
  // The new trend line is selected: Escape leaves it (the picture shows the chart alone).
  await page.keyboard.press('Escape');
  await page.mouse.move(0, 899);
  await page.waitForTimeout(1_000);
  const file = path.join(ROOT, 'docs', 'chart-studies.png');
  await slot(page, 'Chart').screenshot({ path: file });
  console.log(`wrote ${path.relative(ROOT, file)}`);
}

async function main(): Promise<void> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS, '--hide-scrollbars'],
  });
  try {
    const app = await openWorkspace(browser, { mode: 'DEMO DATA' });
    try {
      const { page } = app;
      for (const theme of THEMES) {
        await setTheme(page, theme);
        await waitForData(page);
        // The mouse off every pane (no hover highlight, no chart crosshair), the chart's
        // recolouring frame done.
        await page.mouse.move(0, 899);
        await page.waitForTimeout(1_500);
        const file = path.join(ROOT, 'docs', `screenshot-${theme}.png`);
        await page.screenshot({ path: file });
        console.log(`wrote ${path.relative(ROOT, file)}`);
      }
      // Back to the default theme, so the data folder ends as it started.
      await setTheme(page, 'dark');
      await chartWithStudies(page, ['MA', 'BB', 'RSI', 'MACD']);
    } finally {
      await closeWorkspace(app);
    }
  } finally {
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
