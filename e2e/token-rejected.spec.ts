/**
 * Issue 10 — a token the service refuses: the host starts in demo mode with a
 * token-checking simulator's address in its settings, and a wrong token is set in
 * Settings. From then on the status bar says TOKEN REJECTED and never, not for a
 * moment, LIVE; the panes say "token rejected" and show no numbers (nothing from the
 * demo, nothing invented); the status bar's "Set a new token…" opens Settings at the
 * token field, and the right token brings live data.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import type { Host } from './support/processes';
import {
  makeHome,
  printLogsOnFailure,
  removeHome,
  startHost,
  startSimulator,
  stopAll,
} from './support/processes';
import { boardColumn, lastPrices, paneBody, rowStateIcon, statusMode } from './support/ui';

test.describe.configure({ mode: 'serial' });
printLogsOnFailure();

const TOKEN = 'e2e-right-token-8c21';
let home: string;
let host: Host;
let page: Page;

/** The page's globals used here (this project's Node tsconfig has no DOM lib). */
type PageGlobals = {
  document: {
    querySelector(selector: string): { textContent: string | null } | null;
  };
  MutationObserver: new (callback: () => void) => {
    observe(target: unknown, options: Record<string, boolean>): void;
  };
  __statusTexts: string[];
};

test.beforeAll(async ({ browser }) => {
  const simulator = await startSimulator({ token: TOKEN, seed: 2 });
  home = makeHome({ baseUrl: simulator.url, plan: 'premium', requestsPerMinute: 3000 });
  host = await startHost({ home });
  // axe needs a page of an explicit context (not browser.newPage()).
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  page = await context.newPage();
  // Every text the status bar's mode ever shows, from the first paint on.
  await page.addInitScript(() => {
    const g = globalThis as unknown as PageGlobals;
    g.__statusTexts = [];
    const record = () => {
      const el = g.document.querySelector('footer[aria-label="Status"] [role="status"]');
      const text = el?.textContent?.trim() ?? '';
      if (text && g.__statusTexts.at(-1) !== text) g.__statusTexts.push(text);
    };
    new g.MutationObserver(record).observe(g.document, {
      subtree: true,
      childList: true,
      characterData: true,
    });
  });
  await page.goto(host.url);
  await expect(statusMode(page)).toContainText('DEMO DATA', { timeout: 20_000 });
});

test.afterAll(async () => {
  await page?.context().close();
  await stopAll();
  removeHome(home);
});

const statusTexts = () => page.evaluate(() => (globalThis as unknown as PageGlobals).__statusTexts);

test('with a wrong token set, the status bar says TOKEN REJECTED, and never LIVE', async () => {
  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await page.evaluate(() => ((globalThis as unknown as PageGlobals).__statusTexts = []));
  await dialog.getByLabel('New API token').fill('e2e-wrong-token-0000');
  await dialog.getByRole('button', { name: 'Set token' }).click();
  await expect(dialog).toContainText('A token is set');
  await dialog.getByRole('button', { name: 'Close settings' }).click();
  await expect(statusMode(page)).toContainText('TOKEN REJECTED', { timeout: 30_000 });
  await expect(statusMode(page)).toContainText('the service refused the token');
  // Give a wrongly optimistic status every chance to show.
  await page.waitForTimeout(5_000);
  await expect(statusMode(page)).toContainText('TOKEN REJECTED');
  const seen = await statusTexts();
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.filter((text) => /\bLIVE\b/.test(text))).toEqual([]);
});

test('the panes say "token rejected" and show no numbers', async () => {
  const board = paneBody(page, 'Quote board');
  await expect(board.getByRole('status')).toContainText('token rejected', { timeout: 20_000 });
  await expect(rowStateIcon(page, 'AAPL US stock')).toHaveAccessibleName(/^token rejected/);
  // Nothing from the demo, nothing invented: no price on the board.
  expect((await lastPrices(page)).every((text) => text === '—')).toBe(true);
  expect((await boardColumn(page, 'Chg')).every((text) => text === '—')).toBe(true);
  for (const pane of ['Chart', 'Depth ladder']) {
    await expect(paneBody(page, pane).getByRole('status'), pane).toContainText('token rejected', {
      timeout: 20_000,
    });
  } // The states' icons, badges and the status bar's button pass axe too.
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
  expect(serious).toEqual([]);
});

test('"Set a new token…" opens Settings at the token field; the right token brings live data', async () => {
  await page
    .getByRole('contentinfo', { name: 'Status' })
    .getByRole('button', { name: 'Set a new token…' })
    .click();
  const dialog = page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('The service refused this token');
  const input = dialog.getByLabel('New API token');
  await expect(input).toBeFocused();
  await input.fill(TOKEN);
  await dialog.getByRole('button', { name: 'Set token' }).click();
  await expect(statusMode(page)).toHaveText(/^\s*LIVE\s*$/, { timeout: 30_000 });
  await expect(dialog).not.toContainText('The service refused this token');
  await dialog.getByRole('button', { name: 'Close settings' }).click();
  await expect
    .poll(async () => (await lastPrices(page)).filter((t) => /\d/.test(t)).length, {
      timeout: 30_000,
    })
    .toBeGreaterThan(5);
  await expect(paneBody(page, 'Quote board').getByRole('status')).toHaveText('', {
    timeout: 20_000,
  });
  await expect(
    page.getByRole('contentinfo', { name: 'Status' }).getByRole('button', {
      name: 'Set a new token…',
    }),
  ).toHaveCount(0);
});
