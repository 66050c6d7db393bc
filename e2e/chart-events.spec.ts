/**
 * Events on the chart, in demo mode: the instrument of the newest stock headline,
 * charted by the day, has a news marker on a bar, and a click on it opens the bar's
 * stories with the headline's article link (opened through the bridge's openExternal);
 * a monthly chart across a split (the first split the events pane lists) is adjusted by
 * default ("adj." in the legend, the split's mark inked on the chart), and the toggle
 * shows the raw prices, the split's ratio higher before it.
 */
import type { Locator, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { newsSubject } from './support/news-subject';
import { addPaneFromToolbar } from './support/panes';
import {
  chartLegend,
  expectChartData,
  ink,
  inkPixels,
  newsItems,
  paneBody,
  runPalette,
} from './support/ui';
import { PREMIUM_BUDGET, useWorkspace } from './support/workspace';

const sent: string[] = [];
const app = useWorkspace({
  mode: 'DEMO DATA',
  settings: PREMIUM_BUDGET,
  beforeOpen: (page) => {
    page.on('websocket', (ws) => {
      ws.on('framesent', ({ payload }) => sent.push(String(payload)));
    });
  },
});

const chart = (page: Page) => paneBody(page, 'Chart');
const plot = (page: Page) => chart(page).getByRole('application');

/** A CSS colour variable of the chart's element as [r, g, b]. */
async function themeRgb(area: Locator, name: string): Promise<[number, number, number]> {
  const hex = await area.evaluate(
    (el, v) => el.ownerDocument.defaultView!.getComputedStyle(el).getPropertyValue(v).trim(),
    name,
  );
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m) throw new Error(`${name} is not #rrggbb: ${hex}`);
  const n = Number.parseInt(m[1]!, 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** The legend's close: "C 123.45". */
async function legendClose(page: Page): Promise<number> {
  const text = (await chartLegend(page).textContent()) ?? '';
  const m = /C\s*([\d,]+\.?\d*)/.exec(text);
  if (!m) throw new Error(`no close in "${text}"`);
  return Number(m[1]!.replace(/,/g, ''));
}

test('a news marker on a bar opens its article', async () => {
  const { page } = app;
  await expect(newsItems(page).first()).toBeVisible({ timeout: 20_000 });
  const link = newsItems(page).first().getByRole('link');
  const headline = (await link.textContent()) ?? '';
  const href = (await link.getAttribute('href')) ?? '';
  const subject = newsSubject(headline);
  expect(subject, `a demo stock named in "${headline}"`).not.toBeNull();
  await runPalette(page, `${subject!.code} ${subject!.region} chart 1d`);
  await expectChartData(page);

  // The marker is drawn in the theme's accent; nothing else on this chart is.
  const accent = await themeRgb(plot(page), '--accent');
  await expect.poll(() => inkPixels(plot(page), accent), { timeout: 20_000 }).toBeGreaterThan(10);
  const marker = (await ink(plot(page), accent)).centre;
  expect(marker).not.toBeNull();
  await page.mouse.click(marker!.x, marker!.y);

  const card = chart(page).getByRole('dialog', { name: /^News of the bar/ });
  await expect(card).toBeVisible();
  const article = card.getByRole('link', { name: headline });
  await expect(article).toHaveAttribute('href', href);
  const before = sent.length;
  await article.click();
  await expect
    .poll(() => sent.slice(before).some((f) => f.includes('openExternal') && f.includes(href)))
    .toBe(true);
  await page.keyboard.press('Escape');
  await expect(card).toBeHidden();
});

test('a chart across a split is adjusted, with the split marked; the toggle shows raw', async () => {
  const { page } = app;
  // The first split the events pane lists for US.
  await addPaneFromToolbar(page, 'Events');
  const splits = paneBody(page, 'Events').getByRole('region', { name: 'Splits · US' });
  const row = splits.getByRole('row').nth(1);
  await expect(row).toBeVisible({ timeout: 20_000 });
  const cells = await row.getByRole('cell').allTextContents();
  const [, code, , ratio] = cells.map((c) => c.trim());
  const [to, from] = ratio!.split(':').map(Number);
  await runPalette(page, `${code} US chart 1M`);
  await expectChartData(page);

  const toggle = chart(page).getByRole('button', { name: 'adj.' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'true', { timeout: 20_000 });
  // Pressed is the pane's setting; "adj." in the legend waits for the splits to arrive.
  await expect(chartLegend(page)).toContainText('adj.', { timeout: 20_000 });
  const warn = await themeRgb(plot(page), '--warn');
  await expect.poll(() => inkPixels(plot(page), warn)).toBeGreaterThan(10);

  // A bar left of the split's mark, as a trader would point at it: before the split,
  // raw, it is the ratio higher (the legend follows the crosshair a frame later). A
  // narrow chart opens after the split: it is dragged back in time until the mark is in
  // its right half.
  const box = (await plot(page).boundingBox())!;
  const midY = box.y + box.height / 2;
  const markX = async () => (await ink(plot(page), warn)).centre!.x;
  for (let i = 0; i < 8 && (await markX()) < box.x + box.width / 2; i++) {
    await page.mouse.move(box.x + 30, midY);
    await page.mouse.down();
    await page.mouse.move(box.x + 30 + box.width / 4, midY, { steps: 4 });
    await page.mouse.up();
  }
  const mark = { x: await markX(), y: midY };
  await page.mouse.move(box.x + box.width - 1, 0);
  const newest = await legendClose(page);
  await page.mouse.move(mark.x - 24, mark.y);
  await expect.poll(() => legendClose(page)).not.toBe(newest);
  const adjusted = await legendClose(page);
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await page.mouse.move(mark.x - 23, mark.y);
  await page.mouse.move(mark.x - 24, mark.y);
  await expect(chartLegend(page)).not.toContainText('adj.');
  await expect.poll(async () => (await legendClose(page)) / adjusted).toBeCloseTo(to! / from!, 1);
});
