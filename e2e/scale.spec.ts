/**
 * The price scale, in demo mode: Lin, Log and % in the chart bar; each redraws the
 * price axis (its canvas changes); % hides lines over the price that it would
 * misplace (the legend says so); the choice survives a reload.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { chartLegend, expectChartData, paneBody } from './support/ui';
import { useWorkspace } from './support/workspace';

const app = useWorkspace({ mode: 'DEMO DATA' });

const chart = (page: Page) => paneBody(page, 'Chart');
const scaleButton = (page: Page, name: string) =>
  chart(page).getByRole('group', { name: 'Price scale' }).getByRole('button', { name });

/** The candle pane's price axis: lightweight-charts' first row, last cell (its DOM). */
const priceAxis = (page: Page) =>
  chart(page).getByRole('application').locator('table tr').first().locator('td').last();

test.beforeAll(async () => {
  await expectChartData(app.page);
});

test('Log and % redraw the price axis; % hides the MA line and says so', async () => {
  const { page } = app;
  await expect(scaleButton(page, 'Lin')).toHaveAttribute('aria-pressed', 'true');
  // An MA over the price, to see what % does to it.
  await chart(page)
    .getByRole('button', { name: /^Studies/ })
    .click();
  const studies = chart(page).getByRole('dialog', { name: 'Studies' });
  await studies.getByRole('combobox', { name: 'Study to add' }).selectOption({ label: 'MA' });
  await studies.getByRole('button', { name: 'Add', exact: true }).click();
  await studies.getByRole('button', { name: 'Close studies' }).click();
  const ma = chartLegend(page).locator('[data-study="sma1"]'); // no role per legend entry
  await expect(ma).toHaveText(/^MA 20\s*[\d,]+\.\d+\s*$/);

  const lin = await priceAxis(page).screenshot();
  await scaleButton(page, '%').click();
  await expect(scaleButton(page, '%')).toHaveAttribute('aria-pressed', 'true');
  await expect(scaleButton(page, 'Lin')).toHaveAttribute('aria-pressed', 'false');
  await expect(ma).toContainText('line hidden in % scale');
  await expect.poll(async () => (await priceAxis(page).screenshot()).equals(lin)).toBe(false);

  await scaleButton(page, 'Log').click();
  await expect(scaleButton(page, 'Log')).toHaveAttribute('aria-pressed', 'true');
  await expect(ma).not.toContainText('hidden');
});

test('the scale survives a reload', async () => {
  const { page } = app;
  await page.reload();
  await expectChartData(page);
  await expect(scaleButton(page, 'Log')).toHaveAttribute('aria-pressed', 'true');
  await scaleButton(page, 'Lin').click();
  await expect(scaleButton(page, 'Lin')).toHaveAttribute('aria-pressed', 'true');
});
