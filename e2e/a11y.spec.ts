/**
 * Issue 6 — accessibility: axe-core on the default workspace (dark and light), with
 * the settings dialog open, with the command palette open, and on the Research
 * layout (company card, tick tape). No serious or critical violation is allowed;
 * each one found is listed with its elements in the failure. Scrolling pane bodies
 * take keyboard focus without taking the panes' own keys.
 */
import { expect, test } from '@playwright/test';
import {
  expectChartData,
  newsItems,
  paneBody,
  quoteRow,
  seriousViolations,
  setTheme,
  tickRows,
} from './support/ui';
import { useWorkspace } from './support/workspace';

const app = useWorkspace({ mode: 'DEMO DATA' });

test.beforeAll(async () => {
  await expectChartData(app.page);
  await expect(newsItems(app.page).first()).toBeVisible();
});

for (const theme of ['dark', 'light'] as const) {
  test(`the default workspace in the ${theme} theme`, async () => {
    await setTheme(app.page, theme);
    expect(await seriousViolations(app.page)).toEqual([]);
  });
}

test('the settings dialog open', async () => {
  await setTheme(app.page, 'dark');
  await app.page.getByRole('button', { name: 'Settings' }).click();
  await expect(app.page.getByRole('dialog', { name: 'Settings' })).toBeVisible();
  await expect(app.page.getByLabel('Base URL')).toBeVisible();
  try {
    expect(await seriousViolations(app.page)).toEqual([]);
  } finally {
    await app.page.getByRole('button', { name: 'Close settings' }).click();
  }
});

test('the command palette open', async () => {
  await app.page.keyboard.press('Control+k');
  const dialog = app.page.getByRole('dialog', { name: 'Command palette' });
  await expect(dialog).toBeVisible();
  await app.page.getByRole('combobox', { name: 'Symbol or command' }).fill('AAPL US');
  await expect(dialog.getByRole('option').first()).toContainText('AAPL US');
  try {
    expect(await seriousViolations(app.page)).toEqual([]);
  } finally {
    await app.page.keyboard.press('Escape');
  }
});

test('scrolling pane bodies take keyboard focus; rows and the chart keep their keys', async () => {
  for (const pane of ['Quote board', 'News', 'Depth ladder']) {
    const body = paneBody(app.page, pane).getByRole('group', { name: `${pane} content` });
    await expect(body).toHaveAttribute('tabindex', '0');
    await body.focus();
    await expect(body).toBeFocused();
  }
  // The chart's body does not scroll: its canvas is the one tab stop.
  await expect(
    paneBody(app.page, 'Chart').getByRole('group', { name: 'Chart content' }),
  ).toHaveCount(0);
  // Arrow keys still move between quote rows (the body does not swallow them).
  await quoteRow(app.page, 'BTCUSDT BA crypto').focus();
  await app.page.keyboard.press('ArrowDown');
  await expect(quoteRow(app.page, 'ETHUSDT BA crypto')).toBeFocused();
  // And the chart's interval keys still work.
  const chart = paneBody(app.page, 'Chart');
  await chart.getByRole('application').focus();
  await app.page.keyboard.press('2');
  await expect(
    chart.getByRole('group', { name: 'Interval' }).getByRole('button', { pressed: true }),
  ).toHaveText('5m');
  await app.page.keyboard.press('1');
  await expect(
    chart.getByRole('group', { name: 'Interval' }).getByRole('button', { pressed: true }),
  ).toHaveText('1m');
});

test('the Research layout (company card, tick tape)', async () => {
  await app.page.getByRole('combobox', { name: 'Layout' }).selectOption('Research');
  try {
    await expect(paneBody(app.page, 'Company').getByRole('heading', { level: 2 })).toHaveText(
      /\w{3,}/,
      { timeout: 20_000 },
    );
    await expect.poll(() => tickRows(app.page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
    await expectChartData(app.page);
    const tape = paneBody(app.page, 'Tick tape').getByRole('group', { name: 'Tick tape content' });
    await expect(tape).toHaveAttribute('tabindex', '0');
    expect(await seriousViolations(app.page)).toEqual([]);
  } finally {
    await app.page.getByRole('combobox', { name: 'Layout' }).selectOption('Trading');
  }
});
