/**
 * The depth heatmap as a trader first meets it: a new pane at its defaults (1 s buckets,
 * rows grouped "Auto"), in demo mode on a Wednesday afternoon (every market open). On
 * BTCUSDT — five levels a side in 0.07 USD, moving dollars a second — it picks rows
 * coarse enough that each side of the book is a band of colour several pixels tall
 * (at one tick a row, 20,000 rows in the plot, a side was under a pixel: no book to
 * see), says how tall a row is, and keeps the grouping the user then picks. On EURUSD,
 * whose book is one level a side, it draws the book (it waited for it forever: no tick
 * could be told from one price a side). Screenshots: test-results/screens/heatmap-
 * defaults-{btc,eurusd}-{dark,light}-1024.png.
 */
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { BTC, inkedColumns, tallestRun } from './support/heatmap';
import { ROOT } from './support/processes';
import { savedPane, savedWorkspace, split, tabsOf } from './support/saved-workspace';
import { stillShot } from './support/shots';
import { paneBody, setTheme } from './support/ui';
import { PREMIUM_BUDGET, useWorkspace } from './support/workspace';

const WEDNESDAY = '2026-11-25T15:00:00Z';
const ladder = savedPane('depth', 'depth', { link: 'red', symbol: BTC });
/** The kind's own options: 1 s buckets, grouping "Auto". */
const heatmapPane = savedPane('heat', 'heatmap', { link: 'red', symbol: BTC });

const app = useWorkspace({
  settings: PREMIUM_BUDGET,
  hostClock: WEDNESDAY,
  beforeOpen: (page) => page.clock.install({ time: Date.parse(WEDNESDAY) }),
  workspace: savedWorkspace({
    name: 'Map',
    root: split('s-map', 'row', 0.5, tabsOf(ladder), tabsOf(heatmapPane)),
    linkSymbols: { red: BTC },
  }),
  viewport: { width: 1024, height: 700 },
  mode: 'DEMO DATA',
});

const heatmap = (page: Page) => paneBody(page, 'Depth heatmap');
const plot = (page: Page) => heatmap(page).getByTestId('heatmap-plot');
const group = (page: Page) => heatmap(page).getByRole('combobox', { name: 'Group' });
/** The grouping the select says the rows are in (its shown option: "Auto (250× tick)"). */
const groupText = (page: Page) =>
  group(page).evaluate((el) => {
    const select = el as unknown as { selectedOptions: ArrayLike<{ textContent: string | null }> };
    return select.selectedOptions[0]?.textContent ?? '';
  });

async function shots(page: Page, name: string): Promise<void> {
  for (const theme of ['dark', 'light'] as const) {
    await setTheme(page, theme);
    const file = `heatmap-defaults-${name}-${theme}-1024.png`;
    await stillShot(page, path.join(ROOT, 'test-results', 'screens', file));
  }
  await setTheme(page, 'dark');
}

test('BTCUSDT at its defaults: the book drawn in bands a trader sees', async () => {
  const page = app.page;
  await expect(group(page)).toHaveValue('auto');
  // The price moves many times the book's depth: rows of many ticks, said in the readout.
  await expect
    .poll(() => groupText(page), { timeout: 30_000 })
    .toMatch(/^Auto \((\d{2,})× tick\)$/);
  await expect
    .poll(async () => {
      const grouping = /(\d+)×/.exec(await groupText(page))?.[1];
      const rows = await heatmap(page).getByTestId('heatmap-rows').textContent();
      return rows === `rows of ${(Number(grouping) * 0.01).toFixed(2)}`;
    })
    .toBe(true);
  // Each side of the book a band of several pixels (one tick a row: a pixel or two).
  for (const side of ['bid', 'ask'] as const)
    await expect
      .poll(() => tallestRun(plot(page), side), { timeout: 20_000 })
      .toBeGreaterThanOrEqual(5);
  await shots(page, 'btc');

  // The user's grouping is kept as the book moves on. One tick a row (the default
  // before "Auto"): a side of the book is a pixel or two, under the best-price lines.
  await group(page).selectOption('1');
  await expect(heatmap(page).getByTestId('heatmap-rows')).toHaveText('rows of 0.01');
  await expect.poll(() => tallestRun(plot(page), 'bid'), { timeout: 20_000 }).toBeLessThan(4);
  await page.waitForTimeout(3_000);
  await expect(group(page)).toHaveValue('1');
  await expect(heatmap(page).getByTestId('heatmap-rows')).toHaveText('rows of 0.01');
  // Auto again: the pane's pick for the range in view now (the price has moved on).
  await group(page).selectOption('auto');
  await expect.poll(() => groupText(page)).toMatch(/^Auto \((\d{2,})× tick\)$/);
  await expect(heatmap(page).getByTestId('heatmap-rows')).not.toHaveText('rows of 0.01');
});

test('EURUSD, one level a side: its book is drawn', async () => {
  const page = app.page;
  await heatmap(page).getByRole('button', { name: 'Symbol BTCUSDT: change' }).click();
  const field = heatmap(page).getByRole('combobox', { name: 'Symbol, by code or name' });
  await field.pressSequentially('eurusd', { delay: 30 });
  const options = page.getByRole('listbox', { name: 'Matching symbols' }).getByRole('option');
  await expect(options.first()).toContainText(/EURUSD/);
  await field.press('Enter');
  await expect(heatmap(page).getByRole('img', { name: 'Depth heatmap of EURUSD' })).toBeVisible();
  await expect.poll(() => inkedColumns(plot(page)), { timeout: 20_000 }).toBeGreaterThan(3);
  await expect(heatmap(page).getByTestId('heatmap-empty')).toHaveCount(0);
  // A tick a row, or a few where the pair moves more than a tick a second.
  await expect(heatmap(page).getByTestId('heatmap-rows')).toHaveText(/^rows of 0\.000\d\d$/);
  for (const side of ['bid', 'ask'] as const)
    await expect.poll(() => tallestRun(plot(page), side)).toBeGreaterThanOrEqual(5);
  await shots(page, 'eurusd');
});
