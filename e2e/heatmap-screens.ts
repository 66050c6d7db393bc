/**
 * Pictures of the depth heatmap at its defaults (1 s buckets, the grouping and price
 * view it opens with), as a trader first meets it, in demo mode on a Wednesday afternoon
 * (every market open): BTCUSDT, AAPL, EURUSD and the E-mini S&P future, each beside a
 * ladder at 1024 px and at 1600 px, dark and light. Not a spec; run it by hand after a
 * change to the heatmap's defaults and look at the pictures:
 *
 *   npx electron-vite build && npx tsx e2e/heatmap-screens.ts [folder] [seconds] [btc,aapl,eurusd,es]
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { expect } from '@playwright/test';
import { runScript, stillShot, withBrowser, inWorkspace } from './support/shots';
import { savedPane, savedWorkspace, split, tabsOf } from './support/saved-workspace';
import type { SymbolRef } from './support/saved-workspace';
import { paneBody, setTheme } from './support/ui';
import { PREMIUM_BUDGET } from './support/workspace';

const folder = path.resolve(process.argv[2] ?? 'test-results/heatmap-screens');
/** How long the map gathers columns before the pictures. */
const seconds = Number(process.argv[3] ?? 30);
const WEDNESDAY = '2026-11-25T15:00:00Z';

const SYMBOLS: Record<string, SymbolRef> = {
  btc: { class: 'crypto', region: 'BA', exchange: '', code: 'BTCUSDT' },
  aapl: { class: 'stock', region: 'US', exchange: '', code: 'AAPL' },
  eurusd: { class: 'forex', region: 'GB', exchange: '', code: 'EURUSD' },
  es: { class: 'future', region: 'US', exchange: '', code: 'ES' },
};
const only = process.argv[4]?.split(',');

mkdirSync(folder, { recursive: true });
runScript(() =>
  withBrowser(async (browser) => {
    for (const [name, symbol] of Object.entries(SYMBOLS)) {
      if (only && !only.includes(name)) continue;
      const ladder = savedPane('depth', 'depth', { link: 'red', symbol });
      const heatmap = savedPane('heat', 'heatmap', { link: 'red', symbol });
      await inWorkspace(
        browser,
        {
          mode: 'DEMO DATA',
          hostClock: WEDNESDAY,
          beforeOpen: (page) => page.clock.install({ time: Date.parse(WEDNESDAY) }),
          settings: PREMIUM_BUDGET,
          workspace: savedWorkspace({
            name: 'Map',
            root: split('s-map', 'row', 0.5, tabsOf(ladder), tabsOf(heatmap)),
            linkSymbols: { red: symbol },
          }),
          viewport: { width: 1024, height: 700 },
        },
        async (page) => {
          const pane = paneBody(page, 'Depth heatmap');
          // Pictures whatever the pane shows: a pane that never draws (the book awaited
          // forever) is what the pictures are for too.
          await expect(pane.getByTestId('heatmap-plot')).toBeVisible({ timeout: 30_000 });
          await page.waitForTimeout(seconds * 1_000);
          for (const width of [1024, 1600]) {
            await page.setViewportSize({ width, height: width === 1024 ? 700 : 900 });
            for (const theme of ['dark', 'light'] as const) {
              await setTheme(page, theme);
              await stillShot(page, path.join(folder, `heatmap-${name}-${theme}-${width}.png`));
            }
          }
        },
      );
    }
  }),
);
