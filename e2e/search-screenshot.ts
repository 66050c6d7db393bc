/**
 * The README's picture of symbol search: the command palette searching "tencent" over
 * the default workspace (demo data, dark theme, 1280 × 800). Not a spec; run it by hand
 * after a change to the palette and look at it:
 *
 *   npx electron-vite build && npx tsx e2e/search-screenshot.ts [file]
 */
import path from 'node:path';
import { chromium, expect } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './support/chromium';
import { ROOT, stopAll } from './support/processes';
import { expectDefaultLayoutData, setTheme } from './support/ui';
import { PREMIUM_BUDGET, closeWorkspace, openWorkspace } from './support/workspace';

const file = path.resolve(process.argv[2] ?? path.join(ROOT, 'docs', 'search-tencent.png'));
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
try {
  const app = await openWorkspace(browser, {
    settings: PREMIUM_BUDGET,
    viewport: { width: 1280, height: 800 },
    mode: 'DEMO DATA',
  });
  try {
    const { page } = app;
    await setTheme(page, 'dark');
    await expectDefaultLayoutData(page);
    await page.keyboard.press('Control+k');
    const palette = page.getByRole('dialog', { name: 'Command palette' });
    await palette
      .getByRole('combobox')
      .pressSequentially('tencent', { delay: 40, timeout: 60_000 });
    await expect(palette.getByRole('option').first()).toContainText('Tencent Holdings', {
      timeout: 30_000,
    });
    await page.mouse.move(0, 799);
    await page.waitForTimeout(1_500);
    await page.screenshot({ path: file });
    console.log(`wrote ${path.relative(ROOT, file)}`);
  } finally {
    await closeWorkspace(app);
  }
} finally {
  await browser.close();
  await stopAll();
}
