/**
 * Issue 6 — offline and back: the host runs live (token from MARKETDESK_TOKEN, base URL
 * in settings.json) against a simulator this spec started. The simulator is killed: the
 * chart keeps its cached history and the status says offline; so does every pane (issue
 * 10), with the quote board's columns all still in view. A new simulator on the
 * same port: the app recovers without a reload (live again, quotes moving), and a
 * chart interval first asked for while offline (empty, with a Retry button) loads
 * by itself once the service is back.
 */
import type { Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import type { Host, Started } from './support/processes';
import {
  makeHome,
  portOf,
  removeHome,
  startHost,
  startSimulator,
  printLogsOnFailure,
  stopAll,
} from './support/processes';
import {
  OHLC_LEGEND,
  boardColumnsShown,
  chartLegend,
  expectBoardWhole,
  expectChartData,
  lastPrices,
  paneBody,
  rowStateIcon,
  slot,
  statusMode,
  tickRows,
} from './support/ui';

test.describe.configure({ mode: 'serial' });
printLogsOnFailure();

const TOKEN = 'e2e-offline-token-7f3a';
let home: string;
let simulator: Started;
let port: number;
let host: Host;
let page: Page;
/** The quote board's columns in view while live. */
let liveColumns: string[] = [];

test.beforeAll(async ({ browser }) => {
  simulator = await startSimulator({ token: TOKEN, seed: 3 });
  port = portOf(simulator.url);
  home = makeHome({ baseUrl: simulator.url, plan: 'premium', requestsPerMinute: 3000 });
  host = await startHost({ home, token: TOKEN });
  page = await browser.newPage({ viewport: { width: 1600, height: 900 } });
  await page.goto(host.url);
});

test.afterAll(async () => {
  await page?.close();
  await stopAll();
  removeHome(home);
});

test('runs live against the simulator and loads the chart', async () => {
  await expect(statusMode(page)).toHaveText(/^\s*LIVE\s*$/, { timeout: 20_000 });
  await expectChartData(page);
  await expect(
    paneBody(page, 'Quote board').getByRole('row', { name: 'BTCUSDT BA crypto' }),
  ).toBeVisible();
  await expect.poll(async () => (await lastPrices(page)).every((t) => /\d/.test(t))).toBe(true);
  liveColumns = await boardColumnsShown(page);
  expect(liveColumns).toEqual(expect.arrayContaining(['Symbol', 'Last', 'Chg', 'Chg %', 'Time']));
  await expectBoardWhole(page, liveColumns);
  // The Research layout once, so its company card has something cached.
  await page.getByRole('combobox', { name: 'Layout' }).selectOption('Research');
  await expect(paneBody(page, 'Company').getByRole('heading', { level: 2 })).toHaveText(/\w{3,}/, {
    timeout: 20_000,
  });
  await expect.poll(() => tickRows(page).count(), { timeout: 20_000 }).toBeGreaterThan(0);
  await page.getByRole('combobox', { name: 'Layout' }).selectOption('Trading');
  await expectChartData(page);
});

test('with the service gone, the chart keeps its cached history and the status says offline', async () => {
  const chart = paneBody(page, 'Chart');
  const legend = await chart.innerText();
  await simulator.stop();
  await expect(statusMode(page)).toContainText('OFFLINE', { timeout: 30_000 });
  await expect(statusMode(page)).toContainText('showing cached data');
  // Still drawn: canvas and the legend's numbers, unchanged history.
  await expect(chart.locator('canvas').first()).toBeVisible();
  await expect(chart).toContainText(OHLC_LEGEND);
  expect(legend).toMatch(OHLC_LEGEND);
  // The chart's badge says so too.
  await expect(chart.getByRole('status')).toContainText('offline', { timeout: 20_000 });
});

test('offline: every pane says so, and the quote board keeps all its columns in view', async () => {
  for (const pane of ['Quote board', 'News', 'Chart', 'Depth ladder']) {
    await expect(paneBody(page, pane).getByRole('status'), pane).toContainText('offline', {
      timeout: 20_000,
    });
  }
  // Each row says it in its state cell (an icon with a name), and keeps its numbers.
  for (const row of ['BTCUSDT BA crypto', 'AAPL US stock', 'FTSE GB indices']) {
    await expect(rowStateIcon(page, row), row).toHaveAccessibleName(/^offline: /);
  }
  expect((await lastPrices(page)).filter((t) => /\d/.test(t)).length).toBeGreaterThan(5);
  // The states took no room from the columns: the ones shown live are all still
  // shown, each wholly in view, and the board does not scroll sideways.
  await expectBoardWhole(page, liveColumns);
  expect(await boardColumnsShown(page)).toEqual(liveColumns);

  // The Research layout's panes say it too: the cached company card, the tick tape.
  await page.getByRole('combobox', { name: 'Layout' }).selectOption('Research');
  for (const pane of ['Company', 'Tick tape']) {
    await expect(paneBody(page, pane).getByRole('status'), pane).toContainText('offline', {
      timeout: 20_000,
    });
  }
  await expect(paneBody(page, 'Company').getByRole('heading', { level: 2 })).toHaveText(/\w{3,}/);
  await page.getByRole('combobox', { name: 'Layout' }).selectOption('Trading');
  await expectChartData(page);
});

test('offline, a symbol the palette cannot check opens only when asked a second time', async () => {
  const palette = page.getByRole('dialog', { name: 'Command palette' });
  const input = palette.getByRole('combobox', { name: 'Symbol or command' });
  await page.keyboard.press('Control+k');
  await input.fill('ETHUSDT BA chart');
  await input.press('Enter');
  await expect(palette.getByRole('alert')).toContainText(
    /ETHUSDT BA crypto could not be checked.*Press Enter again to open it unverified\./,
    { timeout: 20_000 },
  );
  await expect(palette.getByRole('option', { selected: true })).toContainText(
    'Go to ETHUSDT BA anyway (not verified)',
  );
  await expect(slot(page, 'Chart').getByRole('tab', { selected: true })).toHaveText(
    'Chart · BTCUSDT',
  );
  await input.press('Enter');
  await expect(palette).toBeHidden({ timeout: 20_000 });
  await expect(slot(page, 'Chart').getByRole('tab', { selected: true })).toHaveText(
    'Chart · ETHUSDT',
  );
});

test('offline, an interval never loaded shows an empty chart with a Retry button', async () => {
  const chart = paneBody(page, 'Chart');
  await chart.getByRole('group', { name: 'Interval' }).getByRole('button', { name: '1w' }).click();
  const retry = chart.getByRole('button', { name: 'Retry', exact: true });
  await expect(retry).toBeVisible({ timeout: 30_000 });
  await expect(chartLegend(page)).not.toHaveText(OHLC_LEGEND);
  // Still offline: a retry by hand answers empty again, and the button stays.
  await retry.click();
  await expect(retry).toBeVisible({ timeout: 30_000 });
});

test('a service back on the same port: live again without a reload, quotes moving', async () => {
  const before = await lastPrices(page);
  const navigations: string[] = [];
  page.on('framenavigated', (frame) => navigations.push(frame.url()));
  simulator = await startSimulator({ token: TOKEN, seed: 3, port });
  // The hub probes 5 s after going offline, then doubling to 30 s.
  await expect(statusMode(page)).toHaveText(/^\s*LIVE\s*$/, { timeout: 45_000 });
  await expect
    .poll(async () => (await lastPrices(page)).some((text, i) => text !== before[i]), {
      timeout: 30_000,
    })
    .toBe(true);
  // The chart's empty 1w load was retried by itself when the service came back.
  await expect(chartLegend(page)).toHaveText(OHLC_LEGEND, { timeout: 30_000 });
  await expect(paneBody(page, 'Chart').getByRole('button', { name: 'Retry' })).toHaveCount(0);
  // The badge stays in place (it keeps the toolbar's layout) and says nothing while live.
  await expect(paneBody(page, 'Chart').getByRole('status')).toHaveText('', { timeout: 20_000 });
  expect(navigations).toEqual([]);
});
