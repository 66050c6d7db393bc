/**
 * The heatmap's toolbar in a narrow slot (1024 px, beside a ladder as a tab): a symbol
 * the source could not check (the service gone) is refused with its reason, and the
 * reason is read whole, wrapped onto rows of its own, as the ladder's is — not cut at
 * the pane's edge by the toolbar's one unbreakable row.
 */
import { expect, test } from '@playwright/test';
import { BTC, BTC_LADDER } from './support/heatmap';
import { savedPane, savedWorkspace, split, tabsOf } from './support/saved-workspace';
import { paneBody, statusMode } from './support/ui';
import { PREMIUM_BUDGET, useWorkspace } from './support/workspace';

const TOKEN = 'e2e-heatmap-toolbar-token-51c2';
const heatmapPane = savedPane('heat', 'heatmap', {
  link: 'red',
  symbol: BTC,
  options: { bucketMs: 1_000, grouping: 1 },
});
const app = useWorkspace({
  service: { token: TOKEN, seed: 1 },
  hostToken: TOKEN,
  settings: PREMIUM_BUDGET,
  workspace: savedWorkspace({
    name: 'Map',
    root: split('s-map', 'row', 0.7, tabsOf(BTC_LADDER), tabsOf(heatmapPane)),
    linkSymbols: { red: BTC },
  }),
  viewport: { width: 1024, height: 700 },
});

test('a symbol that could not be checked: its reason is read whole in a narrow heatmap', async () => {
  const page = app.page;
  await expect(statusMode(page)).toHaveText(/^\s*LIVE\s*$/, { timeout: 20_000 });
  const heatmap = paneBody(page, 'Depth heatmap');
  await expect(heatmap.getByRole('img', { name: 'Depth heatmap of BTCUSDT' })).toBeVisible();
  await app.service!.stop();
  await expect(statusMode(page)).toContainText('OFFLINE', { timeout: 30_000 });

  await heatmap.getByRole('button', { name: 'Symbol BTCUSDT: change' }).click();
  const field = heatmap.getByRole('combobox', { name: 'Symbol, by code or name' });
  await field.pressSequentially('ethusdt', { delay: 30 });
  const options = page.getByRole('listbox', { name: 'Matching symbols' }).getByRole('option');
  await expect(options.first()).toContainText(/ETHUSDT\s*BA\s*crypto/);
  await field.press('Enter');
  const reason = heatmap.getByRole('alert');
  await expect(reason).toContainText('could not be checked', { timeout: 20_000 });
  await expect(reason).toContainText('Choose it again to show it unverified.');

  // Whole: its box inside the pane's (cut, it ran ~900 px past the pane's edge).
  const [box, pane] = [await reason.boundingBox(), await heatmap.boundingBox()];
  expect(box!.x + box!.width).toBeLessThanOrEqual(pane!.x + pane!.width + 1);
});
