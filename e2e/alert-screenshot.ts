/**
 * The README's alerts screenshot: demo mode, an alerts pane beside the chart with a
 * fired alert (its mark on the chart), an active one (its dashed line) and a paused
 * percent move. Not a spec; run it by hand after a UI change:
 *
 *   npx electron-vite build && npx tsx e2e/alert-screenshot.ts
 *
 * Writes docs/alerts-fired.png.
 */
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { ROOT } from './support/processes';
import { runScript, stillShot, withWorkspace } from './support/shots';
import { expectChartData, paneBody, quoteCell, quoteRow } from './support/ui';
import { PREMIUM_BUDGET } from './support/workspace';

/** Runs a palette command (an alert, a pane to add), without waiting on its entry's wording. */
async function palette(page: Page, text: string): Promise<void> {
  await page.keyboard.press('Control+k');
  const input = page.getByRole('combobox', { name: 'Symbol or command' });
  await input.fill(text);
  await input.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Command palette' })).toBeHidden({
    timeout: 20_000,
  });
}

runScript(() =>
  withWorkspace({ settings: PREMIUM_BUDGET }, async (page) => {
    // The chart follows the board's pick: BTCUSDT.
    await quoteRow(page, 'BTCUSDT BA crypto').click();
    await expectChartData(page);
    const last = Number(
      (await (await quoteCell(page, 'BTCUSDT BA crypto', 'Last')).textContent())!.replace(/,/g, ''),
    );
    await palette(page, 'add alerts');
    await palette(page, 'alert BTCUSDT BA > 1');
    await palette(page, `alert BTCUSDT BA crosses ${Math.round(last * 1.0015)} every`);
    await palette(page, 'alert ETHUSDT BA move 2% 5m');
    await palette(page, 'alert AAPL US < 150');
    const alerts = paneBody(page, 'Alerts');
    await expect(alerts.getByRole('cell', { name: /^fired/ })).toHaveCount(1, {
      timeout: 30_000,
    });
    await alerts
      .getByRole('row', { name: /^ETHUSDT BA moves/ })
      .getByRole('button', { name: 'Pause' })
      .click();
    await stillShot(page, path.join(ROOT, 'docs', 'alerts-fired.png'), page, 1_500);
  }),
);
