/**
 * Issue 6 — accessibility: axe-core on the default workspace (dark and light), with
 * the settings dialog open, with the command palette open, and on the Research
 * layout (company card, tick tape). No serious or critical violation is allowed;
 * each one found is listed with its elements in the failure. Scrolling pane bodies
 * take keyboard focus without taking the panes' own keys.
 */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import type { Host } from './support/processes';
import { makeHome, removeHome, startHost, printLogsOnFailure, stopAll } from './support/processes';
import { expectChartData, newsItems, paneBody, quoteRow, statusMode, tickRows } from './support/ui';

test.describe.configure({ mode: 'serial' });
printLogsOnFailure();

let home: string;
let host: Host;
let page: Page;

test.beforeAll(async ({ browser }) => {
  home = makeHome();
  host = await startHost({ home });
  // axe needs a page of an explicit context (not browser.newPage()).
  const context = await browser.newContext({ viewport: { width: 1600, height: 900 } });
  page = await context.newPage();
  await page.goto(host.url);
  await expect(statusMode(page)).toContainText('DEMO DATA');
  await expectChartData(page);
  await expect(newsItems(page).first()).toBeVisible();
});

test.afterAll(async () => {
  await page?.context().close();
  await stopAll();
  removeHome(home);
});

/** The serious and critical violations on the page, one line per rule and element. */
async function seriousViolations(): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) =>
      v.nodes.map(
        (node) =>
          `${v.impact} ${v.id} (${v.help}): ${node.target.join(' ')} — ${node.failureSummary?.replace(/\s+/g, ' ') ?? ''}`,
      ),
    );
}

async function setTheme(theme: 'dark' | 'light'): Promise<void> {
  const html = page.locator('html');
  if ((await html.getAttribute('data-theme')) !== theme) {
    await page.getByRole('button', { name: `Switch to the ${theme} theme` }).click();
  }
  await expect(html).toHaveAttribute('data-theme', theme);
}

for (const theme of ['dark', 'light'] as const) {
  test(`the default workspace in the ${theme} theme`, async () => {
    await setTheme(theme);
    expect(await seriousViolations()).toEqual([]);
  });
}

test('the settings dialog open', async () => {
  await setTheme('dark');
  await page.getByRole('button', { name: 'Settings' }).click();
  await expect(page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
  await expect(page.getByLabel('Base URL')).toBeVisible();
  try {
    expect(await seriousViolations()).toEqual([]);
  } finally {
    await page.getByRole('button', { name: 'Close settings' }).click();
  }
});

test('the command palette open', async () => {
  await page.keyboard.press('Control+k');
  const dialog = page.getByRole('dialog', { name: 'Command palette' });
  await expect(dialog).toBeVisible();
  await page.getByRole('combobox', { name: 'Symbol or command' }).fill('AAPL US');
  await expect(dialog.getByRole('option').first()).toContainText('Go to AAPL US');
  try {
    expect(await seriousViolations()).toEqual([]);
  } finally {
    await page.keyboard.press('Escape');
  }
});

test('scrolling pane bodies take keyboard focus; rows and the chart keep their keys', async () => {
  for (const pane of ['Quote board', 'News', 'Depth ladder']) {
    const body = paneBody(page, pane).getByRole('group', { name: `${pane} content` });
    await expect(body).toHaveAttribute('tabindex', '0');
    await body.focus();
    await expect(body).toBeFocused();
  }
  // The chart's body does not scroll: its canvas is the one tab stop.
  await expect(paneBody(page, 'Chart').getByRole('group', { name: 'Chart content' })).toHaveCount(
    0,
  );
  // Arrow keys still move between quote rows (the body does not swallow them).
  await quoteRow(page, 'BTCUSDT BA crypto').focus();
  await page.keyboard.press('ArrowDown');
  await expect(quoteRow(page, 'ETHUSDT BA crypto')).toBeFocused();
  // And the chart's interval keys still work.
  const chart = paneBody(page, 'Chart');
  await chart.getByRole('application').focus();
  await page.keyboard.press('2');
  await expect(
    chart.getByRole('group', { name: 'Interval' }).getByRole('button', { pressed: true }),
  ).toHaveText('5m');
  await page.keyboard.press('1');
  await expect(
    chart.getByRole('group', { name: 'Interval' }).getByRole('button', { pressed: true }),
  ).toHaveText('1m');
});

test('the Research layout (company card, tick tape)', async () => {
  await page.getByRole('combobox', { name: 'Layout' }).selectOption('Research');
  try {
    await expect(paneBody(page, 'Company').getByRole('heading', { level: 2 })).toHaveText(
      /\w{3,}/,
      { timeout: 20_000 },
    );
    await expect.poll(() => tickRows(page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await expectChartData(page);
    const tape = paneBody(page, 'Tick tape').getByRole('group', { name: 'Tick tape content' });
    await expect(tape).toHaveAttribute('tabindex', '0');
    expect(await seriousViolations()).toEqual([]);
  } finally {
    await page.getByRole('combobox', { name: 'Layout' }).selectOption('Trading');
  }
});
