/**
 * A depth ladder on a closed market while its first book is awaited: AAPL on a Saturday.
 * Its empty body says the market has been closed since Friday's early close — the time
 * its last book is from — as the heatmap's does (one rule, status-label's `emptyText`),
 * not a bare "Waiting for the first answer", which on the free plan's budget stood for
 * minutes; then the book is drawn (set up by support/closed-saturday.ts).
 */
import { expect, test } from '@playwright/test';
import { AAPL, CLOSED_SINCE_FRIDAY, onClosedSaturday } from './support/closed-saturday';
import { savedPane } from './support/saved-workspace';
import { paneBody } from './support/ui';

test("a closed market's depth ladder says since when it is closed while its last book is awaited", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const pane = savedPane('book', 'depth', { link: 'red', symbol: AAPL });
  await onClosedSaturday(browser, 'e2e-ladder-closed-token-7a41', pane, async (app) => {
    const ladder = paneBody(app.page, 'Depth ladder');
    await expect(ladder.getByText(CLOSED_SINCE_FRIDAY, { exact: true })).toBeVisible({
      timeout: 20_000,
    });
    await expect(ladder.getByText('Waiting for the first answer from the service.')).toHaveCount(0);
    // The book, once in, is drawn.
    await expect(ladder.getByRole('table', { name: 'Order book of AAPL' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(ladder.getByText(/The market has been closed since/)).toHaveCount(0);
  });
});
