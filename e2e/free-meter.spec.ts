/**
 * The free plan's meter tells what is asked of the service: the default workspace live
 * on the free plan (5 requests a minute, 1 stream connection) against a simulator of
 * that plan enforcing its rate limit, on a Sunday (every stock market closed, crypto
 * streamed). The streamed symbols' snapshots and the closed markets' last prices are
 * asked once: the meter counts them apart ("+N once"), never as a poll every second,
 * and says no "polling slowed" while nothing is (it read "4/4 req/min · polling slowed
 * ×81.2" while at most 5 requests a minute were sent). The feeds popover says the same.
 * Simulator, host and page run on one clock set to the Sunday (see e2e/README.md).
 * Screenshot: test-results/screens/feeds-free-sunday.png (the popover over the workspace).
 */
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { planOf } from '../src/shared/model';
import { startSimulator, type SimulatorHandle } from '../src/simulator';
import { statusMode } from './support/ui';
import { closeWorkspace, openWorkspace, type Workspace } from './support/workspace';
import { printLogsOnFailure, ROOT } from './support/processes';
import { stillShot } from './support/shots';

printLogsOnFailure();

const TOKEN = 'e2e-free-meter-token-3c9d';
/** Sunday 29 Nov 2026, 14:00 UTC. */
const CLOCK = '2026-11-29T14:00:00Z';
/** How long the meter is watched. */
const WATCH_MS = 40_000;

const offset = Date.parse(CLOCK) - Date.now();
const now = () => Date.now() + offset;

const statusBar = (page: Page) => page.getByRole('contentinfo', { name: 'Status' });

test('on the free plan on a Sunday, the meter counts what is asked once apart and says no slow-down', async ({
  browser,
}) => {
  test.setTimeout(WATCH_MS + 120_000);
  let sim: SimulatorHandle | null = null;
  let app: Workspace | null = null;
  try {
    sim = await startSimulator({
      token: TOKEN,
      seed: 11,
      plan: planOf('free'),
      faults: { rateLimit: { requests: 5, windowMs: 60_000 } },
      now,
    });
    app = await openWorkspace(browser, {
      settings: { plan: 'free', baseUrl: sim.url },
      hostToken: TOKEN,
      hostClock: new Date(now()).toISOString(),
      viewport: { width: 1280, height: 800 },
      beforeOpen: (page) => page.clock.install({ time: now() }),
    });
    const page = app.page;
    const bar = statusBar(page);
    await expect(statusMode(page)).toContainText('LIVE', { timeout: 60_000 });
    const meter = bar.getByRole('button', { name: /req\/min/ });
    const seen = new Set<string>();
    const started = Date.now();
    while (Date.now() - started < WATCH_MS) {
      seen.add(((await meter.textContent()) ?? '').trim());
      await expect(bar).not.toContainText('polling slowed');
      await page.waitForTimeout(1_000);
    }
    console.log(`e2e free-meter: the meter read ${[...seen].join(' | ')}`);
    // The feed plans 4 of the plan's 5 a minute (90 %: 3.6); what it asks once is apart.
    for (const text of seen) expect(text).toMatch(/^[0-4]\/4 req\/min( \+\d+ once)?$/);
    expect(sim.stats().byStatus['429']).toBeUndefined();

    await meter.click();
    const panel = page.getByRole('dialog', { name: 'Feeds and plan' });
    await expect(panel).toContainText('How your plan (free) is used');
    await expect(panel).not.toContainText(/instead of 1 s/);
    await expect(
      panel
        .getByRole('table', { name: 'Feeds' })
        .getByRole('row', { name: /crypto quotes · BA · BTCUSDT, ETHUSDT streamed/ }),
    ).toBeVisible();
    await stillShot(page, path.join(ROOT, 'test-results', 'screens', 'feeds-free-sunday.png'));
    await page.keyboard.press('Escape');
  } finally {
    await sim?.close();
    if (app) await closeWorkspace(app);
  }
});
