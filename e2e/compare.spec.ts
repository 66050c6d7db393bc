/**
 * Compare, in demo mode: ETHUSDT added to the BTCUSDT chart (checked with the
 * source; an unknown code is refused) shows a legend entry per symbol in percent
 * from the first bar in view, which re-bases when the view moves; the scale is
 * percent while comparing; the list survives a reload; removed, the chart is back
 * to its own scale. A stock found by name as you type (AAPL, another class and
 * region) is drawn against the crypto chart, in the compare palette's own colour.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { chartLegend, expectChartData, inkPixels, paneBody } from './support/ui';
import { useWorkspace } from './support/workspace';

const app = useWorkspace({ mode: 'DEMO DATA' });

const chart = (page: Page) => paneBody(page, 'Chart');
const panel = (page: Page) => chart(page).getByRole('dialog', { name: 'Compare' });
const scaleButton = (page: Page, name: string) =>
  chart(page).getByRole('group', { name: 'Price scale' }).getByRole('button', { name });
/** A compare legend entry: "ETHUSDT +1.23%" (the legend offers no role per entry). */
const entry = (page: Page, code: string) => chartLegend(page).locator(`[data-compare="${code}"]`);
const PERCENT = /^(BTCUSDT|ETHUSDT|AAPL)\s*[+−]?\d+\.\d\d%\s*$/;
/** The dark theme's first compare colour (`--compare-1`): the compare line's ink. */
const COMPARE_1: [number, number, number] = [0xff, 0x5f, 0xc8];

async function percentOf(page: Page, code: string): Promise<number> {
  const text = (await entry(page, code).textContent()) ?? '';
  const m = /([+−]?)([\d.]+)%/.exec(text);
  if (!m) throw new Error(`no percent in "${text}"`);
  return (m[1] === '−' ? -1 : 1) * Number(m[2]);
}

test.beforeAll(async () => {
  await expectChartData(app.page);
});

test('an unknown code is refused; a known one is drawn in percent beside the chart', async () => {
  const { page } = app;
  await chart(page)
    .getByRole('button', { name: /^Compare/ })
    .click();
  const input = panel(page).getByRole('combobox', { name: 'Symbol to compare' });
  await input.fill('ZZZZ');
  await input.press('Enter');
  await expect(panel(page).getByRole('alert')).toHaveText(/Unknown symbol|no ZZZZ/);
  await expect(entry(page, 'ZZZZ')).toHaveCount(0);
  await input.fill('ethusdt');
  await input.press('Enter');
  await expect(entry(page, 'ETHUSDT')).toHaveText(PERCENT, { timeout: 20_000 });
  await expect(entry(page, 'BTCUSDT')).toHaveText(PERCENT);
  await expect(scaleButton(page, '%')).toHaveAttribute('aria-pressed', 'true');
  await expect(scaleButton(page, 'Lin')).toBeDisabled();
  await panel(page).getByRole('button', { name: 'Close compare' }).click();
});

test('the percent re-bases on the first bar in view when the view moves', async () => {
  const { page } = app;
  const box = (await chart(page).getByRole('application').boundingBox())!;
  const before = await percentOf(page, 'BTCUSDT');
  // Scroll the view back in time: another first bar, another base.
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 3);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width / 2 + 300, box.y + box.height / 3, { steps: 10 });
  await page.mouse.up();
  await page.mouse.move(box.x + box.width + 50, box.y + box.height + 50); // crosshair off
  await expect.poll(() => percentOf(page, 'BTCUSDT')).not.toBe(before);
});

test('the compared symbols survive a reload; removed, the chart has its own scale back', async () => {
  const { page } = app;
  await page.reload();
  await expectChartData(page);
  await expect(entry(page, 'ETHUSDT')).toHaveText(PERCENT, { timeout: 20_000 });
  await chart(page)
    .getByRole('button', { name: /^Compare/ })
    .click();
  await panel(page).getByRole('button', { name: 'Stop comparing ETHUSDT' }).click();
  await expect(entry(page, 'ETHUSDT')).toHaveCount(0);
  await expect(entry(page, 'BTCUSDT')).toHaveCount(0);
  await expect(scaleButton(page, 'Lin')).toHaveAttribute('aria-pressed', 'true');
});

test('a stock found as you type is compared with the crypto chart, in its own colour', async () => {
  const { page } = app;
  const area = chart(page).getByRole('application');
  const ink = () => inkPixels(area, COMPARE_1);
  expect(await ink()).toBeLessThan(10);
  // The panel is still open from the last test (its list emptied); open it otherwise.
  if (!(await panel(page).isVisible())) {
    await chart(page)
      .getByRole('button', { name: /^Compare/ })
      .click();
  }
  const input = panel(page).getByRole('combobox', { name: 'Symbol to compare' });
  await input.pressSequentially('apple');
  // The field searches as you type, across classes: Apple is a US stock.
  const option = page.getByRole('option', { name: /^AAPL\s*US\s*stock/ });
  await expect(option).toBeVisible();
  await option.click();
  await expect(entry(page, 'AAPL')).toHaveText(PERCENT, { timeout: 20_000 });
  await expect(entry(page, 'BTCUSDT')).toHaveText(PERCENT);
  await expect(panel(page).getByRole('alert')).toHaveCount(0);
  await expect(panel(page).getByText('AAPL US stock')).toBeVisible();
  await panel(page).getByRole('button', { name: 'Close compare' }).click();
  await expect.poll(ink).toBeGreaterThan(40);
});
