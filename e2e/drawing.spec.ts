/**
 * Issue 15 — drawings, in demo mode: a horizontal line and a trend line drawn on the
 * chart with the drawing tools are still there after a reload and an interval switch,
 * a second chart of the same symbol (the chart popped out: another window, another
 * bridge client) shows them, and deleting one in the main window removes it there too.
 * The drawings are pixels, so the spec reads them from the drawing list, whose names say
 * what is drawn; one check looks for the line's colour on the canvas.
 * Issue 25 — at 1024 px, none of the chart's furniture (the legend with three studies'
 * values, the drawing tools, hint, list and editor, the studies and compare panels)
 * lies over the candles.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { furnitureOverCandles } from './support/layout';
import { expectChartData, ink, inkPixels as inkOf, paneBody, slot } from './support/ui';
import { PREMIUM_BUDGET, useWorkspace } from './support/workspace';

const app = useWorkspace({ settings: PREMIUM_BUDGET, mode: 'DEMO DATA' });

/** The colour new drawings take (the first of the drawing colours). */
const BLUE: [number, number, number] = [0x2f, 0x7d, 0xf6];

const chartPane = (scope: Page) => paneBody(scope, 'Chart');
const canvasArea = (scope: Page) => chartPane(scope).getByRole('application');
const tools = (scope: Page) => chartPane(scope).getByRole('toolbar', { name: 'Drawing tools' });

/** The drawing list's entries (opened if closed). */
async function drawingList(scope: Page): Promise<Locator> {
  const toggle = tools(scope).getByRole('button', { name: /^\d+ drawings?$/ });
  if ((await toggle.getAttribute('aria-expanded')) !== 'true') await toggle.click();
  return chartPane(scope)
    .getByRole('list', { name: /^Drawings on / })
    .getByRole('button');
}

/** Clicks the chart at a point given as fractions of its price pane. */
async function clickChart(scope: Page, fx: number, fy: number): Promise<void> {
  const box = await canvasArea(scope).boundingBox();
  if (!box) throw new Error('the chart has no box');
  // The price pane is the top ~70% (the volume pane below), left of the ~80 px scale.
  await scope.mouse.click(box.x + 60 + (box.width - 160) * fx, box.y + box.height * 0.7 * fy);
}

/** Pixels of the chart's canvases in `rgb`: the drawings' ink. */
const inkPixels = (scope: Page, rgb: [number, number, number]) => inkOf(canvasArea(scope), rgb);

let names: string[] = [];

test('a horizontal line and a trend line are drawn with the tools', async () => {
  const { page } = app;
  await expectChartData(page);
  await expect(tools(page).getByRole('button', { name: 'Horizontal line' })).toBeVisible();
  expect(await inkPixels(page, BLUE)).toBe(0);

  await tools(page).getByRole('button', { name: 'Horizontal line' }).click();
  await expect(tools(page).getByRole('button', { name: 'Horizontal line' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await clickChart(page, 0.6, 0.4);
  await expect.poll(() => inkPixels(page, BLUE)).toBeGreaterThan(300);

  // Escape cancels a trend line half placed: nothing is added.
  await tools(page).getByRole('button', { name: 'Trend line' }).click();
  await clickChart(page, 0.2, 0.7);
  await page.keyboard.press('Escape');
  await expect(tools(page).getByRole('button', { name: 'Trend line' })).toHaveAttribute(
    'aria-pressed',
    'false',
  );

  await tools(page).getByRole('button', { name: 'Trend line' }).click();
  await clickChart(page, 0.2, 0.8);
  await clickChart(page, 0.5, 0.3);

  const list = await drawingList(page);
  await expect(list).toHaveCount(2);
  // Drag the horizontal line down: its price falls.
  const priceOf = async () => Number((await list.nth(0).textContent())!.replace(/[^\d.]/g, ''));
  const before = await priceOf();
  const box = (await canvasArea(page).boundingBox())!;
  const x = box.x + 60 + (box.width - 160) * 0.8;
  // Grabbed where it is drawn now, as a user aims: the candles' scale follows the
  // prices, and the line has moved with it since it was placed. Right of the trend
  // line, only the horizontal line is blue.
  const y = (await ink(canvasArea(page), BLUE, [x - 2, x + 2])).centre!.y;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + 20, { steps: 4 });
  await page.mouse.move(x, y + 40, { steps: 4 });
  await page.mouse.up();
  await expect.poll(priceOf).toBeLessThan(before);
  await expect(list.nth(0)).toHaveText(/^Horizontal line at \d[\d,]*\.\d+$/);
  await expect(list.nth(1)).toHaveText(/^Trend line \d[\d,]*\.\d+ → \d[\d,]*\.\d+$/);
  names = await list.allTextContents();
});

test('they are still there after a reload', async () => {
  const { page } = app;
  await page.reload();
  await expectChartData(page);
  await expect(await drawingList(page)).toHaveText(names);
  await expect.poll(() => inkPixels(page, BLUE)).toBeGreaterThan(300);
});

test('and after an interval switch', async () => {
  const { page } = app;
  const intervals = chartPane(page).getByRole('group', { name: 'Interval' });
  await intervals.getByRole('button', { name: '1h' }).click();
  await expect(canvasArea(page)).toHaveAccessibleName(/, 1h;/);
  await expectChartData(page);
  await expect(await drawingList(page)).toHaveText(names);
  await expect.poll(() => inkPixels(page, BLUE)).toBeGreaterThan(300);
});

test('a second chart of the symbol shows them, and a deletion reaches it', async () => {
  const { page } = app;
  const [popOut] = await Promise.all([
    page.waitForEvent('popup', { timeout: 30_000 }),
    slot(page, 'Chart').getByRole('button', { name: 'Pop out into its own window' }).click(),
  ]);
  try {
    await expectChartData(popOut);
    await expect(await drawingList(popOut)).toHaveText(names);

    // Select the trend line from the list and delete it with the Delete key.
    const list = await drawingList(page);
    await list.filter({ hasText: /^Trend line/ }).click();
    await expect(
      chartPane(page).getByRole('group', { name: /^Selected drawing: Trend line/ }),
    ).toBeVisible();
    await canvasArea(page).focus();
    await page.keyboard.press('Delete');
    await expect(list).toHaveText([names[0]!]);
    await expect(await drawingList(popOut)).toHaveText([names[0]!]);

    // And the other with the editor's button, in the pop-out this time.
    await (await drawingList(popOut)).first().click();
    await chartPane(popOut)
      .getByRole('button', { name: /^Delete Horizontal line/ })
      .click();
    await expect(chartPane(popOut).getByRole('list', { name: /^Drawings on / })).toHaveText(
      /No drawings/,
    );
    await expect(chartPane(page).getByRole('list', { name: /^Drawings on / })).toHaveText(
      /No drawings/,
    );
    await expect.poll(() => inkPixels(page, BLUE)).toBe(0);
  } finally {
    await popOut.close();
  }
});

test("at 1024 px the chart's furniture leaves the candles clear", async () => {
  const { page } = app;
  const chart = chartPane(page);
  await page.setViewportSize({ width: 1024, height: 768 });
  try {
    await expectChartData(page);
    const clear = () => expect.poll(() => furnitureOverCandles(chart)).toEqual([]);
    const list = chart.getByRole('list', { name: /^Drawings on / });
    await expect(list).toBeVisible();
    await expect(tools(page)).toBeVisible();
    await clear();

    // Placing a line: the hint shows; placed, the line is selected: its editor shows.
    await tools(page).getByRole('button', { name: 'Horizontal line' }).click();
    await expect(chart.getByRole('status').filter({ hasText: /^Click the/ })).toBeVisible();
    await clear();
    await clickChart(page, 0.5, 0.5);
    await expect(list.getByRole('button')).toHaveCount(1);
    await expect(chart.getByRole('group', { name: /^Selected drawing/ })).toBeVisible();
    await clear();

    // Three studies' values make the legend several lines at this width.
    await chart.getByRole('button', { name: /^Studies/ }).click();
    const studies = chart.getByRole('dialog', { name: 'Studies' });
    for (const label of ['BB', 'RSI', 'MACD']) {
      await studies.getByRole('combobox', { name: 'Study to add' }).selectOption({ label });
      await studies.getByRole('button', { name: 'Add', exact: true }).click();
    }
    const legend = chart.getByRole('group', { name: 'Price legend' });
    await expect(legend).toContainText(/MACD 12 26 9\s*[−-]?\d/, { timeout: 20_000 });
    expect((await legend.boundingBox())!.height).toBeGreaterThan(30);
    await clear();
    await chart.getByRole('button', { name: /^Compare/ }).click();
    await expect(chart.getByRole('dialog', { name: 'Compare' })).toBeVisible();
    await clear();

    // With the crosshair on the candles (the legend then shows the bar under it).
    const box = (await canvasArea(page).boundingBox())!;
    await page.mouse.move(box.x + box.width / 3, box.y + box.height * 0.3);
    await clear();
  } finally {
    await page.setViewportSize({ width: 1600, height: 900 });
  }
});
