/**
 * Issue 14 — getting data out: the quote board's "⤓ CSV" downloads the watchlist in
 * the browser host, as the board shows it at that moment: its rows in order, every
 * price to the decimals shown (unformatted), volumes that abbreviate to the board's,
 * crypto's basis (its figures over 24 h) named, the listing exchange, the source (demo)
 * and the time of the export.
 */
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';
import { parseCsv } from '../src/shared/csv';
import { DAY_CHANGE_NAME } from '../src/shared/model/day-change';
import { BOARD_CSV_HEADER } from '../src/renderer/src/panes/quotes/board-csv';
import { paneBody, quoteCell } from './support/ui';
import { PREMIUM_BUDGET, useWorkspace } from './support/workspace';

const app = useWorkspace({ settings: PREMIUM_BUDGET, mode: 'DEMO DATA' });

/** A board cell's text as a plain number string: no grouping, ASCII minus, no sign or %. */
const plain = (text: string) =>
  text === '—'
    ? ''
    : text
        .replace(/^24h/, '')
        .replace(/,/g, '')
        .replace('−', '-')
        .replace(/^\+/, '')
        .replace(/%$/, '');

/** "1.2M" → the bounds a figure abbreviated so lies within. */
function abbreviated(text: string): [number, number] {
  const match = /^([\d.,]+)([KMBT]?)$/.exec(text.replace(/,/g, ''));
  if (!match) throw new Error(`not a volume: ${text}`);
  const scale = { '': 1, K: 1e3, M: 1e6, B: 1e9, T: 1e12 }[match[2] as '' | 'K'];
  const value = Number(match[1]);
  const half = match[2] ? 0.05 * scale : 0.5;
  return [value * scale - half, value * scale + half];
}

test('the watchlist downloads as CSV, every number as the board showed it', async () => {
  const { page } = app;
  const board = paneBody(page, 'Quote board');
  await expect(await quoteCell(page, 'BTCUSDT BA crypto', 'Last')).toHaveText(/^\d[\d,]*\.\d+$/);

  // Every row's quote in (the board fills as each class's first answer comes), and every
  // crypto row's change over 24 h: until its pair's 24 h reference comes, a row names the
  // UTC day ("UTC—") instead.
  await expect
    .poll(() =>
      board.evaluate(
        (root) =>
          [...root.querySelectorAll('table tbody tr[data-key]')].filter((tr) => {
            const tds = tr.querySelectorAll('td');
            if (tds[9]?.textContent?.trim() === '—') return true;
            const crypto = tr.getAttribute('aria-label')?.endsWith(' crypto');
            return crypto && !tds[4]?.textContent?.trim().startsWith('24h');
          }).length,
      ),
    )
    .toBe(0);

  const download = page.waitForEvent('download');
  // Read the board and press Export in one task: what was read is what was exported.
  const shown = await board.evaluate((root) => {
    const rows = [...root.querySelectorAll('table tbody tr[data-key]')];
    const cells = rows.map((tr) => {
      const tds = [...tr.querySelectorAll('td')];
      return {
        name: tr.getAttribute('aria-label') ?? '',
        cells: tds.map((td) => td.textContent?.trim() ?? ''),
        changeTitle: tds[4]?.getAttribute('title') ?? null,
        // The state cell's words ("closed · opens Mon 09:30 ET (in 1 d 20 h)"), if any.
        state: tds[0]?.querySelector('[role="img"]')?.getAttribute('aria-label') ?? '',
      };
    });
    const exportButton = root.querySelector('button[aria-label^="Export"]');
    if (!exportButton) throw new Error('no Export button');
    (exportButton as unknown as { click(): void }).click();
    return cells;
  });
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^marketdesk-Watchlist-\d{8}T\d{6}Z\.csv$/);
  const text = readFileSync((await file.path())!, 'utf8');
  const [header, ...rows] = parseCsv(text);
  expect(header).toEqual(BOARD_CSV_HEADER);
  expect(rows).toHaveLength(shown.length);
  expect(shown.length).toBeGreaterThanOrEqual(10);
  await expect(
    page.getByRole('status').filter({ hasText: `Downloaded ${file.suggestedFilename()}` }),
  ).toBeVisible();

  const col = (name: string) => header!.indexOf(name);
  rows.forEach((row, i) => {
    const board = shown[i]!;
    // Board cells: state, symbol, last, chg, chg %, open, high, low, prev, volume, turnover, time.
    const [, , last, chg, pct, open, high, low, prev, volume, turnover] = board.cells;
    expect(`${row[col('symbol')]} ${row[col('region')]} ${row[col('class')]}`).toBe(board.name);
    expect(row[col('last')]).toBe(plain(last!));
    expect(row[col('change')]).toBe(plain(chg!));
    expect(row[col('change_percent')]).toBe(plain(pct!));
    expect(row[col('open')]).toBe(plain(open!));
    expect(row[col('high')]).toBe(plain(high!));
    expect(row[col('low')]).toBe(plain(low!));
    expect(row[col('prev_close')]).toBe(plain(prev!));
    for (const [name, cell] of [
      ['volume', volume],
      ['turnover', turnover],
    ] as const) {
      const [lo, hi] = abbreviated(cell!);
      const value = Number(row[col(name)]);
      expect(value, `${board.name} ${name}`).toBeGreaterThanOrEqual(lo);
      expect(value, `${board.name} ${name}`).toBeLessThanOrEqual(hi);
    }
    const crypto = row[col('class')] === 'crypto';
    // One basis per row, every figure over it; the listing exchange named.
    expect(row[col('basis')]).toBe(crypto ? DAY_CHANGE_NAME : 'session');
    if (crypto) expect(board.changeTitle).toMatch(new RegExp(`^${DAY_CHANGE_NAME}: against `));
    expect(row[col('exchange')], `${board.name} exchange`).toMatch(/^\S/);
    expect(row[col('source')]).toBe('demo');
    // The row's state as its cell said it (a closed market's too), the time left aside:
    // the file's and the cell's may be a minute apart.
    const untimed = (text: string) => text.replace(/ \(in [^)]*\)/, '');
    expect(untimed(row[col('state')]!), `${board.name} state`).toBe(untimed(board.state));
    expect(Date.parse(row[col('quote_time')]!)).toBeGreaterThan(0);
    expect(Math.abs(Date.parse(row[col('exported_at')]!) - Date.now())).toBeLessThan(120_000);
  });
});
