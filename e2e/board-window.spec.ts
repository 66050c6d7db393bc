/**
 * A long quote board renders only the rows in view (QuoteBoard's row window): a
 * 300-symbol watchlist in demo mode keeps every symbol reachable — the table says how
 * many rows it has, scrolling to the end renders the last rows with their prices, and
 * End / Home move the focus to the last and first symbol.
 */
import { expect, test } from '@playwright/test';
import { CATALOG } from '../src/simulator';
import { savedPane, savedWorkspace, tabsOf } from './support/saved-workspace';
import { paneBody } from './support/ui';
import { PREMIUM_BUDGET, useWorkspace } from './support/workspace';

const SYMBOLS = CATALOG.filter((e) => e.class !== 'forex')
  .slice(0, 300)
  .map((e) => ({ class: e.class, region: e.region, exchange: '', code: e.code }));
const keyOf = (s: (typeof SYMBOLS)[number]) => `${s.class}:${s.region}::${s.code}`;

const app = useWorkspace({
  settings: PREMIUM_BUDGET,
  mode: 'DEMO DATA',
  workspace: savedWorkspace({
    name: 'Long',
    root: tabsOf(
      savedPane('long-board', 'quotes', { title: 'Long board', options: { watchlistId: 'long' } }),
    ),
    watchlists: [{ id: 'long', name: 'Long', symbols: SYMBOLS }],
  }),
});

test('a 300-row board renders the rows in view and reaches every row', async () => {
  test.setTimeout(120_000);
  expect(SYMBOLS).toHaveLength(300);
  const body = paneBody(app.page, 'Quote board');
  const table = body.getByRole('table', { name: 'Quotes of Long' });
  await expect(table).toHaveAttribute('aria-rowcount', '301');
  const rendered = body.locator('tr[data-key]');
  await expect(rendered.first()).toHaveAttribute('data-key', keyOf(SYMBOLS[0]!));
  const count = await rendered.count();
  expect(count).toBeGreaterThan(10);
  expect(count).toBeLessThan(150);

  // Scrolled to the end: the last rows are rendered, on screen.
  const scroller = body.getByRole('group', { name: 'Quote board content' });
  await scroller.evaluate((el) => (el.scrollTop = el.scrollHeight));
  const last = body.locator(`tr[data-key="${keyOf(SYMBOLS.at(-1)!)}"]`);
  await expect(last).toBeInViewport();
  await expect(last).toHaveAttribute('aria-rowindex', '301');

  // The keyboard: Home focuses the first symbol (scrolled back into view), End the last.
  await scroller.evaluate((el) => (el.scrollTop = 0));
  await body.locator(`tr[data-key="${keyOf(SYMBOLS[0]!)}"]`).focus();
  await app.page.keyboard.press('End');
  await expect(last).toBeFocused();
  await app.page.keyboard.press('Home');
  await expect(body.locator(`tr[data-key="${keyOf(SYMBOLS[0]!)}"]`)).toBeFocused();
  await app.page.keyboard.press('ArrowDown');
  await expect(body.locator(`tr[data-key="${keyOf(SYMBOLS[1]!)}"]`)).toBeFocused();
});
