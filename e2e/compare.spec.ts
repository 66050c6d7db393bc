/**
 * Compare, in demo mode: ETHUSDT added to the BTCUSDT chart (checked with the
 * source; an unknown code is refused) shows a legend entry per symbol in percent
 * from the first bar in view, which re-bases when the view moves; the scale is
 * percent while comparing; the list survives a reload; removed, the chart is back
 * to its own scale.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { chartLegend, expectChartData, paneBody } from './support/ui';
import { useWorkspace } from './support/workspace';

const app = useWorkspace({ mode: 'DEMO DATA' });

const chart = (page: Page) => paneBody(page, 'Chart');
const panel = (page: Page) => chart(page).getByRole('dialog', { name: 'Compare' });
const scaleButton = (page: Page, name: string) =>
  chart(page).getByRole('group', { name: 'Price scale' }).getByRole('button', { name });
/** A compare legend entry: "ETHUSDT +1.23%" (the legend offers no role per entry). */
const entry = (page: Page, code: string) => chartLegend(page).locator(`[data-compare="${code}"]`);
const PERCENT = /^(BTC|ETH)USDT\s*[+−]?\d+\.\d\d%\s*$/;

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
  const input = panel(page).getByRole('textbox', { name: 'Symbol to compare' });
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
