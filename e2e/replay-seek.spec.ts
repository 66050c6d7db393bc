/**
 * A seek in a replay moves the chart and the tick tape as it moves the board (issue 28),
 * offline: five recorded minutes of BTCUSDT (books, trades and quotes) and of ETHUSDT's
 * books (e2e/support/recorded-past.ts) on an app whose live service is not there. The
 * workspace replayed at 10×, then sought back: the chart's newest bar is the bar of the
 * sought time as the recording builds it (not one of the later time), the tape's newest
 * tick is the recording's at that time and no row of the later time stays; played on
 * from there, the bar played a second time counts its volume once. A replay of BTCUSDT
 * alone draws nothing of ETHUSDT's recorded past under "Not in this replay".
 */
import Database from 'better-sqlite3';
import { expect, test, type Page } from '@playwright/test';
import { read, recordingFilePath } from '../src/core/recording';
import { formingBarAt } from '../src/core/replay/replay-candles';
import { classPriceDecimals, formatPrice } from '../src/shared/format/numbers';
import { liveSourceId, type Candle, type Instrument } from '../src/shared/model';
import { BTC, inkedColumns, settledFrame } from './support/heatmap';
import { NO_SERVICE_URL } from './support/processes';
import { recordPast } from './support/recorded-past';
import { savedPane, savedWorkspace, split, tabsOf } from './support/saved-workspace';
import { chartLegend, openReplayBar, paneBody, statusMode } from './support/ui';
import { PREMIUM_BUDGET, useWorkspace } from './support/workspace';

const ETH: Instrument = { ...BTC, code: 'ETHUSDT' };
const MIN = 60_000;

/** BTCUSDT's 1-minute chart and tick tape on the left, ETHUSDT's and BTCUSDT's heatmaps on the right. */
function seekWorkspace(): object {
  const chart = savedPane('chart', 'chart', { symbol: BTC, options: { kType: 1 } });
  const tape = savedPane('tape', 'ticks', { symbol: BTC });
  const heatmap = (id: string, symbol: Instrument) =>
    savedPane(id, 'heatmap', { symbol, options: { bucketMs: 1_000, grouping: 100 } });
  return savedWorkspace({
    name: 'Seek',
    root: split(
      's-seek',
      'row',
      0.6,
      split('s-left', 'column', 0.6, tabsOf(chart), tabsOf(tape)),
      split(
        's-right',
        'column',
        0.5,
        tabsOf(heatmap('heat-eth', ETH)),
        tabsOf(heatmap('heat-btc', BTC)),
      ),
    ),
  });
}

const app = useWorkspace({
  // Times in the user's zone everywhere (the tape's and the replay bar's alike).
  settings: { ...PREMIUM_BUDGET, timeZone: 'local' },
  hostToken: 'e2e-replay-seek-token',
  workspace: seekWorkspace(),
  viewport: { width: 1280, height: 800 },
  open: false,
});

const bar = (page: Page) => page.getByRole('region', { name: 'Replay' });
const slider = (page: Page) => bar(page).getByRole('slider', { name: 'Replay time' });
/** The heatmap of `code`: its pane and its plot. */
const heatPane = (page: Page, code: string) =>
  paneBody(page, 'Depth heatmap').filter({
    has: page.getByRole('img', { name: `Depth heatmap of ${code}` }),
  });
const heatPlot = (page: Page, code = 'ETHUSDT') => heatPane(page, code).getByTestId('heatmap-plot');

/** Seconds since the local midnight of a time (the replay bar and the tape show local clocks). */
function secondsOf(ms: number): number {
  const d = new Date(ms);
  return d.getHours() * 3600 + d.getMinutes() * 60 + d.getSeconds();
}

/**
 * The time (ms, the start of its second) a local "hh:mm:ss" in `text` stands for: the one
 * within 12 hours of `near` (a span across midnight reads right). Null without one.
 */
function shownAt(text: string | null, near: number): number | null {
  const m = /(\d\d):(\d\d):(\d\d)/.exec(text ?? '');
  if (!m) return null;
  const seconds = Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]);
  const offset = ((((seconds - secondsOf(near)) % 86_400) + 86_400 + 43_200) % 86_400) - 43_200;
  return (Math.floor(near / 1000) + offset) * 1000;
}

/** The start of the second `ms` falls in. */
const second = (ms: number) => Math.floor(ms / 1000) * 1000;

/** Reads the recording of the absent service's source. */
function withRecording<T>(use: (db: Parameters<typeof formingBarAt>[0]) => T): T {
  const source = liveSourceId(NO_SERVICE_URL);
  const file = recordingFilePath(app.home, source);
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return use({ sqlite, file, source });
  } finally {
    sqlite.close();
  }
}

/** BTCUSDT's 1-minute bar forming at `t`, as the recording builds it. */
function recordedBar(t: number): Candle {
  const open = Math.floor(t / MIN) * MIN;
  const candle = withRecording((db) => formingBarAt(db, BTC, open, t));
  if (!candle) throw new Error(`no quote recorded in the minute of ${new Date(t).toISOString()}`);
  return candle;
}

/** The exchange time of BTCUSDT's last trade recorded by `t`. */
function recordedTickTime(t: number): number {
  return withRecording((db) => {
    let last: number | null = null;
    for (const f of read(db, { from: t - MIN, to: t }, [BTC])) {
      if (f.channel === 'tick') last = f.record.time;
    }
    if (last === null) throw new Error('no trade recorded in the minute before');
    return last;
  });
}

/** The chart legend's open and volume, as shown (the newest bar's: the pointer is off the chart). */
async function legendOf(page: Page): Promise<{ open: string; volume: string } | null> {
  const text = (await chartLegend(page).textContent()) ?? '';
  const open = /O\s*([\d,]+(?:\.\d+)?)/.exec(text)?.[1];
  const volume = /V\s*([\d,]+(?:\.\d+)?[KMBT]?)/.exec(text)?.[1];
  return open && volume ? { open, volume } : null;
}

/** The open as the legend shows it. */
const shownOpen = (candle: Candle): string =>
  formatPrice(candle.open, classPriceDecimals('crypto', candle.close));

const SUFFIX: Record<string, number> = { '': 1, K: 1e3, M: 1e6, B: 1e9, T: 1e12 };

/**
 * Whether a volume as shown ("1.309", "12.3K") is `volume` to its shown precision (the
 * hub sums the day's volume in floating point: 1.30899… shows as 1.309, where the
 * recording's own bar shows 1.3089).
 */
function shows(text: string | undefined, volume: number): boolean {
  const m = /^([\d,]+)(?:\.(\d+))?([KMBT]?)$/.exec(text ?? '');
  if (!m) return false;
  const unit = SUFFIX[m[3]!]!;
  const value = Number(`${m[1]!.replace(/,/g, '')}.${m[2] ?? '0'}`) * unit;
  const half = 0.5 * 10 ** -(m[2]?.length ?? 0) * unit;
  return Math.abs(value - volume) <= half + 1e-4 * Math.max(1, volume);
}

/** The times of the tape's rows shown, newest first (ms, to the second; near `near`). */
async function tapeTimes(page: Page, near: number): Promise<number[]> {
  const rows = paneBody(page, 'Tick tape')
    .getByRole('table', { name: 'Ticks' })
    .locator('tbody tr');
  const cells = await rows.locator('td:first-child').allTextContents();
  return cells.flatMap((text) => {
    const t = shownAt(text, near);
    return t === null ? [] : [t];
  });
}

/** The replay time the bar shows (ms, to the second; near `near`). */
async function barTime(page: Page, near: number): Promise<number | null> {
  return shownAt(await bar(page).getByTestId('replay-time').textContent(), near);
}

/** The replay time the slider holds, in ms. */
async function replayTime(page: Page): Promise<number> {
  return Number(await slider(page).inputValue());
}

/** Where the replay is sought back to: a step of the slider (a second), early in a minute. */
let sought = 0;

test('offline, ETHUSDT’s heatmap draws its recorded past', async () => {
  recordPast(app.home, { quotes: true, booksOf: [ETH] });
  const page = app.page;
  await page.goto(app.host.url);
  await expect(statusMode(page)).toContainText('OFFLINE', { timeout: 20_000 });
  const plot = heatPlot(page);
  const width = await plot.evaluate((el) => el.querySelector('canvas')!.width);
  await expect.poll(() => inkedColumns(plot), { timeout: 20_000 }).toBeGreaterThan(width * 0.9);
});

test('sought back, the chart’s newest bar and the tape’s newest tick are the sought time’s', async () => {
  const page = app.page;
  await openReplayBar(page);
  await expect(bar(page).getByRole('combobox', { name: 'Speed' })).toHaveValue('10');
  await bar(page).getByRole('button', { name: 'Start replay' }).click();
  await expect(statusMode(page)).toContainText('REPLAY', { timeout: 20_000 });
  const from = Number(await slider(page).getAttribute('min'));
  // The first whole-second step at least 10 s in whose minute is 2 s old.
  sought = from + 10_000;
  while (sought % MIN < 2_000 || sought % MIN >= 3_000) sought += 1_000;
  // Played on past the minute after the sought one (at 10×, some 10 s).
  await expect.poll(() => replayTime(page), { timeout: 40_000 }).toBeGreaterThan(sought + 2 * MIN);
  await bar(page).getByRole('button', { name: 'Pause' }).click();
  await expect(bar(page).getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  // The chart and the tape are at the later time: the newest bar is the minute played to.
  const later = (await barTime(page, await replayTime(page)))!;
  await expect
    .poll(async () => Math.max(...(await tapeTimes(page, later))))
    .toBeGreaterThan(later - 3_000);
  // (The minute of the second shown, or the one before it at a minute's first second.)
  const laterOpens = [later - 1_000, later + 999].map((t) => shownOpen(recordedBar(t)));
  await expect.poll(async () => laterOpens.includes((await legendOf(page))?.open ?? '')).toBe(true);
  expect(laterOpens).not.toContain(shownOpen(recordedBar(sought)));

  await slider(page).fill(String(sought));
  await expect.poll(() => replayTime(page)).toBe(sought);
  await expect.poll(() => barTime(page, sought)).toBe(second(sought));
  // The chart's newest bar is the sought minute's as recorded up to the sought time:
  // its open and its volume (the later minutes' bars were kept before the chart loaded
  // its series again on the new timeline).
  const soughtBar = recordedBar(sought);
  await expect.poll(async () => (await legendOf(page))?.open).toBe(shownOpen(soughtBar));
  const volume = (await legendOf(page))?.volume;
  expect(shows(volume, soughtBar.volume), `${volume}, recorded ${soughtBar.volume}`).toBe(true);
  // The tape's newest tick is the last one recorded by then, and no row is later.
  const tick = second(recordedTickTime(sought));
  await expect.poll(async () => (await tapeTimes(page, sought))[0]).toBe(tick);
  expect(Math.max(...(await tapeTimes(page, sought)))).toBeLessThanOrEqual(sought);
});

test('played on from the seek, the bar played a second time counts its volume once', async () => {
  const page = app.page;
  await bar(page).getByRole('button', { name: 'Play', exact: true }).click();
  await expect
    .poll(() => replayTime(page), { timeout: 20_000 })
    .toBeGreaterThanOrEqual(sought + 10_000);
  await bar(page).getByRole('button', { name: 'Pause' }).click();
  await expect(bar(page).getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  // Paused within the sought minute (at most ~50 s into it): that bar, played twice.
  const t = (await barTime(page, sought))!;
  expect(Math.floor(t / MIN)).toBe(Math.floor(sought / MIN));
  // The bar as the recording built it by the pause, within the second shown (a quote
  // recorded every 500 ms): played on from the seek, not held at the sought time's, and
  // never more than the recording's bar held then (both plays of it summed). It was up
  // to a quote's volume behind in 6 runs of 13, while the first push after every REST
  // answer added nothing (feed/forming-candle.ts `countedTo`).
  const possible: number[] = [];
  for (let m = t; m < t + 1_000; m += 125) possible.push(recordedBar(m).volume);
  const recorded = possible.map((v) => v.toFixed(4)).join(' ');
  await expect
    .poll(async () => {
      const legend = await legendOf(page);
      return {
        volume: legend?.volume,
        recorded: possible.some((v) => shows(legend?.volume, v))
          ? 'by the pause'
          : `${legend?.volume} shown, recorded ${recorded}`,
        open: legend?.open,
      };
    })
    .toMatchObject({ recorded: 'by the pause', open: shownOpen(recordedBar(t)) });
});

test('a replay of BTCUSDT alone draws nothing of ETHUSDT’s recorded past', async () => {
  const page = app.page;
  await bar(page).getByRole('button', { name: 'End replay' }).click();
  await expect(bar(page)).toBeHidden();
  await expect(statusMode(page)).toContainText('OFFLINE', { timeout: 20_000 });
  const plot = heatPlot(page);
  const width = await plot.evaluate((el) => el.querySelector('canvas')!.width);
  await expect.poll(() => inkedColumns(plot), { timeout: 20_000 }).toBeGreaterThan(width * 0.9);

  await openReplayBar(page);
  await bar(page)
    .getByRole('combobox', { name: 'Of' })
    .selectOption({ label: 'BTCUSDT · BA (crypto)' });
  await bar(page).getByRole('button', { name: 'Start replay' }).click();
  await expect(statusMode(page)).toContainText('REPLAY', { timeout: 20_000 });
  await expect(bar(page)).toContainText('BTCUSDT · BA');
  // Sought to the span's end: the past up to the replay clock is all five minutes.
  await bar(page).getByRole('button', { name: 'Pause' }).click();
  const end = Number(await slider(page).getAttribute('max'));
  await slider(page).fill(String(end));
  await expect.poll(() => replayTime(page)).toBeGreaterThan(end - 1_000);
  await expect(heatPane(page, 'ETHUSDT')).toContainText(
    'Not in this replay: the recording played has no ETHUSDT BA crypto.',
  );
  // BTCUSDT, replayed, has its recorded past drawn again up to the clock, loaded as
  // ETHUSDT's was at the seek; ETHUSDT's plot holds not one column of its five minutes.
  await expect
    .poll(() => inkedColumns(heatPlot(page, 'BTCUSDT')), { timeout: 20_000 })
    .toBeGreaterThan(width * 0.9);
  await settledFrame(heatPlot(page));
  expect(await inkedColumns(heatPlot(page))).toBe(0);
  await bar(page).getByRole('button', { name: 'End replay' }).click();
  await expect(bar(page)).toBeHidden();
});
