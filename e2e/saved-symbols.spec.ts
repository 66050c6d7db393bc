/**
 * Issue 10 — symbols saved before the source had a catalog: a workspace written by an
 * older version holds "aapl" and "AAPL", "00700" and "700" on HK, and a code the
 * source does not know (ZZZZ), with the chart and depth ladder linked to it. Loaded,
 * the codes are canonical and each instrument is listed once; ZZZZ's row says
 * "unknown symbol" and shows no numbers, and the linked chart and ladder say so
 * instead of drawing anything.
 */
import { expect, test } from '@playwright/test';
import { savedPane, savedWorkspace, split, tabsOf } from './support/saved-workspace';
import {
  OHLC_LEGEND,
  chartLegend,
  paneBody,
  quoteCell,
  quoteRow,
  rowStateIcon,
  troubleIcons,
} from './support/ui';
import { PREMIUM_BUDGET, useWorkspace } from './support/workspace';

const stock = (region: string, code: string) =>
  ({ class: 'stock', region, exchange: '', code }) as const;
const ZZZZ = stock('US', 'ZZZZ');

/** A workspace as an older version saved it: one row of a board, chart and ladder. */
function oldWorkspace(): object {
  const linked = { link: 'red', symbol: ZZZZ } as const;
  const board = savedPane('q', 'quotes', {
    ...linked,
    title: 'quotes',
    options: { watchlistId: 'w' },
  });
  const chart = savedPane('c', 'chart', { ...linked, title: 'chart', options: { kType: 8 } });
  const ladder = savedPane('d', 'depth', { ...linked, title: 'depth', options: { grouping: 1 } });
  return savedWorkspace({
    name: 'Old',
    root: split(
      's1',
      'row',
      0.5,
      tabsOf(board),
      split('s2', 'column', 0.5, tabsOf(chart), tabsOf(ladder)),
    ),
    watchlists: [
      {
        id: 'w',
        name: 'Saved',
        symbols: [
          stock('US', 'aapl'),
          stock('US', 'AAPL'),
          stock('HK', '00700'),
          stock('HK', '700'),
          ZZZZ,
          stock('US', 'MSFT'),
        ],
      },
    ],
    linkSymbols: { red: ZZZZ },
  });
}

const app = useWorkspace({
  settings: PREMIUM_BUDGET,
  workspace: oldWorkspace(),
  mode: 'DEMO DATA',
});

test('saved codes come back canonical, each instrument once', async () => {
  const rows = paneBody(app.page, 'Quote board').getByRole('rowgroup').nth(1).getByRole('row');
  await expect(rows).toHaveCount(4);
  const names = await rows.evaluateAll((trs) => trs.map((tr) => tr.getAttribute('aria-label')));
  expect(names).toEqual(['AAPL US stock', '700 HK stock', 'ZZZZ US stock', 'MSFT US stock']);
  await expect(await quoteCell(app.page, '700 HK stock', 'Last')).toHaveText(/\d/, {
    timeout: 20_000,
  });
});

test('a saved symbol the source does not know says "unknown symbol" and shows no numbers', async () => {
  await expect(rowStateIcon(app.page, 'ZZZZ US stock')).toHaveAccessibleName(
    'unknown symbol: the data source has no ZZZZ US stock',
    { timeout: 20_000 },
  );
  await expect(await quoteCell(app.page, 'AAPL US stock', 'Last')).toHaveText(/\d/);
  for (const column of ['Last', 'Chg', 'Chg %', 'Time']) {
    await expect(await quoteCell(app.page, 'ZZZZ US stock', column), column).toHaveText('—');
  }
  // The known rows keep no state of their own.
  await expect(troubleIcons(quoteRow(app.page, 'AAPL US stock'))).toHaveCount(0);
});

test('the chart and ladder following it say "unknown symbol" instead of drawing anything', async () => {
  const chart = paneBody(app.page, 'Chart');
  await expect(chart).toContainText('Unknown symbol: the data source has no ZZZZ US stock.', {
    timeout: 20_000,
  });
  await expect(chart.getByRole('status')).toContainText('unknown');
  await expect(chartLegend(app.page)).not.toHaveText(OHLC_LEGEND);
  const depth = paneBody(app.page, 'Depth ladder');
  await expect(depth).toContainText('Unknown symbol: the data source has no ZZZZ US stock.');
  await expect(depth.getByRole('table', { name: /^Order book/ })).toHaveCount(0);

  // Picking a known symbol brings them back to data.
  await quoteRow(app.page, 'MSFT US stock').click();
  await expect(chartLegend(app.page)).toHaveText(OHLC_LEGEND, { timeout: 20_000 });
  await expect(chart).not.toContainText('Unknown symbol');
});
