/**
 * Issue 28 — replay: the app records the demo's crypto depth while the default workspace
 * shows it (BTCUSDT's ladder and 1-minute chart); the recorded span replayed at 2× then
 * shows the recorded books on the ladder, one after another, and the chart's newest bar
 * closing at recorded prices, with REPLAY in the status bar; nothing is recorded, no live
 * alert changes and nothing stays in the cache under the replay's source; End replay
 * brings the demo's own data back. Screenshots of the replay in progress: /tmp/replay-*.png.
 */
import Database from 'better-sqlite3';
import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { read, recordingFilePath } from '../src/core/recording';
import type { Instrument } from '../src/shared/model';
import {
  chartLegend,
  expectChartData,
  expectLadder,
  ladderSides,
  openReplayBar,
  paneBody,
  seriousViolations,
  setTheme,
  statusMode,
} from './support/ui';
import { PREMIUM_BUDGET, useWorkspace } from './support/workspace';

const app = useWorkspace({ settings: PREMIUM_BUDGET, mode: 'DEMO DATA' });
const BTC: Instrument = { class: 'crypto', region: 'BA', exchange: '', code: 'BTCUSDT' };
/**
 * How many distinct books the ladder shows live before the replay: the demo's book moves
 * once a second of its wall clock, so recording them takes about as many seconds. At 2×
 * they play in ~15 s, time enough for the checks below before the span ends (at 10×, the
 * 90 books this took before cost the spec ~95 s of waiting).
 */
const LIVE_BOOKS = 30;
/** The speed the replay is played at, picked in the bar (its default is 10×). */
const SPEED = '2';

/** A book as the ladder shows it: its prices, asks and bids each sorted, to the cent. */
const bookKey = (asks: readonly number[], bids: readonly number[]): string =>
  JSON.stringify([
    [...asks].sort((a, b) => a - b).map((p) => p.toFixed(2)),
    [...bids].sort((a, b) => a - b).map((p) => p.toFixed(2)),
  ]);

async function shownBook(page: Page): Promise<string | null> {
  const { asks, bids } = await ladderSides(page);
  return asks.length > 0 && bids.length > 0 ? bookKey(asks, bids) : null;
}

/** The chart legend's close (C), as a number. */
async function shownClose(page: Page): Promise<number | null> {
  const text = (await chartLegend(page).textContent()) ?? '';
  const m = /C\s*(\d[\d,]*(?:\.\d+)?)/.exec(text);
  return m ? Number(m[1]!.replace(/,/g, '')) : null;
}

interface Recorded {
  books: Set<string>;
  closes: Set<string>;
  /** Arrival time of the newest frame recorded. */
  newest: number;
}

/** BTCUSDT's recorded books and quote prices (what the ladder and the chart may show in a replay). */
function recorded(since = 0): Recorded {
  const file = recordingFilePath(app.home, 'demo');
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const db = { sqlite, file, source: 'demo' as const };
    const books = new Set<string>();
    const closes = new Set<string>();
    for (const f of read(db, { from: since, to: Number.MAX_SAFE_INTEGER }, [BTC])) {
      if (f.channel === 'depth') {
        const prices = (side: typeof f.record.asks) =>
          side.flatMap((l) => (l.price === null ? [] : [l.price]));
        books.add(bookKey(prices(f.record.asks), prices(f.record.bids)));
      } else if (f.channel === 'quote') closes.add(f.record.last.toFixed(2));
    }
    const newest = sqlite.prepare('SELECT max(t) FROM frames').pluck().get() as number;
    return { books, closes, newest };
  } finally {
    sqlite.close();
  }
}

function alertsFile(): string | null {
  const file = path.join(app.home, 'alerts.json');
  return existsSync(file) ? readFileSync(file, 'utf8') : null;
}

let alertsBefore: string | null = null;
const live = new Set<string>();

test('the demo crypto depth shown is recorded', async () => {
  // Half a minute of the demo's books, at its own pace.
  test.setTimeout(120_000);
  const page = app.page;
  await expectLadder(page);
  await expectChartData(page);
  // A live alert that must not change during the replay (far above the price: it waits).
  await page.keyboard.press('Control+k');
  const input = page.getByRole('combobox', { name: 'Symbol or command' });
  await input.fill('alert BTCUSDT BA > 10000000');
  await input.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Command palette' })).toBeHidden();
  await expect.poll(alertsFile, { timeout: 10_000 }).toContain('BTCUSDT');
  // The ladder moves on, and what it showed is in the recording.
  await expect
    .poll(
      async () => {
        const key = await shownBook(page);
        if (key) live.add(key);
        return live.size;
      },
      { timeout: 90_000, intervals: [250] },
    )
    .toBeGreaterThanOrEqual(LIVE_BOOKS);
  await expect
    .poll(() => [...live].filter((k) => recorded().books.has(k)).length, { timeout: 10_000 })
    .toBeGreaterThanOrEqual(LIVE_BOOKS - 2);
  alertsBefore = alertsFile();
});

test('a replay at 2× shows the recorded books and prices, as REPLAY, touching nothing live', async () => {
  const page = app.page;
  const bar = await openReplayBar(page);
  const speed = bar.getByRole('combobox', { name: 'Speed' });
  await expect(speed).toHaveValue('10');
  await speed.selectOption(SPEED);
  const before = recorded();
  await bar.getByRole('button', { name: 'Start replay' }).click();
  await expect(statusMode(page)).toContainText('REPLAY', { timeout: 20_000 });
  // The replay asks nothing of the service: no budget (the loopback replay service's own
  // is no plan's) on the meter.
  const status = page.getByRole('contentinfo', { name: 'Status' });
  await expect(
    status.getByRole('button', { name: 'replay: no requests to the service' }),
  ).toBeVisible();
  await expect(status).not.toContainText('req/min');
  // Its popover says the same, not the replay service's counts.
  await status.getByRole('button', { name: 'replay: no requests to the service' }).click();
  const feeds = page.getByRole('dialog', { name: 'Feeds and plan' });
  await expect(feeds).toContainText('REST: no requests to the service during a replay');
  await feeds.getByRole('button', { name: 'Close feeds' }).click();
  await expect(feeds).toBeHidden();
  const replaying = Date.now();
  await expect(bar.getByRole('slider', { name: 'Replay time' })).toBeVisible();
  // The speed picked before the start is the one it plays at.
  await expect(bar.getByRole('combobox', { name: 'Speed' })).toHaveValue(SPEED);

  // The ladder moves through recorded books only.
  const shown = new Set<string>();
  const closes = new Set<number>();
  await expect
    .poll(
      async () => {
        const key = await shownBook(page);
        if (key) {
          expect(before.books.has(key), `a book not recorded: ${key}`).toBe(true);
          shown.add(key);
        }
        const close = await shownClose(page);
        if (close !== null) closes.add(close);
        return shown.size;
      },
      { timeout: 30_000, intervals: [100] },
    )
    .toBeGreaterThanOrEqual(4);
  // The board's recorded crypto rows show replayed prices, not "unknown" (the replay
  // starts once each recorded channel has a record: src/core/replay/player.ts).
  const board = paneBody(page, 'Quote board');
  for (const code of ['BTCUSDT', 'ETHUSDT']) {
    await expect(board.getByRole('row', { name: new RegExp(`^${code}`) })).toContainText(
      /\d,\d{3}\.\d\d/,
    );
  }
  await expect(board.getByText('unknown', { exact: true })).toHaveCount(0);
  // News is not recorded: the news pane says so, not that the market has none.
  await expect(paneBody(page, 'News')).toContainText('No news in a replay: news is not recorded');
  await page.screenshot({ path: '/tmp/replay-dark.png' });
  expect(await seriousViolations(page, '[data-testid=replay-bar]')).toEqual([]);
  // The chart's newest bar closes at recorded prices, and moves with them.
  await expect
    .poll(
      async () => {
        const close = await shownClose(page);
        if (close !== null) closes.add(close);
        return [...closes].filter((c) => before.closes.has(c.toFixed(2))).length;
      },
      { timeout: 30_000, intervals: [100] },
    )
    .toBeGreaterThanOrEqual(2);

  // Paused, the time stands; a step moves it on to the next frame.
  await bar.getByRole('button', { name: 'Pause' }).click();
  const time = bar.getByTestId('replay-time');
  await expect(bar.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  const paused = await time.textContent();
  await bar.getByRole('button', { name: /^Step/ }).click();
  await expect(bar.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  expect(paused).toMatch(/\d\d:\d\d:\d\d/);
  // The live alert (far above the price) fires in the replay's sandbox neither.
  await expect(bar.getByTestId('replay-alerts')).toHaveText('0 alerts fired');
  await setTheme(page, 'light');
  await page.screenshot({ path: '/tmp/replay-light.png' });
  await page.setViewportSize({ width: 1024, height: 768 });
  await expect(page.getByRole('button', { name: 'Settings', exact: true })).toBeInViewport({
    ratio: 1,
  });
  await expect(bar.getByRole('button', { name: 'End replay' })).toBeInViewport({ ratio: 1 });
  await page.screenshot({ path: '/tmp/replay-1024-light.png' });
  await page.setViewportSize({ width: 1600, height: 900 });
  await setTheme(page, 'dark');

  // Nothing was recorded meanwhile, and the live alert is as it was.
  expect(recorded().newest).toBeLessThan(replaying);
  expect(alertsFile()).toBe(alertsBefore);
});

/** The seconds of the day a board row's quote is stamped with (its time cell, hh:mm:ss), or null. */
async function rowSeconds(page: Page, code: string): Promise<number | null> {
  const row = paneBody(page, 'Quote board').getByRole('row', { name: new RegExp(`^${code}`) });
  for (const cell of await row.getByRole('cell').allTextContents()) {
    const m = /^(\d\d):(\d\d):(\d\d)/.exec(cell.trim());
    if (m) return Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
  }
  return null;
}

test('at the span’s end the button says Play, and Play plays it again from the start', async () => {
  const page = app.page;
  const bar = page.getByRole('region', { name: 'Replay' });
  const time = bar.getByTestId('replay-time');
  const at = async () =>
    Number(await bar.getByRole('slider', { name: 'Replay time' }).inputValue());
  await bar.getByRole('combobox', { name: 'Speed' }).selectOption('100');
  await bar.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(time).toContainText('· end', { timeout: 30_000 });
  const end = await at();
  // The board row stamped with the span's end (the last quote recorded): read once it
  // stands (at the end nothing more is played).
  let rowAtEnd: number | null = null;
  await expect
    .poll(
      async () => {
        const seconds = await rowSeconds(page, 'BTCUSDT');
        const stands = seconds !== null && seconds === rowAtEnd;
        rowAtEnd = seconds;
        return stands;
      },
      { timeout: 10_000, intervals: [500] },
    )
    .toBe(true);
  await expect(bar.getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  await expect(bar.getByRole('button', { name: 'Pause' })).toHaveCount(0);
  await bar.getByRole('combobox', { name: 'Speed' }).selectOption(SPEED);
  await bar.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(bar.getByRole('button', { name: 'Pause' })).toBeVisible();
  await expect(time).not.toContainText('end');
  // Back at the start, well before the end (the span is some 30 s long, played at 2×).
  expect(await at()).toBeLessThan(end - 10_000);
  // And the board with it: its row goes back to the start's quote (it stayed at the
  // end's, the hub taking no record older than the one it held).
  await expect
    .poll(() => rowSeconds(page, 'BTCUSDT'), { timeout: 8_000, intervals: [100] })
    .toBeLessThan(rowAtEnd! - 8);
});

test('End replay brings the demo data back, and the replay leaves nothing in the cache', async () => {
  const page = app.page;
  const bar = page.getByRole('region', { name: 'Replay' });
  const stoppedAt = Date.now();
  await bar.getByRole('button', { name: 'End replay' }).click();
  await expect(bar).toBeHidden();
  await expect(statusMode(page)).toContainText('DEMO DATA', { timeout: 20_000 });
  await expect(statusMode(page)).not.toContainText('REPLAY');
  await expect(
    page
      .getByRole('contentinfo', { name: 'Status' })
      .getByRole('button', { name: 'demo: no requests to the service' }),
  ).toBeVisible();
  // A book the replay could not show: one recorded after it stopped, live again.
  await expect
    .poll(
      async () => {
        const key = await shownBook(page);
        return key !== null && recorded(stoppedAt).books.has(key);
      },
      { timeout: 30_000, intervals: [250] },
    )
    .toBe(true);
  const cache = new Database(path.join(app.home, 'cache.db'), { readonly: true });
  try {
    const rows = cache
      .prepare(
        "SELECT (SELECT count(*) FROM series WHERE source LIKE 'replay:%') + (SELECT count(*) FROM snapshots WHERE source LIKE 'replay:%')",
      )
      .pluck()
      .get();
    expect(rows).toBe(0);
  } finally {
    cache.close();
  }
  expect(alertsFile()).toBe(alertsBefore);
});
