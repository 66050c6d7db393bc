/**
 * A replay drives the tick tape as it was (issue 28), offline on five recorded minutes
 * of BTCUSDT (a trade every 500 ms, e2e/support/recorded-past.ts): at 100× every
 * recorded trade is a row, none skipped (the replay plays five seconds of trades in one
 * turn, which the feed once told the tape as one: a row every 5 s); sought back, the tape
 * lists the trades recorded up to the sought time, as many as it would list had it been
 * open then (the 200 newest), not the sought second's trade alone.
 */
import Database from 'better-sqlite3';
import { expect, test, type Page } from '@playwright/test';
import { read, recordingFilePath } from '../src/core/recording';
import { classPriceDecimals, formatPrice } from '../src/shared/format/numbers';
import { liveSourceId, type Tick } from '../src/shared/model';
import { BTC } from './support/heatmap';
import { NO_SERVICE_URL } from './support/processes';
import { recordPast } from './support/recorded-past';
import { savedPane, savedWorkspace, tabsOf } from './support/saved-workspace';
import { openReplayBar, paneBody, statusMode } from './support/ui';
import { PREMIUM_BUDGET, useWorkspace } from './support/workspace';

/** The rows the tape lists at most (panes/ticks/tape.ts' MAX_ROWS). */
const TAPE_ROWS = 200;
/** The rows compared, newest first: a screenful of the tape. */
const COMPARED = 20;

const app = useWorkspace({
  // Times in the user's zone (the tape's and the replay bar's alike).
  settings: { ...PREMIUM_BUDGET, timeZone: 'local' },
  hostToken: 'e2e-replay-tape-token',
  workspace: savedWorkspace({
    name: 'Tape',
    root: tabsOf(savedPane('tape', 'ticks', { symbol: BTC })),
  }),
  viewport: { width: 1024, height: 800 },
  open: false,
});

const bar = (page: Page) => page.getByRole('region', { name: 'Replay' });
const slider = (page: Page) => bar(page).getByRole('slider', { name: 'Replay time' });
const table = (page: Page) =>
  paneBody(page, 'Tick tape').getByRole('table', { name: 'Ticks', exact: true });

/** A trade as the tape shows it: its local time to the second and its price. */
function shown(tick: Tick): string {
  const d = new Date(tick.time);
  const hms = [d.getHours(), d.getMinutes(), d.getSeconds()]
    .map((n) => String(n).padStart(2, '0'))
    .join(':');
  return `${hms} ${formatPrice(tick.last, classPriceDecimals('crypto', tick.last))}`;
}

/** The rows the tape renders (those in view), newest first, as `shown` writes them. */
async function tapeRows(page: Page): Promise<string[]> {
  // One read of every row (cells tab-separated): at 100× the rows change between reads.
  const rows = await table(page).locator('tbody tr:not(.pad)').allInnerTexts();
  return rows.flatMap((text) => {
    const [time, , price] = text.split('\t').map((cell) => cell.trim());
    return time && price && /^\d\d:\d\d:\d\d$/.test(time) ? [`${time} ${price}`] : [];
  });
}

/** Rows the tape holds (aria-rowcount counts the header). */
async function rowCount(page: Page): Promise<number> {
  return Number(await table(page).getAttribute('aria-rowcount')) - 1;
}

/** BTCUSDT's recorded trades that arrived by `t` (all when absent), oldest first. */
function recordedTrades(t = Number.MAX_SAFE_INTEGER): Tick[] {
  const source = liveSourceId(NO_SERVICE_URL);
  const file = recordingFilePath(app.home, source);
  const sqlite = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const out: Tick[] = [];
    for (const f of read({ sqlite, file, source }, { from: 0, to: t }, [BTC])) {
      if (f.channel === 'tick') out.push(f.record);
    }
    return out;
  } finally {
    sqlite.close();
  }
}

/** The recorded trades, newest first, as the tape would show them from `newest` on. */
function runFrom(trades: readonly Tick[], newest: string, n: number): string[] | null {
  const all = trades.map(shown);
  const at = all.lastIndexOf(newest);
  if (at < 0) return null;
  return all.slice(Math.max(0, at - n + 1), at + 1).reverse();
}

let from = 0;

test('at 100×, every recorded trade is a row of the tape', async () => {
  recordPast(app.home, { quotes: true });
  const page = app.page;
  await page.goto(app.host.url);
  await expect(statusMode(page)).toContainText('OFFLINE', { timeout: 20_000 });
  await openReplayBar(page);
  await bar(page).getByRole('combobox', { name: 'Speed' }).selectOption('100');
  await bar(page).getByRole('button', { name: 'Start replay' }).click();
  await expect(statusMode(page)).toContainText('REPLAY', { timeout: 20_000 });
  from = Number(await slider(page).getAttribute('min'));
  const trades = recordedTrades();
  // Playing: the rows in view are recorded trades one after another, none left out.
  await expect
    .poll(() => slider(page).inputValue().then(Number), { timeout: 20_000 })
    .toBeGreaterThan(from + 30_000);
  await page.screenshot({ path: test.info().outputPath('tape-100x-playing.png') });
  const playing = await tapeRows(page);
  expect(playing.length).toBeGreaterThanOrEqual(COMPARED);
  expect(playing.slice(0, COMPARED)).toEqual(runFrom(trades, playing[0]!, COMPARED));
  // At the span's end (five minutes, in 3 s): as many rows as the tape keeps, the newest
  // the last recorded, every one in the recording's order.
  const end = Number(await slider(page).getAttribute('max'));
  await expect
    .poll(() => slider(page).inputValue().then(Number), { timeout: 20_000 })
    .toBeGreaterThan(end - 1_000);
  expect(trades.length).toBeGreaterThan(TAPE_ROWS);
  await expect.poll(() => rowCount(page)).toBe(TAPE_ROWS);
  const last = trades.slice(-COMPARED).reverse().map(shown);
  await expect.poll(async () => (await tapeRows(page)).slice(0, COMPARED)).toEqual(last);
});

test('sought back, the tape lists the trades recorded up to the sought time', async () => {
  const page = app.page;
  // Sought a minute in (a step of the slider) at a quarter speed, paused, and sought there
  // again: paused, the replay clock stands at the sought time, however late the click.
  await bar(page).getByRole('combobox', { name: 'Speed' }).selectOption('0.25');
  const sought = from + 60_000;
  await slider(page).fill(String(sought));
  await bar(page).getByRole('button', { name: 'Pause' }).click();
  await expect(bar(page).getByRole('button', { name: 'Play', exact: true })).toBeVisible();
  await slider(page).fill(String(sought));
  const trades = recordedTrades();
  const shownAll = trades.map(shown);
  /** Where the tape's newest row is in the recording, once its rows in view are a run of it. */
  const newest = async (): Promise<number> => {
    const rows = await tapeRows(page);
    const run = runFrom(trades, rows[0] ?? '', COMPARED);
    return run && rows.slice(0, COMPARED).join(' | ') === run.join(' | ')
      ? shownAll.lastIndexOf(rows[0]!)
      : -1;
  };
  await expect.poll(newest).toBeGreaterThanOrEqual(COMPARED);
  const at = await newest();
  // The last trade recorded by the sought time, every trade recorded before it listed
  // behind it (fewer than the tape keeps): not the sought second's alone.
  expect(trades[at]!.time).toBeLessThanOrEqual(sought);
  expect(trades[at + 1]?.time ?? Infinity).toBeGreaterThan(sought);
  expect(at + 1).toBeLessThan(TAPE_ROWS);
  await expect.poll(() => rowCount(page)).toBe(at + 1);
  await page.screenshot({ path: test.info().outputPath('tape-after-seek.png') });
  await bar(page).getByRole('button', { name: 'End replay' }).click();
  await expect(bar(page)).toBeHidden();
});
