/**
 * Pictures of the recording's user-facing parts: the status bar's REC popover with a
 * symbol switched off, and Settings' Recording size, at 1024 px in both themes. Not a
 * spec; run it by hand after a change to them and look at the pictures:
 *
 *   npx electron-vite build && npx tsx e2e/recording-screens.ts [folder]
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { runScript, stillShot, withWorkspace } from './support/shots';
import { setTheme } from './support/ui';

const folder = path.resolve(process.argv[2] ?? 'test-results/recording-screens');
mkdirSync(folder, { recursive: true });
runScript(() =>
  withWorkspace({ viewport: { width: 1024, height: 720 } }, async (page) => {
    const rec = page.getByTestId('rec-indicator');
    await expect(rec).toHaveAttribute('data-state', 'recording', { timeout: 20_000 });
    await rec.click();
    const panel = page.getByRole('dialog', { name: 'Recording' });
    await panel.getByRole('checkbox', { name: /^ETHUSDT/ }).uncheck();
    await expect(panel).toContainText('1 switched off');
    for (const theme of ['dark', 'light'] as const) {
      await setTheme(page, theme);
      await stillShot(page, path.join(folder, `rec-popover-${theme}.png`));
    }
    await panel.getByRole('button', { name: 'Close recording' }).click();
    for (const theme of ['light', 'dark'] as const) {
      await setTheme(page, theme);
      await page.getByRole('button', { name: 'Settings' }).click();
      const dialog = page.getByRole('dialog', { name: 'Settings' });
      await dialog.getByLabel('Recording size').scrollIntoViewIfNeeded();
      await stillShot(page, path.join(folder, `settings-recording-${theme}.png`));
      await dialog.getByRole('button', { name: 'Close settings' }).click();
    }
  }),
);
