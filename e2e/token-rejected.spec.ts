/**
 * Issue 10 — a token the service refuses: the host starts in demo mode with a
 * token-checking simulator's address in its settings, and a wrong token is set in
 * Settings. From then on the status bar says TOKEN REJECTED and never, not for a
 * moment, LIVE; the panes say "token rejected" and show no numbers (nothing from the
 * demo, nothing invented); the status bar's "Set a new token…" opens Settings at the
 * token field, and the right token brings live data.
 */
import { expect, test } from '@playwright/test';
import {
  boardColumn,
  lastPrices,
  paneBody,
  rowStateIcon,
  seriousViolations,
  statusMode,
} from './support/ui';
import { PREMIUM_BUDGET, useWorkspace } from './support/workspace';

const TOKEN = 'e2e-right-token-8c21';

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

const app = useWorkspace({
  service: { token: TOKEN, seed: 2 },
  settings: PREMIUM_BUDGET,
  viewport: { width: 1280, height: 800 },
  // Every text the status bar's mode ever shows, from the first paint on.
  beforeOpen: (page) =>
    page.addInitScript(() => {
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
    }),
  mode: 'DEMO DATA',
});

const statusTexts = () =>
  app.page.evaluate(() => (globalThis as unknown as PageGlobals).__statusTexts);

test('with a wrong token set, the status bar says TOKEN REJECTED, and never LIVE', async () => {
  await app.page.getByRole('button', { name: 'Settings' }).click();
  const dialog = app.page.getByRole('dialog', { name: 'Settings' });
  await app.page.evaluate(() => ((globalThis as unknown as PageGlobals).__statusTexts = []));
  await dialog.getByLabel('New API token').fill('e2e-wrong-token-0000');
  await dialog.getByRole('button', { name: 'Set token' }).click();
  await expect(dialog).toContainText('A token is set');
  await dialog.getByRole('button', { name: 'Close settings' }).click();
  await expect(statusMode(app.page)).toContainText('TOKEN REJECTED', { timeout: 30_000 });
  await expect(statusMode(app.page)).toContainText('the service refused the token');
  // Give a wrongly optimistic status every chance to show.
  await app.page.waitForTimeout(5_000);
  await expect(statusMode(app.page)).toContainText('TOKEN REJECTED');
  // Nothing is sent with the refused token: the meter says so, never a budget spent and
  // slowed down while nothing can be asked.
  const bar = app.page.getByRole('contentinfo', { name: 'Status' });
  await expect(bar.getByRole('button', { name: 'no requests: token refused' })).toBeVisible();
  await expect(bar).not.toContainText('req/min');
  await expect(bar).not.toContainText('polling slowed');
  const seen = await statusTexts();
  expect(seen.length).toBeGreaterThan(0);
  expect(seen.filter((text) => /\bLIVE\b/.test(text))).toEqual([]);
});

test('the panes say "token rejected" and show no numbers', async () => {
  const board = paneBody(app.page, 'Quote board');
  await expect(board.getByRole('status')).toContainText('token rejected', { timeout: 20_000 });
  await expect(rowStateIcon(app.page, 'AAPL US stock')).toHaveAccessibleName(/^token rejected/);
  // Nothing from the demo, nothing invented: no price on the board.
  expect((await lastPrices(app.page)).every((text) => text === '—')).toBe(true);
  expect((await boardColumn(app.page, 'Chg')).every((text) => text === '—')).toBe(true);
  for (const pane of ['Chart', 'Depth ladder']) {
    await expect(paneBody(app.page, pane).getByRole('status'), pane).toContainText(
      'token rejected',
      {
        timeout: 20_000,
      },
    );
  }
  // The empty chart says why, with no Retry: nothing more is asked with a refused token.
  const chart = paneBody(app.page, 'Chart');
  await expect(chart).toContainText('nothing more is requested with it');
  await expect(chart.getByRole('button', { name: 'Retry', exact: true })).toHaveCount(0);
  // The states' icons, badges and the status bar's button pass axe too.
  expect(await seriousViolations(app.page)).toEqual([]);
});

test('"Set a new token…" opens Settings at the token field; the right token brings live data', async () => {
  await app.page
    .getByRole('contentinfo', { name: 'Status' })
    .getByRole('button', { name: 'Set a new token…' })
    .click();
  const dialog = app.page.getByRole('dialog', { name: 'Settings' });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText('The service refused this token');
  const input = dialog.getByLabel('New API token');
  await expect(input).toBeFocused();
  await input.fill(TOKEN);
  await dialog.getByRole('button', { name: 'Set token' }).click();
  await expect(statusMode(app.page)).toHaveText(/^\s*LIVE\s*$/, { timeout: 30_000 });
  await expect(dialog).not.toContainText('The service refused this token');
  await dialog.getByRole('button', { name: 'Close settings' }).click();
  // Requests are spent again, and the meter counts them.
  await expect(
    app.page
      .getByRole('contentinfo', { name: 'Status' })
      .getByRole('button', { name: /^\d+\/\d+ req\/min$/ }),
  ).toBeVisible();
  await expect
    .poll(async () => (await lastPrices(app.page)).filter((t) => /\d/.test(t)).length, {
      timeout: 30_000,
    })
    .toBeGreaterThan(5);
  await expect(paneBody(app.page, 'Quote board').getByRole('status')).toHaveText('', {
    timeout: 20_000,
  });
  await expect(
    app.page.getByRole('contentinfo', { name: 'Status' }).getByRole('button', {
      name: 'Set a new token…',
    }),
  ).toHaveCount(0);
});
