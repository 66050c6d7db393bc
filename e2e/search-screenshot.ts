/**
 * The README's picture of symbol search: the command palette searching "tencent" over
 * the default workspace (demo data, dark theme, 1280 × 800). Not a spec; run it by hand
 * after a change to the palette and look at it:
 *
 *   npx electron-vite build && npx tsx e2e/search-screenshot.ts [file]
 */
import path from 'node:path';
import { expect } from '@playwright/test';
import { ROOT } from './support/processes';
import { runScript, stillShot, withWorkspace } from './support/shots';
import { expectDefaultLayoutData, setTheme } from './support/ui';
import { PREMIUM_BUDGET } from './support/workspace';

const file = path.resolve(process.argv[2] ?? path.join(ROOT, 'docs', 'search-tencent.png'));
runScript(() =>
  withWorkspace(
    { settings: PREMIUM_BUDGET, viewport: { width: 1280, height: 800 } },
    async (page) => {
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
      await stillShot(page, file, page, 1_500);
    },
  ),
);
