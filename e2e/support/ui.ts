/**
 * Locators and waits shared by the browser specs: roles, labels and visible text of
 * the renderer (no CSS classes except where the UI offers nothing else, marked so).
 */
import AxeBuilder from '@axe-core/playwright';
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

/** The tab shown in the slot whose active pane is `title` ("Chart · AAPL"). */
export function shownTab(page: Page, title: string): Locator {
  return slot(page, title).getByRole('tab', { selected: true });
}

/** A pane body by its accessible name ("Quote board", "Chart", "Depth ladder"…). */
export function paneBody(scope: Page | Locator, name: string): Locator {
  return scope.getByRole('region', { name, exact: true });
}

/** A quote board row, e.g. `quoteRow(page, 'AAPL US stock')`. */
export function quoteRow(scope: Page | Locator, name: string): Locator {
  return paneBody(scope, 'Quote board').getByRole('row', { name, exact: true });
}

/** The text of one column's cells in the quote board's rows, found by its header. */
export async function boardColumn(scope: Page | Locator, header: string): Promise<string[]> {
  const table = paneBody(scope, 'Quote board').getByRole('table', { name: /^Quotes of / });
  return table.evaluate((el, name) => {
    type Cells = ArrayLike<{ textContent: string | null }>;
    const t = el as unknown as {
      tHead: { rows: ArrayLike<{ cells: Cells }> };
      tBodies: ArrayLike<{ rows: ArrayLike<{ cells: Cells }> }>;
    };
    const heads = Array.from(t.tHead.rows[0]?.cells ?? []);
    const index = heads.findIndex((th) => th.textContent?.replace(/[▲▼]/g, '').trim() === name);
    if (index < 0) throw new Error(`no quote board column "${name}"`);
    return Array.from(t.tBodies[0]?.rows ?? []).map(
      (tr) => tr.cells[index]?.textContent?.trim() ?? '',
    );
  }, header);
}

/** The "Last" cells of the quote board, as text. */
export function lastPrices(page: Page): Promise<string[]> {
  return boardColumn(page, 'Last');
}

/**
 * A cell of a quote board row by its column's header, e.g.
 * `quoteCell(page, 'AAPL US stock', 'Last')`.
 */
export async function quoteCell(
  scope: Page | Locator,
  row: string,
  header: string,
): Promise<Locator> {
  const headers = paneBody(scope, 'Quote board').getByRole('columnheader');
  const names = (await headers.allTextContents()).map((h) => h.replace(/[▲▼]/g, '').trim());
  const index = names.indexOf(header);
  if (index < 0)
    throw new Error(`no visible quote board column "${header}" in ${names.join(', ')}`);
  return quoteRow(scope, row).getByRole('cell').nth(index);
}

/**
 * The quote board's column headers in view (a narrow board drops some whole). Read in
 * one go: a header dropped between a listing and a per-header read would leave a
 * locator that waits for an element no longer there.
 */
export function boardColumnsShown(scope: Page | Locator): Promise<string[]> {
  return paneBody(scope, 'Quote board')
    .locator('th')
    .evaluateAll((headers) =>
      headers
        .filter((h) => h.getBoundingClientRect().width > 0)
        .map((h) => (h.textContent ?? '').replace(/[▲▼]/g, '').trim())
        .filter((name) => name !== 'State' && name !== 'Actions'),
    );
}

/**
 * The quote board shows `required` columns (at least), every column it shows lies
 * wholly inside it, and it does not scroll sideways: nothing is cut off.
 */
export async function expectBoardWhole(
  scope: Page | Locator,
  required: readonly string[],
): Promise<void> {
  const board = paneBody(scope, 'Quote board');
  const scroller = board.getByRole('group', { name: 'Quote board content' });
  await expect
    .poll(() => scroller.evaluate((el) => el.scrollWidth - el.clientWidth))
    .toBeLessThanOrEqual(0);
  const box = await scroller.boundingBox();
  expect(box).not.toBeNull();
  const table = board.getByRole('table', { name: /^Quotes of / });
  for (const name of required) {
    await expect(table.getByRole('columnheader', { name, exact: true }), name).toBeVisible();
  }
  for (const header of await table.getByRole('columnheader').all()) {
    const h = await header.boundingBox();
    if (!h || h.width === 0) continue;
    // Wholly inside the board: not clipped at its right edge.
    expect(h.x + h.width <= box!.x + box!.width + 0.5, (await header.textContent()) ?? '').toBe(
      true,
    );
  }
}

/** The state cell of a quote board row: an icon named for its state, or empty. */
export function rowStateIcon(scope: Page | Locator, row: string): Locator {
  return quoteRow(scope, row).getByRole('img');
}

/**
 * The words of a market's state in a row's state cell (issue 27: a closed market's last
 * price is closed, not stale): what the cell says when the feed has no trouble to tell.
 */
export const MARKET_STATE_WORDS = /^(closed|lunch break|pre-market|post-market)\b/;

/**
 * The state icons of `rows` (a board's rows, or one row) that tell of trouble with the
 * data (stale, offline, polled slower than asked…), not of the market's hours: on the
 * wall clock some market is always closed, and its rows say so.
 */
export function troubleIcons(rows: Locator): Locator {
  return rows.getByRole('img', { name: /^(?!(closed|lunch break|pre-market|post-market)\b)/ });
}

/** The rows of the board whose market is closed or in a break now (their state cell says so). */
export function closedRows(scope: Page | Locator): Locator {
  return scope
    .getByRole('region', { name: 'Quote board', exact: true })
    .getByRole('row')
    .filter({ has: scope.getByRole('img', { name: /^(closed|lunch break)\b/ }) });
}

const PRICE = String.raw`\d[\d,]*(?:\.\d+)?`;
/** The chart's OHLC legend with four numbers. */
export const OHLC_LEGEND = new RegExp(
  String.raw`O\s*${PRICE}\s*H\s*${PRICE}\s*L\s*${PRICE}\s*C\s*${PRICE}`,
);

/** The chart's price legend (O H L C V of the hovered or newest bar). */
export function chartLegend(scope: Page | Locator): Locator {
  return paneBody(scope, 'Chart').getByRole('group', { name: 'Price legend' });
}

/** Waits until the chart pane inside `scope` has a canvas and a legend with numbers. */
export async function expectChartData(scope: Page | Locator): Promise<void> {
  const chart = paneBody(scope, 'Chart');
  await expect(chart.getByRole('application')).toBeVisible();
  await expect(chart.locator('canvas').first()).toBeVisible();
  await expect(chartLegend(scope)).toHaveText(OHLC_LEGEND, { timeout: 20_000 });
}

/** The depth ladder's table, named after its symbol ("Order book of BTCUSDT"). */
export function orderBook(scope: Page | Locator, code?: string): Locator {
  return paneBody(scope, 'Depth ladder').getByRole('table', {
    name: code === undefined ? /^Order book of / : `Order book of ${code}`,
    exact: code !== undefined,
  });
}

/** The rows of the tick tape (newest first; the header row excluded). */
export function tickRows(scope: Page | Locator, name?: RegExp): Locator {
  return paneBody(scope, 'Tick tape')
    .getByRole('table', { name: 'Ticks', exact: true })
    .getByRole('row', { name: name ?? /\d\d:\d\d/ });
}

/** The news feed's items. */
export function newsItems(scope: Page | Locator): Locator {
  return paneBody(scope, 'News')
    .getByRole('list', { name: 'News items', exact: true })
    .getByRole('listitem');
}

/**
 * The depth ladder's levels by side (`data-side` on each level row) and the
 * text of its spread/mid row; `ordered` says asks came before it and bids after.
 */
export async function ladderSides(
  scope: Page | Locator,
): Promise<{ asks: number[]; bids: number[]; middle: string; ordered: boolean }> {
  const rows = await orderBook(scope)
    .getByRole('row')
    .evaluateAll((trs) =>
      trs.map((tr) => ({
        side: (tr as unknown as { dataset: { side?: string } }).dataset.side ?? '',
        text: (tr.textContent ?? '').trim().replace(/\s+/g, ' '),
        last: (tr.lastElementChild?.textContent ?? '').trim(),
      })),
    );
  const mid = rows.findIndex((r) => r.side === '' && r.text.startsWith('Spread'));
  const price = (r: { last: string }) => Number(r.last.replace(/,/g, ''));
  const asks = rows.filter((r) => r.side === 'ask');
  const bids = rows.filter((r) => r.side === 'bid');
  const ordered =
    mid >= 0 &&
    rows.every((r, i) => (r.side === 'ask' ? i < mid : r.side === 'bid' ? i > mid : true));
  return {
    asks: asks.map(price),
    bids: bids.map(price),
    middle: mid < 0 ? '' : (rows[mid]?.text ?? ''),
    ordered,
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
  const { asks, bids, middle, ordered } = await ladderSides(scope);
  expect(middle).toMatch(/^Spread \d[\d,.]*.*· Mid \d[\d,.]*$/);
  expect(ordered).toBe(true);
  for (const price of [...asks, ...bids]) expect(price).toBeGreaterThan(0);
  // Best ask (nearest the middle, last above it) above best bid (first below it).
  expect(asks.at(-1)).toBeGreaterThan(bids[0] ?? Infinity);
}

/**
 * Waits until every pane of the default layout shows data: the chart, an ordered
 * ladder, six news items and a price in the quote board's last row (FTSE).
 */
export async function expectDefaultLayoutData(page: Page): Promise<void> {
  await expectChartData(page);
  await expectLadder(page);
  await expect(newsItems(page).nth(5)).toBeVisible({ timeout: 20_000 });
  await expect(await quoteCell(page, 'FTSE GB indices', 'Last')).toHaveText(/\d/, {
    timeout: 20_000,
  });
}

/**
 * Opens the command palette with Ctrl+K, runs `text` (a symbol command: the directory's
 * entry for it, or its Go to, comes first), and waits for it to close.
 */
export async function runPalette(page: Page, text: string): Promise<void> {
  await page.keyboard.press('Control+k');
  const input = page.getByRole('combobox', { name: 'Symbol or command' });
  await expect(input).toBeFocused();
  await input.fill(text);
  const results = page
    .getByRole('dialog', { name: 'Command palette' })
    .getByRole('listbox', { name: 'Results' });
  const [code, region] = text.split(' ');
  await expect(results.getByRole('option', { selected: true })).toContainText(`${code} ${region}`);
  await input.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Command palette' })).toBeHidden();
}

/**
 * Opens the replay bar from the palette ("Replay a recording": the toolbar's Replay
 * button shows only where the toolbar has room) and waits for its recorded spans.
 */
export async function openReplayBar(page: Page): Promise<Locator> {
  await page.keyboard.press('Control+k');
  await page.getByRole('combobox', { name: 'Symbol or command' }).fill('replay');
  await page.getByRole('option', { name: /Replay a recording/ }).click();
  const bar = page.getByRole('region', { name: 'Replay' });
  await expect(bar).toBeVisible();
  await expect(bar.getByRole('combobox', { name: 'Span' })).toBeEnabled();
  return bar;
}

/** Switches to `theme` with the toolbar's button (when not in it already), and checks it. */
export async function setTheme(page: Page, theme: 'dark' | 'light'): Promise<void> {
  const html = page.locator('html');
  if ((await html.getAttribute('data-theme')) !== theme) {
    await page.getByRole('button', { name: `Switch to the ${theme} theme` }).click();
  }
  await expect(html).toHaveAttribute('data-theme', theme);
}

/**
 * axe-core's serious and critical violations on the page (or inside the elements
 * `include` selects), one line per rule and element. The page must be one of an
 * explicit browser context (`useWorkspace`'s are).
 */
export async function seriousViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const results = await (include === undefined ? builder : builder.include(include)).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map(
        (node) =>
          `${v.impact} ${v.id} (${v.help}): ${node.target.join(' ')} — ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`,
      ),
    );
}

/**
 * The ink in `rgb` (±12 a channel) on the canvases under `area` (a chart's drawing
 * area): how many pixels, and their centre in page coordinates (null when none).
 * `columns`: only the pixels between these page x coordinates (a line where it is drawn
 * now, when the scale may have moved it since).
 */
export function ink(
  area: Locator,
  rgb: [number, number, number],
  columns: readonly [number, number] = [-Infinity, Infinity],
): Promise<{ pixels: number; centre: { x: number; y: number } | null }> {
  return area.evaluate(
    (el, [[r, g, b], [left, right]]) => {
      let sx = 0;
      let sy = 0;
      let n = 0;
      for (const canvas of el.querySelectorAll('canvas')) {
        if (canvas.width === 0 || canvas.height === 0) continue;
        // Read a copy: reading the chart's own canvases back would take them off the GPU.
        const copy = el.ownerDocument.createElement('canvas');
        copy.width = canvas.width;
        copy.height = canvas.height;
        const ctx = copy.getContext('2d', { willReadFrequently: true });
        if (!ctx) continue;
        ctx.drawImage(canvas, 0, 0);
        const data = ctx.getImageData(0, 0, copy.width, copy.height).data;
        const box = canvas.getBoundingClientRect();
        const scale = box.width / canvas.width;
        for (let i = 0; i < data.length; i += 4) {
          const near =
            Math.abs(data[i]! - r!) <= 12 &&
            Math.abs(data[i + 1]! - g!) <= 12 &&
            Math.abs(data[i + 2]! - b!) <= 12 &&
            data[i + 3]! > 200;
          if (!near) continue;
          const p = i / 4;
          const x = box.left + (p % canvas.width) * scale;
          if (x < left! || x > right!) continue;
          sx += x;
          sy += box.top + Math.floor(p / canvas.width) * scale;
          n++;
        }
      }
      return { pixels: n, centre: n === 0 ? null : { x: sx / n, y: sy / n } };
    },
    [rgb, columns] as const,
  );
}

/** Pixels of the canvases under `area` in `rgb`, ±12 a channel: a line's or a drawing's ink. */
export async function inkPixels(area: Locator, rgb: [number, number, number]): Promise<number> {
  return (await ink(area, rgb)).pixels;
}

/** Opens the chart's studies panel and adds `labels` from it; answers the panel, still open. */
export async function addStudies(page: Page, labels: readonly string[]): Promise<Locator> {
  const chart = paneBody(page, 'Chart');
  await chart.getByRole('button', { name: /^Studies/ }).click();
  const panel = chart.getByRole('dialog', { name: 'Studies' });
  for (const label of labels) {
    await panel.getByRole('combobox', { name: 'Study to add' }).selectOption({ label });
    await panel.getByRole('button', { name: 'Add', exact: true }).click();
  }
  return panel;
}

/** Uses a drawing tool on the chart: a click per point, each as fractions of the price pane. */
export async function drawOnChart(
  page: Page,
  tool: string,
  points: readonly (readonly [number, number])[],
): Promise<void> {
  await paneBody(page, 'Chart')
    .getByRole('toolbar', { name: 'Drawing tools' })
    .getByRole('button', { name: tool })
    .click();
  await clickOnChart(page, points);
}

/** Clicks the chart's price pane at `points`, each as fractions of it (x, y). */
export async function clickOnChart(
  page: Page,
  points: readonly (readonly [number, number])[],
): Promise<void> {
  const box = await paneBody(page, 'Chart').getByRole('application').boundingBox();
  if (!box) throw new Error('the chart has no box');
  for (const [fx, fy] of points) {
    await page.mouse.click(box.x + 60 + (box.width - 160) * fx, box.y + box.height * 0.7 * fy);
  }
}
