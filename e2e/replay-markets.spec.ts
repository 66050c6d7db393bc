/**
 * A replay's markets are the replayed time's (issue 28): three minutes of AAPL's book and
 * quotes recorded on Friday 20 Nov 2026 from 15:00 in New York, on an app whose live
 * service is not there and whose clocks (the host's MARKETDESK_TEST_CLOCK, the page's
 * `page.clock`) say Sunday 22 Nov, 10:00 in New York. Offline on the Sunday the US
 * market is closed (the status bar, the ladder's tag); replayed, it is open as it was
 * then — nothing says closed — and the ladder moves with the recorded books (a market
 * resting as closed now was asked once at the switch, then never).
 */
import { expect, test } from '@playwright/test';
import { readDepth, readQuote } from '../src/core/api/normalise-market';
import type { Instrument } from '../src/shared/model';
import { recordSpan } from './support/recorded-past';
import { savedPane, savedWorkspace, tabsOf } from './support/saved-workspace';
import { ladderSides, openReplayBar, paneBody, statusMode } from './support/ui';
import { PREMIUM_BUDGET, useWorkspace } from './support/workspace';

const AAPL: Instrument = { class: 'stock', region: 'US', exchange: '', code: 'AAPL' };
/** Friday 20 Nov 2026, 15:00 in New York (an ordinary day: not the Black Friday half day). */
const FRIDAY_1500_ET = Date.UTC(2026, 10, 20, 20);
/** Sunday 22 Nov 2026, 10:00 in New York: the clocks of the app that replays it. */
const SUNDAY = '2026-11-22T15:00:00Z';

const app = useWorkspace({
  settings: PREMIUM_BUDGET,
  hostToken: 'e2e-replay-markets-token',
  hostClock: SUNDAY,
  workspace: savedWorkspace({
    name: 'Friday',
    root: tabsOf(
      savedPane('depth', 'depth', { symbol: AAPL, options: { grouping: 1, chart: false } }),
    ),
  }),
  viewport: { width: 1024, height: 700 },
  beforeOpen: (page) => page.clock.install({ time: Date.parse(SUNDAY) }),
  open: false,
});

/** Three minutes of AAPL's book and quote every 500 ms from Friday 15:00 ET, as recorded live. */
function recordFriday(home: string): void {
  recordSpan(home, FRIDAY_1500_ET, FRIDAY_1500_ET + 3 * 60_000, (market, take) => {
    const book = market.depth('stock', 'US', '', 'AAPL')!;
    take({ channel: 'depth', instrument: AAPL, record: readDepth(book, 'AAPL') });
    const quote = market.quote('stock', 'US', '', 'AAPL')!;
    take({ channel: 'quote', instrument: AAPL, record: readQuote(quote, 'AAPL', false) });
  });
}

test('a Friday afternoon replayed on a Sunday is open, and its ladder moves', async () => {
  recordFriday(app.home);
  const page = app.page;
  await page.goto(app.host.url);
  await expect(statusMode(page)).toContainText('OFFLINE', { timeout: 20_000 });
  const ladder = paneBody(page, 'Depth ladder');
  // Now, on the Sunday: closed.
  await expect(page.getByTestId('status-markets')).toHaveText(/^US closed/, { timeout: 20_000 });
  await expect(ladder.locator('[data-market]')).toHaveText(/closed/);

  const bar = await openReplayBar(page);
  await bar.getByRole('combobox', { name: 'Speed' }).selectOption('1');
  await bar.getByRole('button', { name: 'Start replay' }).click();
  await expect(statusMode(page)).toContainText('REPLAY', { timeout: 20_000 });
  // At the replayed time the US market is open: neither the bar nor the ladder says closed.
  await expect(page.getByTestId('status-markets')).toHaveCount(0, { timeout: 20_000 });
  await expect(ladder.locator('[data-market]')).toHaveCount(0);
  // The recorded books play on the ladder (a resting market's would stay the first).
  const bookOf = async () => {
    const { asks, bids } = await ladderSides(page);
    return JSON.stringify([asks, bids]);
  };
  await expect.poll(async () => (await bookOf()).length, { timeout: 20_000 }).toBeGreaterThan(10);
  const first = await bookOf();
  await expect.poll(bookOf, { timeout: 20_000 }).not.toBe(first);
  const second = await bookOf();
  await expect.poll(bookOf, { timeout: 20_000 }).not.toBe(second);
});
