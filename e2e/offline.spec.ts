/**
 * Issue 6 — offline and back: the host runs live (token from MARKETDESK_TOKEN, base URL
 * in settings.json) against a simulator this spec started. The simulator is killed: the
 * chart keeps its cached history and the status says offline; so does every pane (issue
 * 10), with the quote board's columns all still in view. A new simulator on the
 * same port: the app recovers without a reload (live again, quotes moving), and a
 * chart interval first asked for while offline (empty, with a Retry button) loads
 * by itself once the service is back.
 */
import { expect, test } from '@playwright/test';
import { portOf, startSimulator } from './support/processes';
import {
  boardColumnsShown,
  chartLegend,
  expectBoardWhole,
  expectChartData,
  lastPrices,
  OHLC_LEGEND,
  paneBody,
  rowStateIcon,
  shownTab,
  statusMode,
  tickRows,
} from './support/ui';
import { PREMIUM_BUDGET, useWorkspace } from './support/workspace';

const TOKEN = 'e2e-offline-token-7f3a';
const SERVICE = { token: TOKEN, seed: 3 };
const app = useWorkspace({
  service: SERVICE,
  hostToken: TOKEN,
  settings: PREMIUM_BUDGET,
});
/** The quote board's columns in view while live. */
let liveColumns: string[] = [];

test('runs live against the simulator and loads the chart', async () => {
  await expect(statusMode(app.page)).toHaveText(/^\s*LIVE\s*$/, { timeout: 20_000 });
  await expectChartData(app.page);
  await expect(
    paneBody(app.page, 'Quote board').getByRole('row', { name: 'BTCUSDT BA crypto' }),
  ).toBeVisible();
  await expect.poll(async () => (await lastPrices(app.page)).every((t) => /\d/.test(t))).toBe(true);
  liveColumns = await boardColumnsShown(app.page);
  expect(liveColumns).toEqual(expect.arrayContaining(['Symbol', 'Last', 'Chg', 'Chg %', 'Time']));
  await expectBoardWhole(app.page, liveColumns);
  // The Research layout once, so its company card has something cached.
  await app.page.getByRole('combobox', { name: 'Layout' }).selectOption('Research');
  await expect(paneBody(app.page, 'Company').getByRole('heading', { level: 2 })).toHaveText(
    /\w{3,}/,
    {
      timeout: 20_000,
    },
  );
  await expect.poll(() => tickRows(app.page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
  await app.page.getByRole('combobox', { name: 'Layout' }).selectOption('Trading');
  await expectChartData(app.page);
});

test('with the service gone, the chart keeps its cached history and the status says offline', async () => {
  const chart = paneBody(app.page, 'Chart');
  const legend = await chart.innerText();
  await app.service!.stop();
  await expect(statusMode(app.page)).toContainText('OFFLINE', { timeout: 30_000 });
  await expect(statusMode(app.page)).toContainText('showing cached data');
  // Still drawn: canvas and the legend's numbers, unchanged history.
  await expect(chart.locator('canvas').first()).toBeVisible();
  await expect(chart).toContainText(OHLC_LEGEND);
  expect(legend).toMatch(OHLC_LEGEND);
  // The chart's badge says so too.
  await expect(chart.getByRole('status')).toContainText('offline', { timeout: 20_000 });
});

test('offline: every pane says so, and the quote board keeps all its columns in view', async () => {
  for (const pane of ['Quote board', 'News', 'Chart', 'Depth ladder']) {
    await expect(paneBody(app.page, pane).getByRole('status'), pane).toContainText('offline', {
      timeout: 20_000,
    });
  }
  // Each row says it in its state cell (an icon with a name), and keeps its numbers.
  for (const row of ['BTCUSDT BA crypto', 'AAPL US stock', 'FTSE GB indices']) {
    await expect(rowStateIcon(app.page, row), row).toHaveAccessibleName(/^offline: /);
  }
  expect((await lastPrices(app.page)).filter((t) => /\d/.test(t)).length).toBeGreaterThan(5);
  // The states took no room from the columns: the ones shown live are all still
  // shown, each wholly in view, and the board does not scroll sideways.
  await expectBoardWhole(app.page, liveColumns);
  expect(await boardColumnsShown(app.page)).toEqual(liveColumns);

  // The Research layout's panes say it too: the cached company card, the tick tape.
  await app.page.getByRole('combobox', { name: 'Layout' }).selectOption('Research');
  for (const pane of ['Company', 'Tick tape']) {
    await expect(paneBody(app.page, pane).getByRole('status'), pane).toContainText('offline', {
      timeout: 20_000,
    });
  }
  await expect(paneBody(app.page, 'Company').getByRole('heading', { level: 2 })).toHaveText(
    /\w{3,}/,
  );
  await app.page.getByRole('combobox', { name: 'Layout' }).selectOption('Trading');
  await expectChartData(app.page);
});

test('offline, a symbol the palette cannot check opens only when asked a second time', async () => {
  const palette = app.page.getByRole('dialog', { name: 'Command palette' });
  const input = palette.getByRole('combobox', { name: 'Symbol or command' });
  await app.page.keyboard.press('Control+k');
  await input.fill('ETHUSDT BA chart');
  await input.press('Enter');
  await expect(palette.getByRole('alert')).toContainText(
    /ETHUSDT BA crypto could not be checked.*Press Enter again to open it unverified\./,
    { timeout: 20_000 },
  );
  // The directory's entry for it (or the typed symbol's Go to) now opens it unverified.
  await expect(palette.getByRole('option', { selected: true })).toContainText(
    /ETHUSDT BA.*anyway \(not verified\)/,
  );
  await expect(shownTab(app.page, 'Chart')).toHaveText('Chart · BTCUSDT');
  await input.press('Enter');
  await expect(palette).toBeHidden({ timeout: 20_000 });
  await expect(shownTab(app.page, 'Chart')).toHaveText('Chart · ETHUSDT');
});

test('offline, an interval never loaded shows an empty chart with a Retry button', async () => {
  const chart = paneBody(app.page, 'Chart');
  await chart.getByRole('group', { name: 'Interval' }).getByRole('button', { name: '1w' }).click();
  const retry = chart.getByRole('button', { name: 'Retry', exact: true });
  await expect(retry).toBeVisible({ timeout: 30_000 });
  await expect(chartLegend(app.page)).not.toHaveText(OHLC_LEGEND);
  // Still offline: a retry by hand answers empty again, and the button stays.
  await retry.click();
  await expect(retry).toBeVisible({ timeout: 30_000 });
});

test('a service back on the same port: live again without a reload, quotes moving', async () => {
  const before = await lastPrices(app.page);
  const navigations: string[] = [];
  app.page.on('framenavigated', (frame) => navigations.push(frame.url()));
  await startSimulator({ ...SERVICE, port: portOf(app.service!.url) });
  // The hub probes 5 s after going offline, then doubling to 30 s.
  await expect(statusMode(app.page)).toHaveText(/^\s*LIVE\s*$/, { timeout: 45_000 });
  await expect
    .poll(async () => (await lastPrices(app.page)).some((text, i) => text !== before[i]), {
      timeout: 30_000,
    })
    .toBe(true);
  // The chart's empty 1w load was retried by itself when the service came back.
  await expect(chartLegend(app.page)).toHaveText(OHLC_LEGEND, { timeout: 30_000 });
  await expect(paneBody(app.page, 'Chart').getByRole('button', { name: 'Retry' })).toHaveCount(0);
  // The badge stays in place (it keeps the toolbar's layout) and says nothing while live.
  await expect(paneBody(app.page, 'Chart').getByRole('status')).toHaveText('', { timeout: 20_000 });
  expect(navigations).toEqual([]);
});
