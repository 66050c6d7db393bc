/**
 * Screenshots of the default layout with every pane kind added (the toolbar's "Add
 * pane", one kind after another), at 1024 and 1920 px wide, dark theme. Not a spec;
 * run it by hand after a layout change and look at them:
 *
 *   npx electron-vite build && npx tsx e2e/layout-screens.ts [output folder]
 *
 * Writes `all-panes-<width>.png` (default folder: test-results/screens) and prints,
 * per shot, every box whose content is clipped sideways and every pane slot.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './support/chromium';
import { ROOT, stopAll } from './support/processes';
import { clippedBoxes } from './support/layout';
import { addPaneFromToolbar, PANE_MENU_ITEMS } from './support/panes';
import { PREMIUM_BUDGET, closeWorkspace, openWorkspace } from './support/workspace';

const WIDTHS = [1024, 1920] as const;
const HEIGHT = 900;
const out = path.resolve(process.argv[2] ?? path.join(ROOT, 'test-results', 'screens'));

async function shoot(page: Page, name: string): Promise<void> {
  await page.mouse.move(0, HEIGHT - 1);
  await page.waitForTimeout(1_500);
  const file = path.join(out, `${name}.png`);
  await page.screenshot({ path: file });
  console.log(`wrote ${path.relative(ROOT, file)}`);
  for (const line of await clippedBoxes(page)) console.log(`  clipped: ${line}`);
  const slots = await page.locator('main section[aria-label$=" panes"]').evaluateAll((els) =>
    els.map((el) => {
      const box = el.getBoundingClientRect();
      const tabs = [...el.querySelectorAll('[role=tab]')].map((t) => t.textContent?.trim());
      return `${tabs.join(' | ')}: ${Math.round(box.width)}×${Math.round(box.height)} at ${Math.round(box.x)},${Math.round(box.y)}`;
    }),
  );
  for (const line of slots) console.log(`  slot: ${line}`);
}

async function main(): Promise<void> {
  mkdirSync(out, { recursive: true });
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS, '--hide-scrollbars'],
  });
  try {
    for (const width of WIDTHS) {
      const app = await openWorkspace(browser, {
        settings: PREMIUM_BUDGET,
        viewport: { width, height: HEIGHT },
        mode: 'DEMO DATA',
      });
      try {
        for (const item of PANE_MENU_ITEMS) await addPaneFromToolbar(app.page, item);
        await shoot(app.page, `all-panes-${width}`);
      } finally {
        await closeWorkspace(app);
      }
    }
  } finally {
    await browser.close();
    await stopAll();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
