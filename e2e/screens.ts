/**
 * Screenshots of the default workspace in the states a trader must be able to read:
 * demo data at 1024, 1280 and 1600 px wide in both themes, and, at 1280 px, live data
 * from a local service, the same service stopped (offline, cached data), and a token
 * the service refuses; and the default layout with every pane kind added (the
 * toolbar's "Add pane", one kind after another) at 1024 and 1920 px, dark theme. Not a
 * spec; run it by hand after a UI or layout change and look at them:
 *
 *   npx electron-vite build && npx tsx e2e/screens.ts [output folder]
 *   SCREENS=panes npx tsx e2e/screens.ts   # only some: demo, live, panes
 *
 * Writes `<state>-<theme>-<width>.png` and `all-panes-<width>.png` (default folder:
 * test-results/screens) and prints, per shot, every box whose content is clipped
 * sideways (a scroller that hides columns, a status bar that cuts its end off), and
 * for the pane shots every pane slot: "nothing is cut off" is read from the pictures
 * and checked in these lines.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import { ROOT } from './support/processes';
import { inWorkspace, runScript, stillShot, withBrowser } from './support/shots';
import { expectDefaultLayoutData, paneBody, setTheme, statusMode } from './support/ui';
import { clippedBoxes } from './support/layout';
import { addPaneFromToolbar, PANE_MENU_ITEMS } from './support/panes';
import { PREMIUM_BUDGET, closeWorkspace, openWorkspace } from './support/workspace';

const WIDTHS = [1024, 1280, 1600] as const;
const THEMES = ['dark', 'light'] as const;
const HEIGHT = 800;
const DEMO = { settings: PREMIUM_BUDGET, mode: 'DEMO DATA' } as const;

const out = path.resolve(process.argv[2] ?? path.join(ROOT, 'test-results', 'screens'));

async function shoot(page: Page, name: string, options: { slots?: boolean } = {}): Promise<void> {
  await stillShot(page, path.join(out, `${name}.png`));
  for (const line of await clippedBoxes(page)) console.log(`  clipped: ${line}`);
  if (!options.slots) return;
  const slots = await page.locator('main section[aria-label$=" panes"]').evaluateAll((els) =>
    els.map((el) => {
      const box = el.getBoundingClientRect();
      const tabs = [...el.querySelectorAll('[role=tab]')].map((t) => t.textContent?.trim());
      return `${tabs.join(' | ')}: ${Math.round(box.width)}×${Math.round(box.height)} at ${Math.round(box.x)},${Math.round(box.y)}`;
    }),
  );
  for (const line of slots) console.log(`  slot: ${line}`);
}

/** Demo data at every width and theme. */
function demo(browser: Browser): Promise<void> {
  const viewport = { width: WIDTHS[0], height: HEIGHT };
  return inWorkspace(browser, { ...DEMO, viewport }, async (page) => {
    for (const theme of THEMES) {
      await setTheme(page, theme);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: HEIGHT });
        await expectDefaultLayoutData(page);
        await shoot(page, `demo-${theme}-${width}`);
      }
    }
    await setTheme(page, 'dark');
  });
}

/** Live from a local service, then that service stopped; then a refused token. */
async function live(browser: Browser): Promise<void> {
  const TOKEN = 'screens-token-5d1c';
  const service = { token: TOKEN, seed: 4 };
  const viewport = { width: 1280, height: HEIGHT };
  const app = await openWorkspace(browser, {
    service,
    hostToken: TOKEN,
    settings: PREMIUM_BUDGET,
    viewport,
  });
  try {
    const { page } = app;
    await expect(statusMode(page)).toHaveText(/^\s*LIVE\s*$/, { timeout: 30_000 });
    await expectDefaultLayoutData(page);
    for (const theme of THEMES) {
      await setTheme(page, theme);
      await shoot(page, `live-${theme}-1280`);
    }
    await app.service!.stop();
    await expect(statusMode(page)).toContainText('OFFLINE', { timeout: 40_000 });
    await expect(paneBody(page, 'Quote board').getByRole('status')).toContainText('offline', {
      timeout: 20_000,
    });
    for (const theme of THEMES) {
      await setTheme(page, theme);
      for (const width of WIDTHS) {
        await page.setViewportSize({ width, height: HEIGHT });
        await shoot(page, `offline-${theme}-${width}`);
      }
    }
    await setTheme(page, 'dark');
  } finally {
    await closeWorkspace(app);
  }

  const wrong = { service, hostToken: 'not-the-token', settings: PREMIUM_BUDGET, viewport };
  await inWorkspace(browser, wrong, async (rejected) => {
    await expect(statusMode(rejected)).toContainText('TOKEN REJECTED', { timeout: 30_000 });
    await rejected.waitForTimeout(3_000);
    for (const theme of THEMES) {
      await setTheme(rejected, theme);
      await shoot(rejected, `token-rejected-${theme}-1280`);
    }
    await setTheme(rejected, 'dark');
  });
}

/** The default layout with every pane kind added, at 1024 and 1920 px, 900 high. */
async function panes(browser: Browser): Promise<void> {
  for (const width of [1024, 1920]) {
    await inWorkspace(browser, { ...DEMO, viewport: { width, height: 900 } }, async (page) => {
      for (const item of PANE_MENU_ITEMS) await addPaneFromToolbar(page, item);
      await shoot(page, `all-panes-${width}`, { slots: true });
    });
  }
}

async function main(): Promise<void> {
  mkdirSync(out, { recursive: true });
  await withBrowser(async (browser) => {
    const only = process.env.SCREENS;
    if (!only || only.includes('demo')) await demo(browser);
    if (!only || only.includes('live')) await live(browser);
    if (!only || only.includes('panes')) await panes(browser);
  });
}

runScript(main);
