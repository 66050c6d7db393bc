/**
 * Locators and waits shared by the browser specs: roles, labels and visible text of
 * the renderer (no CSS classes except where the UI offers nothing else, marked so).
 */
import type { Locator, Page } from '@playwright/test';
import { expect } from '@playwright/test';

/** The connection/mode text of the status bar ("DEMO DATA", "LIVE", "OFFLINE"…). */
export function statusMode(page: Page): Locator {
  return page.getByRole('contentinfo', { name: 'Status' }).getByRole('status');
}

/** A pane slot of the main window, named after its active pane ("Chart panes"). */
export function slot(page: Page, title: string): Locator {
  return page.getByRole('region', { name: `${title} panes`, exact: true });
}

/** A pane body by its accessible name ("Quote board", "Chart", "Depth ladder"…). */
export function paneBody(scope: Page | Locator, name: string): Locator {
  return scope.getByRole('region', { name, exact: true });
}

/** A quote board row, e.g. `quoteRow(page, 'AAPL US stock')`. */
export function quoteRow(scope: Page | Locator, name: string): Locator {
  return paneBody(scope, 'Quote board').getByRole('row', { name, exact: true });
}

/** The "Last" cells of the quote board, as text. */
export async function lastPrices(page: Page): Promise<string[]> {
  const rows = paneBody(page, 'Quote board').getByRole('rowgroup').nth(1).getByRole('row');
  return rows.evaluateAll((trs) =>
    trs.map(
      (tr) =>
        (tr as unknown as { cells: ArrayLike<{ textContent: string }> }).cells[1]?.textContent ??
        '',
    ),
  );
}

const PRICE = String.raw`\d[\d,]*(?:\.\d+)?`;
/** The chart's OHLC legend with four numbers. */
export const OHLC_LEGEND = new RegExp(
  String.raw`O\s*${PRICE}\s*H\s*${PRICE}\s*L\s*${PRICE}\s*C\s*${PRICE}`,
);

/** Waits until the chart pane inside `scope` has a canvas and a legend with numbers. */
export async function expectChartData(scope: Page | Locator): Promise<void> {
  const chart = paneBody(scope, 'Chart');
  await expect(chart.getByRole('application')).toBeVisible();
  await expect(chart.locator('canvas').first()).toBeVisible();
  await expect(chart).toContainText(OHLC_LEGEND, { timeout: 20_000 });
}

/** The depth ladder's rows split at its spread/mid row: asks above, bids below. */
export async function ladderSides(
  scope: Page | Locator,
): Promise<{ asks: number[]; bids: number[]; middle: string }> {
  const rows = paneBody(scope, 'Depth ladder').getByRole('rowgroup').nth(1).getByRole('row');
  const texts = await rows.evaluateAll((trs) =>
    trs.map((tr) =>
      Array.from((tr as unknown as { cells: ArrayLike<{ textContent: string }> }).cells).map((c) =>
        c.textContent.trim(),
      ),
    ),
  );
  const mid = texts.findIndex((cells) => cells[0]?.startsWith('Spread') ?? false);
  const price = (cells: string[]) => Number((cells.at(-1) ?? '').replace(/,/g, ''));
  return {
    asks: texts.slice(0, Math.max(mid, 0)).map(price),
    bids: mid < 0 ? [] : texts.slice(mid + 1).map(price),
    middle: mid < 0 ? '' : (texts[mid]?.[0] ?? ''),
  };
}

/** Waits for a ladder with both sides and a spread/mid line, and checks the sides are ordered. */
export async function expectLadder(scope: Page | Locator): Promise<void> {
  await expect
    .poll(
      async () => {
        const { asks, bids } = await ladderSides(scope);
        return asks.length > 0 && bids.length > 0;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  const { asks, bids, middle } = await ladderSides(scope);
  expect(middle).toMatch(/^Spread \d[\d,.]*.*· Mid \d[\d,.]*$/);
  for (const price of [...asks, ...bids]) expect(price).toBeGreaterThan(0);
  // Best ask (nearest the middle, last above it) above best bid (first below it).
  expect(asks.at(-1)).toBeGreaterThan(bids[0] ?? Infinity);
}

/** Opens the command palette with Ctrl+K, runs `text`, and waits for it to close. */
export async function runPalette(page: Page, text: string): Promise<void> {
  await page.keyboard.press('Control+k');
  const input = page.getByRole('combobox', { name: 'Symbol or command' });
  await expect(input).toBeFocused();
  await input.fill(text);
  const results = page
    .getByRole('dialog', { name: 'Command palette' })
    .getByRole('listbox', { name: 'Results' });
  await expect(results.getByRole('option', { selected: true })).toContainText('Go to');
  await input.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Command palette' })).toBeHidden();
}
