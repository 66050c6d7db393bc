/**
 * The tick tape renders only the rows in view, and every row stays reachable: a
 * workspace of one tape following twenty crypto pairs at 250 ms fills it fast; the
 * tape holds more rows than it renders, End scrolls to the oldest tick and Home back
 * to the newest, with real ticks in both places.
 */
import type { Locator } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { catalogOf } from '../src/simulator';
import { savedPane, savedWorkspace, tabsOf } from './support/saved-workspace';
import { paneBody } from './support/ui';
import { useWorkspace } from './support/workspace';

/** Twenty listed pairs: the simulator has no data for an unlisted code (issue 10). */
const CODES = catalogOf('crypto', 'BA')
  .slice(0, 20)
  .map((e) => e.code);
/** A tick row's accessible name: its time, code, price and size. */
const TICK_ROW = /^\d\d:\d\d:\d\d [A-Z0-9]+ \d[\d,]*\.\d+ \d/;

function tapeWorkspace(): object {
  const tape = savedPane('tape', 'ticks', {
    title: 'Tape',
    options: { region: 'BA', codes: CODES },
  });
  return savedWorkspace({ name: 'Tape', root: tabsOf(tape) });
}

const app = useWorkspace({
  settings: { intervals: { quotes: 1000, depth: 1000, ticks: 250, news: 60_000 } },
  workspace: tapeWorkspace(),
  viewport: { width: 1280, height: 720 },
});

const body = () =>
  paneBody(app.page, 'Tick tape').getByRole('group', { name: 'Tick tape content' });
const table = () =>
  paneBody(app.page, 'Tick tape').getByRole('table', { name: 'Ticks', exact: true });
/** Rows the tape holds, header included (aria-rowcount). */
const rowCount = async () => Number(await table().getAttribute('aria-rowcount'));
/**
 * aria-rowindex of the rendered tick rows, in order, read in one go: streamed ticks
 * arrive one by one, and a row added between finding rows and reading them is missed.
 */
const renderedIndexes = (t: Locator) =>
  t.evaluate((table) =>
    [...table.querySelectorAll('tbody tr[aria-rowindex]')].map((r) =>
      Number(r.getAttribute('aria-rowindex')),
    ),
  );

/** The tape's last row (aria-rowindex = aria-rowcount) is rendered inside the view. */
const oldestTickShown = () =>
  body().evaluate(async (el) => {
    // Two frames: the scroll event, then the rows it renders.
    const frame = (
      globalThis as unknown as { requestAnimationFrame(f: () => void): void }
    ).requestAnimationFrame.bind(globalThis);
    await new Promise<void>((done) => frame(() => frame(done)));
    const rows = [...el.querySelectorAll('tr[aria-rowindex]')];
    const last = rows.at(-1);
    const count = el.querySelector('table')?.getAttribute('aria-rowcount');
    if (!last || last.getAttribute('aria-rowindex') !== count) return false;
    const view = el.getBoundingClientRect();
    const row = last.getBoundingClientRect();
    return row.top >= view.top && row.bottom <= view.bottom + 1;
  });

test('the tape holds more ticks than it renders, and End and Home reach both ends', async () => {
  // About 20 new rows a second: wait for far more than a screenful (some 38 rows here).
  await expect.poll(rowCount, { timeout: 30_000 }).toBeGreaterThan(120);
  const atTop = await renderedIndexes(table());
  expect(atTop[0]).toBe(2); // the newest tick, under the header row
  expect(atTop.length).toBeGreaterThan(30); // a screenful at least
  expect(atTop.length).toBeLessThan((await rowCount()) - 1); // but not every row

  await body().focus();
  // End shows the oldest tick, rendered and on screen. New ticks keep arriving (20 a
  // second) and push the rows down under a view that stays put: a batch landing
  // between the key and the check moves it off again, so End is pressed until the
  // check sees the bottom.
  await expect
    .poll(
      async () => {
        await app.page.keyboard.press('End');
        return oldestTickShown();
      },
      { timeout: 10_000 },
    )
    .toBe(true);
  expect((await renderedIndexes(table()))[0]).toBeGreaterThan(2); // not every row

  await app.page.keyboard.press('Home');
  await expect.poll(async () => (await renderedIndexes(table()))[0]).toBe(2);
  const newest = table().getByRole('row', { name: TICK_ROW }).first();
  await expect(newest).toBeInViewport();
  // At the top the tape follows: newer ticks arrive in view, and it stays at the top.
  const seen = await newest.textContent();
  await expect(newest).not.toHaveText(seen ?? '');
  expect((await renderedIndexes(table()))[0]).toBe(2);
  expect(await body().evaluate((el) => el.scrollTop)).toBe(0);
});
