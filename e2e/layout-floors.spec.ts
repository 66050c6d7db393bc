/**
 * Issue 25 — a layout a trader can live in: at 1024, 1280 and 1920 px wide, in both
 * themes, the default layout with each pane kind added in turn (then undone) cuts no
 * number, puts no slot or control outside the window and clips no button's label (the
 * layout engine makes a pane that has no room a tab instead); the board's columns
 * dropped at 1024 come back at 1920 without a reload. One host and page for the file.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { layoutProblems } from './support/layout';
import { addPaneFromToolbar, PANE_MENU_ITEMS } from './support/panes';
import {
  boardColumnsShown,
  chartLegend,
  expectDefaultLayoutData,
  newsItems,
  orderBook,
  paneBody,
  setTheme,
  tickRows,
} from './support/ui';
import { PREMIUM_BUDGET, useWorkspace } from './support/workspace';

const HEIGHT = 900;
const app = useWorkspace({
  settings: PREMIUM_BUDGET,
  mode: 'DEMO DATA',
  viewport: { width: 1024, height: HEIGHT },
});

/** What shows a pane of each menu item has its content, in the slot it went to. */
const CONTENT: Record<(typeof PANE_MENU_ITEMS)[number], (page: Page) => Locator> = {
  Quotes: (page) => paneBody(page, 'Quote board').last().getByRole('row').nth(10),
  Chart: (page) => chartLegend(page.locator('main')).last(),
  Depth: (page) => orderBook(page).last().locator('[data-side="bid"]').first(),
  'Tick tape': (page) => tickRows(page).first(),
  Company: (page) => paneBody(page, 'Company'),
  News: (page) => newsItems(page).last(),
  Alerts: (page) => paneBody(page, 'Alerts').getByRole('button', { name: 'Pause' }),
  Events: (page) => paneBody(page, 'Events').getByRole('region', { name: 'Next holidays' }),
  Heatmap: (page) => paneBody(page, 'Depth heatmap').getByTestId('heatmap-plot').last(),
};

test('board columns dropped at 1024 px come back at 1920 px without a reload', async () => {
  const { page } = app;
  await expectDefaultLayoutData(page);
  // An alert far from the price, so an alerts pane added below lists a row and its buttons.
  await page.keyboard.press('Control+k');
  const input = page.getByRole('combobox', { name: 'Symbol or command' });
  await input.fill('alert BTCUSDT BA > 10,000,000');
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  await expect(palette.getByRole('option', { selected: true })).toContainText('Create alert');
  await input.press('Enter');
  await expect(palette).toBeHidden();
  const dropped = ['Open', 'Prev', 'Volume', 'Turnover'];
  await expect.poll(() => boardColumnsShown(page)).not.toContain('Open');
  await page.setViewportSize({ width: 1920, height: HEIGHT });
  await expect.poll(() => boardColumnsShown(page)).toEqual(expect.arrayContaining(dropped));
  await page.setViewportSize({ width: 1024, height: HEIGHT });
  await expect.poll(() => boardColumnsShown(page)).not.toContain('Open');
});

/**
 * Nothing cut, in both themes: the one the page has first, then the other (left so: the
 * next check starts in it, one theme switch a state instead of two).
 */
async function expectNothingCut(page: Page, what: string): Promise<void> {
  const first =
    (await page.locator('html').getAttribute('data-theme')) === 'light' ? 'light' : 'dark';
  for (const theme of [first, first === 'dark' ? 'light' : 'dark'] as const) {
    await setTheme(page, theme);
    await expect.poll(() => layoutProblems(page), `${what}, ${theme}`).toEqual([]);
  }
}

for (const width of [1024, 1280, 1920]) {
  test(`at ${width} px, each pane kind added in turn cuts nothing, in both themes`, async () => {
    // Seven panes added and undone, each waited for until its content shows.
    // Generous: the machines this runs on are shared; a slow one is not a failure.
    test.setTimeout(180_000);
    const { page } = app;
    await page.setViewportSize({ width, height: HEIGHT });
    await expectDefaultLayoutData(page);
    await expectNothingCut(page, 'the default layout');
    for (const item of PANE_MENU_ITEMS) {
      await addPaneFromToolbar(page, item);
      await expect(CONTENT[item](page)).toBeVisible({ timeout: 20_000 });
      await expectNothingCut(page, `${item} added`);
      // Back to the default layout: the add undone.
      await page.locator('body').click({ position: { x: 1, y: 1 } });
      await page.keyboard.press('Control+z');
      await expect(page.getByRole('status').filter({ hasText: 'Undone: Add pane' })).toBeVisible();
    }
  });
}
