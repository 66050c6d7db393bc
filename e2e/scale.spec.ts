/**
 * The price scale, in demo mode: Lin, Log and % in the chart bar; each redraws the
 * price axis (its canvas changes); a study's line over the price stays drawn in each
 * (it is drawn through the candles' own scale); the choice survives a reload.
 * Issue 25 — the price axis spans what is in view and nothing else: with Bollinger,
 * RSI and MACD on AAPL 1d and alerts far above and below the price, its ends are the
 * highest and lowest candle or band in view plus the scale's margins, in Lin, Log and %.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { chartLegend, expectChartData, inkPixels, paneBody, quoteRow } from './support/ui';
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

/** The scale's empty bands above and below what is in view (chart-view's PRICE_MARGINS). */
const MARGINS = { top: 0.1, bottom: 0.1 };

const num = (text: string) => Number(text.replace(/,/g, ''));

/** The candle pane: lightweight-charts' first row, middle cell (its DOM offers no role). */
const candlePane = (page: Page) =>
  chart(page).getByRole('application').locator('table tr').first().locator('td').nth(1);

/**
 * The prices at the candle pane's top and bottom, as a user reads them: the chart's
 * right-click menu names the price it was opened at ("Chart at 231.40").
 */
async function axisEnds(page: Page): Promise<{ top: number; bottom: number }> {
  const box = (await candlePane(page).boundingBox())!;
  const at = async (y: number) => {
    await page.mouse.click(box.x + box.width / 2, y, { button: 'right' });
    const menu = chart(page).getByRole('menu');
    const name = (await menu.getAttribute('aria-label')) ?? '';
    await page.keyboard.press('Escape');
    await expect(menu).toHaveCount(0);
    return num(/^Chart at ([\d,.]+)$/.exec(name)![1]!);
  };
  return { top: await at(box.y + 1), bottom: await at(box.y + box.height - 1) };
}

/**
 * The highest and lowest price the candle pane shows: each bar's high and low and its
 * Bollinger bands, read from the legend with the crosshair on every bar in view. The
 * crosshair is moved in the page (a mouse move every 3 px, the legend read after each
 * update): from the test, two round trips a step took a busy machine over a minute.
 */
async function inView(page: Page): Promise<{ high: number; low: number; bars: number }> {
  // The pointer enters the pane for real first: the chart listens for moves once it has.
  const pane = (await candlePane(page).boundingBox())!;
  await page.mouse.move(pane.x + pane.width / 2, pane.y + pane.height / 2);
  const found = await candlePane(page).evaluate(async (cell) => {
    type Elem = {
      getBoundingClientRect(): { x: number; y: number; width: number; height: number };
      dispatchEvent(event: unknown): boolean;
      closest(selector: string): Elem | null;
      querySelector(selector: string): Elem | null;
      querySelectorAll(selector: string): ArrayLike<{ textContent: string | null }>;
    };
    const g = globalThis as unknown as {
      document: { elementFromPoint(x: number, y: number): Elem | null };
      MouseEvent: new (type: string, init: object) => unknown;
      setTimeout(fn: () => void, ms: number): void;
    };
    const box = (cell as unknown as Elem).getBoundingClientRect();
    const legend = (cell as unknown as Elem)
      .closest('section')
      ?.querySelector('[role="group"][aria-label="Price legend"]');
    const num = (text: string) => Number(text.replace(/,/g, ''));
    let high = -Infinity;
    let low = Infinity;
    const seen = new Set<string>();
    const y = box.y + box.height / 2;
    for (let x = box.x + 1; x < box.x + box.width - 1; x += 3) {
      g.document
        .elementFromPoint(x, y)
        ?.dispatchEvent(new g.MouseEvent('mousemove', { clientX: x, clientY: y, bubbles: true }));
      // The legend follows the crosshair in the next task at the latest.
      await new Promise<void>((done) => g.setTimeout(done, 0));
      const ohlc = Array.from(
        legend?.querySelectorAll(':scope > span > b') ?? [],
        (b) => b.textContent ?? '',
      );
      const bands = Array.from(
        legend?.querySelectorAll('[data-study^="bb"] b') ?? [],
        (b) => b.textContent ?? '',
      );
      const [, h, l] = ohlc;
      if (!h || !l) continue;
      seen.add(ohlc.join(' '));
      for (const v of [h, l, ...bands.filter((b) => /\d/.test(b))]) {
        high = Math.max(high, num(v));
        low = Math.min(low, num(v));
      }
    }
    return { high, low, bars: seen.size };
  });
  await page.mouse.move(0, 0);
  return found;
}

test('the price axis spans the candles and bands in view, not alert lines far off', async () => {
  const { page } = app;
  await quoteRow(page, 'AAPL US stock').click();
  await chart(page).getByRole('button', { name: '1d', exact: true }).click();
  await expect(chart(page).getByRole('application')).toHaveAccessibleName(/of AAPL, 1d/);
  await expectChartData(page);
  await chart(page)
    .getByRole('button', { name: /^Studies/ })
    .click();
  const studies = chart(page).getByRole('dialog', { name: 'Studies' });
  for (const label of ['BB', 'RSI', 'MACD']) {
    await studies.getByRole('combobox', { name: 'Study to add' }).selectOption({ label });
    await studies.getByRole('button', { name: 'Add', exact: true }).click();
  }
  await studies.getByRole('button', { name: 'Close studies' }).click();
  await expect(chartLegend(page)).toContainText(/MACD 12 26 9\s*[−-]?\d/);
  // Two alert lines on the candles, far from every price in view.
  for (const text of ['alert AAPL US > 2,000', 'alert AAPL US < 2']) {
    await page.keyboard.press('Control+k');
    const input = page.getByRole('combobox', { name: 'Symbol or command' });
    await input.fill(text);
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await expect(palette.getByRole('option', { selected: true })).toContainText('Create alert');
    await input.press('Enter');
    await expect(palette).toBeHidden();
  }

  // Bars are 6 px apart: a step of 3 px puts the crosshair on each. The scale changes
  // no bar in view, so they are read once.
  const { high, low, bars } = await inView(page);
  expect(bars).toBeGreaterThan(20);
  for (const mode of ['Lin', 'Log', '%']) {
    await scaleButton(page, mode).click();
    await expect(scaleButton(page, mode)).toHaveAttribute('aria-pressed', 'true');
    const { top, bottom } = await axisEnds(page);
    // Nothing in view is cut off, and nothing else widens the axis: its ends are the
    // extremes in view plus the margins, a share of the pane's height (in Log, of
    // the logarithms). A bar cut by the pane's left edge counts for the scale too, but
    // the crosshair cannot reach it: a band rising steeply off the edge may take the
    // end a little further (0.06 of the span seen), never as far as the alert lines.
    const f = mode === 'Log' ? Math.log : (v: number) => v;
    const span = f(high) - f(low);
    const share = 1 - MARGINS.top - MARGINS.bottom;
    const above = (f(top) - f(high)) / span;
    const below = (f(low) - f(bottom)) / span;
    expect(above, `${mode}: top ${top}, highest in view ${high}`).toBeGreaterThan(
      MARGINS.top / share - 0.05,
    );
    expect(above, `${mode}: top ${top}, highest in view ${high}`).toBeLessThan(
      MARGINS.top / share + 0.1,
    );
    expect(below, `${mode}: bottom ${bottom}, lowest ${low}`).toBeGreaterThan(
      MARGINS.bottom / share - 0.05,
    );
    expect(below, `${mode}: bottom ${bottom}, lowest ${low}`).toBeLessThan(
      MARGINS.bottom / share + 0.1,
    );
  }
  await scaleButton(page, 'Lin').click();
});
