/**
 * A heatmap of a closed market while its first book is awaited: AAPL on a Saturday. The
 * pane says the market has been closed since Friday's early close — the time its last
 * book is from — not a bare "Waiting for the first answer", which on the free plan's
 * budget stood for minutes; once the book is in, it says it is live from a closed
 * market, and a second heatmap opened on it then is live at once with no request.
 * Live against a simulator in the spec's own process whose answers take 6 s, on one
 * clock set to the Saturday (support/closed-saturday.ts).
 */
import { expect, test } from '@playwright/test';
import { AAPL, CLOSED_SINCE_FRIDAY, onClosedSaturday } from './support/closed-saturday';
import { savedPane } from './support/saved-workspace';
import { addPaneFromToolbar } from './support/panes';
import { paneBody } from './support/ui';

test("a closed market's heatmap says since when it is closed while its last book is awaited", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const pane = savedPane('heat', 'heatmap', { link: 'red', symbol: AAPL });
  await onClosedSaturday(browser, 'e2e-heatmap-closed-token-3c9d', pane, async (app, sim) => {
    const heatmap = paneBody(app.page, 'Depth heatmap');
    await expect(heatmap.getByTestId('heatmap-empty')).toHaveText(CLOSED_SINCE_FRIDAY, {
      timeout: 20_000,
    });
    // The book, once in, is drawn as the feed gave it, and said to be of a closed market.
    await expect(heatmap.getByTestId('heatmap-provenance')).toContainText(
      'Live since the pane opened; the market is closed',
      { timeout: 30_000 },
    );
    await expect(heatmap.getByTestId('heatmap-empty')).toHaveCount(0);

    // Another heatmap on it now that its market rests: the last book at once, live (it
    // stood at "Waiting for the first answer" until the open), and nothing asked.
    await app.page.waitForTimeout(3_000);
    const asked = sim.stats().byPath['/stock/depths'] ?? 0;
    await heatmap.click();
    await addPaneFromToolbar(app.page, 'Heatmap');
    // Both panes subscribe again (the layout changed): live at once, from the cache's
    // book fetched since Friday's close (the recording the second one opens on says to when).
    for (const i of [0, 1]) {
      await expect(
        paneBody(app.page, 'Depth heatmap').nth(i).getByTestId('heatmap-provenance'),
      ).toContainText(/live; the market is closed$/, { timeout: 5_000 });
    }
    expect(sim.stats().byPath['/stock/depths'] ?? 0).toBe(asked);
  });
});
