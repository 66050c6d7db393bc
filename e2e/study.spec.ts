/**
 * Studies on the chart, in demo mode: RSI and MACD added from the studies panel
 * open panes of their own below the price, their legend entries show numbers; a
 * period edited shows in the legend; a study switched off leaves it; the studies
 * and the height the user gave a study's pane survive a reload.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { chartLegend, expectChartData, paneBody } from './support/ui';
import { savedFile, useWorkspace } from './support/workspace';

const app = useWorkspace({ mode: 'DEMO DATA' });

const chart = (page: Page) => paneBody(page, 'Chart');
const studies = (page: Page) => chart(page).getByRole('dialog', { name: 'Studies' });
/** A legend entry: the study's name and a number per output ("RSI 14 56.20"). */
const entry = (page: Page, id: string): Locator =>
  chartLegend(page).locator(`[data-study="${id}"]`); // the legend offers no role per entry

/**
 * The heights of the chart's panes: lightweight-charts' table rows of three cells
 * (scale, pane, scale), the last of which is the time axis (its DOM; no roles).
 */
function paneHeights(page: Page): Promise<number[]> {
  return chart(page)
    .getByRole('application')
    .evaluate((el) => {
      type Row = {
        querySelectorAll(s: string): { length: number };
        getBoundingClientRect(): { height: number };
      };
      const table = el as unknown as { querySelectorAll(s: string): ArrayLike<Row> };
      return Array.from(table.querySelectorAll('table tr'))
        .filter((tr) => tr.querySelectorAll('td').length === 3)
        .slice(0, -1)
        .map((tr) => Math.round(tr.getBoundingClientRect().height));
    });
}

async function add(page: Page, label: string): Promise<void> {
  await studies(page).getByRole('combobox', { name: 'Study to add' }).selectOption({ label });
  await studies(page).getByRole('button', { name: 'Add', exact: true }).click();
}

test.beforeAll(async () => {
  await expectChartData(app.page);
});

test('RSI and MACD open panes of their own, with numbers in the legend', async () => {
  const { page } = app;
  expect(await paneHeights(page)).toHaveLength(2); // candles, volume
  await chart(page)
    .getByRole('button', { name: /^Studies/ })
    .click();
  await add(page, 'RSI');
  await add(page, 'MACD');
  await add(page, 'EMA');
  await expect(entry(page, 'rsi1')).toHaveText(/^RSI 14\s*\d+\.\d\d\s*$/);
  await expect(entry(page, 'macd1')).toHaveText(/^MACD 12 26 9(\s*-?\d+\.\d\d){3}\s*$/);
  await expect(entry(page, 'ema1')).toHaveText(/^EMA 21\s*[\d,]+\.\d+\s*$/);
  // The EMA draws over the price: two study panes, not three.
  await expect.poll(() => paneHeights(page).then((h) => h.length)).toBe(4);
});

test('a period edited shows in the legend; a study switched off leaves it', async () => {
  const { page } = app;
  const period = studies(page).locator('[data-study="rsi1"]').getByLabel('Period');
  await period.fill('9');
  await period.press('Enter');
  await expect(entry(page, 'rsi1')).toHaveText(/^RSI 9\s*\d+\.\d\d\s*$/);
  await period.fill('');
  await period.press('Enter');
  await expect(studies(page).getByRole('alert')).toHaveText(/is not a number/);
  await expect(period).toHaveValue('9');
  await studies(page).getByRole('checkbox', { name: 'EMA 21' }).uncheck();
  await expect(entry(page, 'ema1')).toHaveCount(0);
  await studies(page).getByRole('button', { name: 'Close studies' }).click();
  await expect(studies(page)).toHaveCount(0);
});

test('the studies and a study pane resized by the user survive a reload', async () => {
  const { page } = app;
  const before = await paneHeights(page);
  // Drag the separator above the RSI pane (the third pane) up by 60 px: the library's
  // handles are the absolutely placed row-resize divs (its DOM; no roles).
  const separator = chart(page)
    .locator('div[style*="row-resize"][style*="position: absolute"]')
    .nth(1);
  const box = (await separator.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2 - 60, { steps: 5 });
  await page.mouse.up();
  const resized = await paneHeights(page);
  // The volume pane above gives what it can (the library keeps a least height).
  expect(resized[2]).toBeGreaterThan(before[2]! + 20);
  // Saved (the workspace is written a moment after a change) before the reload. Read as
  // '' until the file is there: a read that threw ended the poll at once (ENOENT, twice
  // in three runs of all the specs on three workers).
  await expect
    .poll(() => savedFile(app, 'workspace.json'))
    .toMatch(/"id":"rsi1".*?"visible":true,"height":\d+/);
  await page.reload();
  await expectChartData(page);
  await expect(entry(page, 'rsi1')).toHaveText(/^RSI 9\s*\d+\.\d\d\s*$/);
  await expect(entry(page, 'macd1')).toBeVisible();
  await expect(entry(page, 'ema1')).toHaveCount(0);
});

test('a study pane comes back at the height it was saved with', async () => {
  const { page } = app;
  const saved = JSON.stringify(
    JSON.parse(readFileSync(path.join(app.home, 'workspace.json'), 'utf8')),
  );
  const height = Number(/"id":"rsi1".*?"height":(\d+)/.exec(saved)?.[1]);
  await expect
    .poll(() => paneHeights(page).then((h) => Math.abs(h[2]! - height)))
    .toBeLessThanOrEqual(2);
});
