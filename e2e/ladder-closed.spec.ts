/**
 * A depth ladder on a closed market while its first book is awaited: AAPL on a Saturday.
 * Its empty body says the market has been closed since Friday's early close — the time
 * its last book is from — as the heatmap's does (one rule, status-label's `emptyText`),
 * not a bare "Waiting for the first answer", which on the free plan's budget stood for
 * minutes; then the book is drawn. Set up as heatmap-closed.spec.ts: a simulator in the
 * spec's own process whose answers take 6 s, on one clock set to the Saturday.
 */
import { expect, test } from '@playwright/test';
import { startSimulator, type SimulatorHandle } from '../src/simulator';
import { savedPane, savedWorkspace, tabsOf } from './support/saved-workspace';
import { paneBody } from './support/ui';
import { closeWorkspace, openWorkspace, PREMIUM_BUDGET, type Workspace } from './support/workspace';

const TOKEN = 'e2e-ladder-closed-token-7a41';
/** Saturday 28 Nov 2026, 10:00 in New York; Friday closed early, at 13:00. */
const CLOCK = '2026-11-28T15:00:00Z';
const AAPL = { class: 'stock', region: 'US', exchange: '', code: 'AAPL' } as const;

test("a closed market's depth ladder says since when it is closed while its last book is awaited", async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const offset = Date.parse(CLOCK) - Date.now();
  let sim: SimulatorHandle | null = null;
  let app: Workspace | null = null;
  try {
    sim = await startSimulator({
      token: TOKEN,
      seed: 5,
      now: () => Date.now() + offset,
      faults: { latencyMs: 6_000 },
    });
    app = await openWorkspace(browser, {
      settings: { ...PREMIUM_BUDGET, baseUrl: sim.url, streamEnabled: false },
      hostToken: TOKEN,
      hostClock: CLOCK,
      workspace: savedWorkspace({
        name: 'Book',
        root: tabsOf(savedPane('book', 'depth', { link: 'red', symbol: AAPL })),
        linkSymbols: { red: AAPL },
      }),
      viewport: { width: 1024, height: 700 },
      beforeOpen: (page) => page.clock.install({ time: Date.parse(CLOCK) }),
    });
    const ladder = paneBody(app.page, 'Depth ladder');
    await expect(
      ladder.getByText(
        "The market has been closed since Fri 13:00 ET: its last book is from then. Waiting for the service's answer.",
        { exact: true },
      ),
    ).toBeVisible({ timeout: 20_000 });
    await expect(ladder.getByText('Waiting for the first answer from the service.')).toHaveCount(0);
    // The book, once in, is drawn.
    await expect(ladder.getByRole('table', { name: 'Order book of AAPL' })).toBeVisible({
      timeout: 30_000,
    });
    await expect(ladder.getByText(/The market has been closed since/)).toHaveCount(0);
  } finally {
    await sim?.close();
    if (app) await closeWorkspace(app);
  }
});
