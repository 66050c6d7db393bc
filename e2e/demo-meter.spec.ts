/**
 * Demo mode and a replay spend none of the plan's requests, and the status bar says so:
 * the meter reads "demo: no requests to the service" (never the simulator's own budget
 * as "x/1500 req/min"), and the feeds popover it opens says whose feed it is and, on a
 * feed polled slower than asked, that it shares the feed's own rate, none of it the
 * plan's; the same during a replay of what the demo recorded. The default workspace on
 * a Wednesday afternoon (markets open), on the base plan with 8 requests a minute set in
 * Settings, so that some feeds are polled slower than asked. During the replay the status
 * bar's market states are the replayed time's, and its tooltip says so. Screenshots:
 * test-results/screens/feeds-{demo,replay}.png.
 */
import path from 'node:path';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { ROOT } from './support/processes';
import { stillShot } from './support/shots';
import { openReplayBar, statusMode } from './support/ui';
import { useWorkspace } from './support/workspace';

const app = useWorkspace({
  settings: { plan: 'base', requestsPerMinute: 8 },
  hostClock: '2026-11-25T15:00:00Z',
  mode: 'DEMO DATA',
});

const statusBar = (page: Page) => page.getByRole('contentinfo', { name: 'Status' });

/** Opens the feeds popover from the meter named `meter`, once a feed is polled slower than asked. */
async function openFeeds(page: Page, meter: string): Promise<Locator> {
  await statusBar(page).getByRole('button', { name: meter }).click();
  const feeds = page.getByRole('dialog', { name: 'Feeds and plan' });
  await expect(feeds.getByRole('table', { name: 'Feeds' })).toBeVisible({ timeout: 10_000 });
  return feeds;
}

/** The rows' Why cells, once one says it is polled slower than asked. */
async function slowedReasons(feeds: Locator): Promise<string[]> {
  const why = feeds.getByRole('row').locator('td:nth-child(3)');
  await expect(why.filter({ hasText: /^Every .* instead of/ }).first()).toBeVisible({
    timeout: 20_000,
  });
  return why.allTextContents();
}

test('in demo mode the meter and its feeds say no request of the plan is spent', async () => {
  const page = app.page;
  const bar = statusBar(page);
  await expect(page.getByTestId('status-markets')).toHaveText(/^HK closed/);
  const meter = 'demo: no requests to the service';
  await expect(bar.getByRole('button', { name: meter })).toBeVisible();
  await expect(bar.getByRole('button', { name: meter })).toHaveAttribute(
    'title',
    /simulator built into Marketdesk, on this computer: .*none of the plan's requests are spent/,
  );
  await expect(bar).not.toContainText('req/min');
  await expect(bar).not.toContainText('polling slowed');

  const feeds = await openFeeds(page, meter);
  await expect(feeds).toContainText("How the demo is fed (the base plan's stream limits kept)");
  await expect(feeds).not.toContainText('How your plan');
  await expect(feeds).toContainText('REST: no requests to the service in demo mode');
  await expect(feeds).toContainText(
    /Stream \d of 3 connections .*, to the simulator on this computer/,
  );
  const reasons = await slowedReasons(feeds);
  expect(reasons.filter((r) => /the plan's budget/.test(r))).toEqual([]);
  expect(
    reasons.filter((r) =>
      /^Every .* instead of .*: the feed's request rate is shared by everything shown \(the demo's simulator answers, on this computer: none of the plan's requests are spent\)/.test(
        r,
      ),
    ).length,
  ).toBeGreaterThan(0);
  await stillShot(page, path.join(ROOT, 'test-results', 'screens', 'feeds-demo.png'));
  await feeds.getByRole('button', { name: 'Close feeds' }).click();
});

test('during a replay of the demo, every feed’s reason says the replay, not the plan’s budget', async () => {
  // What the demo showed meanwhile was recorded: replay it at its own pace.
  const page = app.page;
  const bar = await openReplayBar(page);
  await bar.getByRole('combobox', { name: 'Speed' }).selectOption('1');
  await bar.getByRole('button', { name: 'Start replay' }).click();
  await expect(statusMode(page)).toContainText('REPLAY', { timeout: 20_000 });
  // The markets' states beside the replay are the replayed time's (recorded moments ago
  // on this Wednesday afternoon: HK closed then), and the tooltip says so.
  await expect(page.getByTestId('status-markets')).toHaveText(/^HK closed/);
  await expect(page.getByTestId('status-markets')).toHaveAttribute(
    'title',
    /^The markets at the replayed time:/,
  );
  const feeds = await openFeeds(page, 'replay: no requests to the service');
  await expect(feeds).toContainText("How the replay is fed (the base plan's stream limits kept)");
  await expect(feeds).toContainText(/, to the replay on this computer/);
  const reasons = await slowedReasons(feeds);
  expect(reasons.filter((r) => /the plan's budget|demo's simulator/.test(r))).toEqual([]);
  expect(
    reasons.filter((r) =>
      /^Every .* instead of .*: the feed's request rate is shared by everything shown \(the replay answers from the recording on this computer: none of the plan's requests are spent\)/.test(
        r,
      ),
    ).length,
  ).toBeGreaterThan(0);
  await stillShot(page, path.join(ROOT, 'test-results', 'screens', 'feeds-replay.png'));
});
