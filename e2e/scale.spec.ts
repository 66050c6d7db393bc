/**
 * The price scale, in demo mode: Lin, Log and % in the chart bar; each redraws the
 * price axis (its canvas changes); a study's line over the price stays drawn in each
 * (it is drawn through the candles' own scale); the choice survives a reload.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { chartLegend, expectChartData, inkPixels, paneBody } from './support/ui';
import { useWorkspace } from './support/workspace';

const app = useWorkspace({ mode: 'DEMO DATA' });

const chart = (page: Page) => paneBody(page, 'Chart');
const scaleButton = (page: Page, name: string) =>
  chart(page).getByRole('group', { name: 'Price scale' }).getByRole('button', { name });

/** The candle pane's price axis: lightweight-charts' first row, last cell (its DOM). */
/** The MA's default colour (study-table.ts), #4c8dff. */
const MA_BLUE: [number, number, number] = [0x4c, 0x8d, 0xff];

const priceAxis = (page: Page) =>
  chart(page).getByRole('application').locator('table tr').first().locator('td').last();

test.beforeAll(async () => {
  await expectChartData(app.page);
});

test('Log and % redraw the price axis; the MA line stays drawn in each', async () => {
  const { page } = app;
  await expect(scaleButton(page, 'Lin')).toHaveAttribute('aria-pressed', 'true');
  // An MA over the price, to see what each scale does to it: its ink, none before it.
  const maInk = () => inkPixels(chart(page).getByRole('application'), MA_BLUE);
  expect(await maInk()).toBeLessThan(10);
  await chart(page)
    .getByRole('button', { name: /^Studies/ })
    .click();
  const studies = chart(page).getByRole('dialog', { name: 'Studies' });
  await studies.getByRole('combobox', { name: 'Study to add' }).selectOption({ label: 'MA' });
  await studies.getByRole('button', { name: 'Add', exact: true }).click();
  await studies.getByRole('button', { name: 'Close studies' }).click();
  const ma = chartLegend(page).locator('[data-study="sma1"]'); // no role per legend entry
  await expect(ma).toHaveText(/^MA 20\s*[\d,]+\.\d+\s*$/);
  await expect.poll(maInk).toBeGreaterThan(40);

  const lin = await priceAxis(page).screenshot();
  await scaleButton(page, '%').click();
  await expect(scaleButton(page, '%')).toHaveAttribute('aria-pressed', 'true');
  await expect(scaleButton(page, 'Lin')).toHaveAttribute('aria-pressed', 'false');
  await expect.poll(async () => (await priceAxis(page).screenshot()).equals(lin)).toBe(false);
  await expect(ma).toHaveText(/^MA 20\s*[\d,]+\.\d+\s*$/);
  await expect.poll(maInk).toBeGreaterThan(40);

  await scaleButton(page, 'Log').click();
  await expect(scaleButton(page, 'Log')).toHaveAttribute('aria-pressed', 'true');
  await expect.poll(maInk).toBeGreaterThan(40);
});

test('the scale survives a reload', async () => {
  const { page } = app;
  await page.reload();
  await expectChartData(page);
  await expect(scaleButton(page, 'Log')).toHaveAttribute('aria-pressed', 'true');
  await scaleButton(page, 'Lin').click();
  await expect(scaleButton(page, 'Lin')).toHaveAttribute('aria-pressed', 'true');
});
