/**
 * Screenshots of a chart with news markers and a split mark, at 1024 px, dark and
 * light: the instrument of the newest stock headline charted by the day (its news
 * markers on the newest bars), and a stock with a split in its history. Not a spec:
 *
 *   npx electron-vite build && npx tsx e2e/chart-events-screens.ts [output folder]
 *
 * Writes `chart-events-{news,split}-{dark,light}.png` and `events-pane-{dark,light}.png`
 * (default: test-results/screens).
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { chromium, expect } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './support/chromium';
import { newsSubject } from './support/news-subject';
import { addPaneFromToolbar } from './support/panes';
import { ROOT } from './support/processes';
import { expectChartData, newsItems, paneBody, runPalette, setTheme, slot } from './support/ui';
import { PREMIUM_BUDGET, closeWorkspace, openWorkspace } from './support/workspace';

const WIDTH = 1024;
const HEIGHT = 768;
const out = path.resolve(process.argv[2] ?? path.join(ROOT, 'test-results', 'screens'));
/** A stock with a split in the demo's history (`SPLIT_CODE=NVDA SPLIT_REGION=US`). */
const SPLIT = { code: process.env.SPLIT_CODE ?? 'NVDA', region: process.env.SPLIT_REGION ?? 'US' };

async function shoot(page: Page, name: string): Promise<void> {
  await page.mouse.move(0, HEIGHT - 1);
  await page.waitForTimeout(1_200);
  const file = path.join(out, `chart-events-${name}.png`);
  await slot(page, 'Chart').screenshot({ path: file });
  console.log(`wrote ${path.relative(ROOT, file)}`);
}

async function main(): Promise<void> {
  mkdirSync(out, { recursive: true });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_FLAGS, '--hide-scrollbars'],
  });
  const app = await openWorkspace(browser, {
    settings: PREMIUM_BUDGET,
    viewport: { width: WIDTH, height: HEIGHT },
    mode: 'DEMO DATA',
  });
  try {
    const { page } = app;
    const chart = paneBody(page, 'Chart');
    await expectChartData(page);
    await expect(newsItems(page).first()).toBeVisible({ timeout: 20_000 });
    const headline = (await newsItems(page).first().getByRole('link').textContent()) ?? '';
    const subject = newsSubject(headline);
    if (!subject) throw new Error(`no demo stock named in "${headline}"`);
    console.log(`newest headline: ${headline} → ${subject.code} ${subject.region}`);
    await runPalette(page, `${subject.code} ${subject.region} chart 1d`);
    await expectChartData(page);
    await page.waitForTimeout(1_500);
    for (const theme of ['dark', 'light'] as const) {
      await setTheme(page, theme);
      await shoot(page, `news-${theme}`);
    }
    await runPalette(page, `${SPLIT.code} ${SPLIT.region} chart 1M`);
    await expectChartData(page);
    await expect(chart.getByRole('button', { name: 'adj.' })).toBeVisible({ timeout: 20_000 });
    // The whole history in view: both splits and the bars before them.
    const box = (await chart.getByRole('application').boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    for (let i = 0; i < 12; i++) await page.mouse.wheel(0, 400);
    for (const theme of ['dark', 'light'] as const) {
      await setTheme(page, theme);
      await shoot(page, `split-${theme}`);
    }
    await addPaneFromToolbar(page, 'Events');
    const events = paneBody(page, 'Events');
    await expect(
      events
        .getByRole('region', { name: /^Splits/ })
        .getByRole('row')
        .nth(1),
    ).toBeVisible({
      timeout: 20_000,
    });
    for (const theme of ['dark', 'light'] as const) {
      await setTheme(page, theme);
      const file = path.join(out, `events-pane-${theme}.png`);
      await slot(page, 'Events').screenshot({ path: file });
      console.log(`wrote ${path.relative(ROOT, file)}`);
    }
  } finally {
    await closeWorkspace(app);
    await browser.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
