/**
 * Issue 28 — a replayed moment with no recorded book. Three minutes of BTCUSDT are
 * recorded (its trades every 500 ms throughout, its book only for the first minute: its
 * ladder was closed then), on an app whose live service is not there. Replayed, the
 * ladder shows the recorded book in the first minute; two minutes in, where the recording
 * has no book of BTCUSDT while its trades go on (the replay serves an empty book then:
 * `STALE_BOOK_MS`, src/core/replay/player.ts), it says so in words and draws no ladder,
 * never an empty book as if the exchange's were empty, at a seek and while playing on.
 * Screenshots: test-results/screens/replay-no-book-{dark,light}-1024.png.
 */
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { readDepth, readTick } from '../src/core/api/normalise-market';
import { recordSpan } from './support/recorded-past';
import { BTC, BTC_LADDER } from './support/heatmap';
import { ROOT } from './support/processes';
import { savedWorkspace, tabsOf } from './support/saved-workspace';
import { stillShot } from './support/shots';
import {
  expectLadder,
  openReplayBar,
  orderBook,
  paneBody,
  setTheme,
  statusMode,
} from './support/ui';
import { PREMIUM_BUDGET, useWorkspace } from './support/workspace';

const app = useWorkspace({
  settings: PREMIUM_BUDGET,
  hostToken: 'e2e-replay-no-book-token',
  workspace: savedWorkspace({
    name: 'Ladder',
    root: tabsOf(BTC_LADDER),
    linkSymbols: { red: BTC },
  }),
  viewport: { width: 1024, height: 700 },
  open: false,
});

const MINUTES = 3;
const BOOK_MINUTES = 1;

/**
 * Records `MINUTES` of BTCUSDT's trades ending now, and its books for the first
 * `BOOK_MINUTES`, into `home`'s recording of the absent service's source.
 */
function recordBookThenTradesOnly(home: string): { from: number; to: number } {
  const to = Date.now();
  const from = to - MINUTES * 60_000;
  recordSpan(home, from, to, (market, take, t) => {
    if (t - from <= BOOK_MINUTES * 60_000) {
      const depth = market.depth(BTC.class, BTC.region, BTC.exchange, BTC.code)!;
      take({ channel: 'depth', instrument: BTC, record: readDepth(depth, BTC.code) });
    }
    const tick = market.tick(BTC.region, BTC.code)!;
    take({ channel: 'tick', instrument: BTC, record: readTick(tick, BTC.code) });
  });
  return { from, to };
}

const ladder = () => paneBody(app.page, 'Depth ladder');
const NO_BOOK = /^No order book of BTCUSDT in the recording at this time/;

test('replayed, the ladder shows the recorded book, and says where the recording has none', async () => {
  recordBookThenTradesOnly(app.home);
  const page = app.page;
  await page.goto(app.host.url);
  const bar = await openReplayBar(page);
  await bar.getByRole('button', { name: 'Start replay' }).click();
  await expect(statusMode(page)).toContainText('REPLAY', { timeout: 20_000 });
  await bar.getByRole('button', { name: 'Pause' }).click();
  const slider = bar.getByRole('slider', { name: 'Replay time' });
  const min = Number(await slider.getAttribute('min'));

  // Half a minute in: the book recorded then.
  await slider.fill(String(min + 30_000));
  await expectLadder(page);
  await expect(ladder().getByText(NO_BOOK)).toHaveCount(0);

  // Two minutes in: trades recorded, no book since the first minute. No ladder, no
  // spread or mid, no prices: the words say the recording has no book then.
  await slider.fill(String(min + 120_000));
  const words = ladder().getByText(NO_BOOK);
  await expect(words).toBeVisible({ timeout: 10_000 });
  await expect(words).toHaveText(
    'No order book of BTCUSDT in the recording at this time: none was being recorded then.',
  );
  await expect(orderBook(page)).toHaveCount(0);
  await expect(ladder()).not.toContainText('Spread');
  await stillShot(page, path.join(ROOT, 'test-results', 'screens', 'replay-no-book-dark-1024.png'));
  await setTheme(page, 'light');
  await stillShot(
    page,
    path.join(ROOT, 'test-results', 'screens', 'replay-no-book-light-1024.png'),
  );
  await setTheme(page, 'dark');

  // Back where the book was recorded, it is drawn again.
  await slider.fill(String(min + 20_000));
  await expectLadder(page);
  await expect(ladder().getByText(NO_BOOK)).toHaveCount(0);

  // Played (10×) from just before the book stopped being recorded: once the trades go
  // on without it, the words replace the ladder as they did at a seek.
  await slider.fill(String(min + 55_000));
  await expectLadder(page);
  await bar.getByRole('button', { name: 'Play', exact: true }).click();
  await expect(ladder().getByText(NO_BOOK)).toBeVisible({ timeout: 15_000 });
  await expect(orderBook(page)).toHaveCount(0);
});
