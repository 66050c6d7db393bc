/**
 * Issue 23 — every plan, free included: the default workspace live on the free plan (5
 * requests a minute, 1 stream connection, 3 subscriptions) and on the base plan (120 a
 * minute, 3 connections), side by side for three minutes, each against a simulator of
 * that plan enforcing its own rate limit (429 past it). Neither meets a 429; the
 * streamed rows move; the rows polled slower than asked show how often and when last
 * (their state cell); the status bar's req/min opens the list of every feed, what
 * streams and what is polled how often.
 */
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { planOf, type PlanName } from '../src/shared/model';
import { startSimulator, type SimulatorHandle } from '../src/simulator';
import { quoteCell, rowStateIcon, statusMode } from './support/ui';
import { closeWorkspace, openWorkspace, type Workspace } from './support/workspace';
import { printLogsOnFailure } from './support/processes';

printLogsOnFailure();

const TOKEN = 'e2e-plans-token-7e21';
const RUN_MS = 3 * 60_000;
const RATE: Record<string, number> = { free: 5, base: 120 };

interface Live {
  plan: PlanName;
  sim: SimulatorHandle;
  app: Workspace;
}

async function live(browser: Browser, plan: 'free' | 'base'): Promise<Live> {
  const sim = await startSimulator({
    token: TOKEN,
    seed: 11,
    plan: planOf(plan),
    faults: { rateLimit: { requests: RATE[plan]!, windowMs: 60_000 } },
  });
  const app = await openWorkspace(browser, {
    settings: { plan, baseUrl: sim.url },
    hostToken: TOKEN,
    viewport: { width: 1280, height: 800 },
  });
  return { plan, sim, app };
}

const btc = (page: Page) => quoteCell(page, 'BTCUSDT BA crypto', 'Last');

test('free and base: three minutes live within the plan, streamed rows moving, polled rows with their age', async ({
  browser,
}) => {
  test.setTimeout(RUN_MS + 120_000);
  const runs: Live[] = [];
  try {
    runs.push(await live(browser, 'free'), await live(browser, 'base'));
    for (const { app } of runs) {
      await expect(statusMode(app.page)).toContainText('LIVE', { timeout: 60_000 });
    }
    const started = Date.now();
    const seen = new Map<PlanName, Set<string>>(runs.map((r) => [r.plan, new Set<string>()]));
    // Crypto trades on weekends too: the streamed BTCUSDT row moves on both plans.
    while (Date.now() - started < RUN_MS) {
      for (const r of runs) {
        const text = (await (await btc(r.app.page)).textContent())?.trim() ?? '';
        if (text) seen.get(r.plan)!.add(text);
      }
      await runs[0]!.app.page.waitForTimeout(2_000);
    }
    for (const r of runs) {
      const stats = r.sim.stats();
      console.log(
        `e2e plans: ${r.plan}: ${stats.requests} requests in ${Math.round((Date.now() - started) / 1000)} s, ` +
          `429s ${stats.byStatus['429'] ?? 0}, BTCUSDT prices seen ${seen.get(r.plan)!.size}`,
      );
      expect(stats.byStatus['429'], `${r.plan}: no 429`).toBeUndefined();
      expect(seen.get(r.plan)!.size, `${r.plan}: the streamed row moves`).toBeGreaterThan(3);
    }
    const [free, base] = runs as [Live, Live];
    // The free plan: never over its 5 a minute (the whole run, the start included).
    expect(free.sim.stats().requests).toBeLessThanOrEqual(5 * Math.ceil(RUN_MS / 60_000) + 5);

    // Base: funds and indices are polled (the plan's third connection goes to futures),
    // slower than the settings' 1 s: their rows say how often, and when last.
    await expect(rowStateIcon(base.app.page, 'SPY US fund')).toHaveAccessibleName(
      /^every \d+(\.\d)? s: Refreshed every .* last refreshed/,
    );
    // Free: one connection (crypto), the rest of the board polled as the budget allows.
    await expect(rowStateIcon(free.app.page, 'AAPL US stock')).toHaveAccessibleName(
      /^every \d+ (s|min): Refreshed every/,
      { timeout: 60_000 },
    );
    await expect(rowStateIcon(free.app.page, 'BTCUSDT BA crypto')).toHaveCount(0);

    // The popover: every feed, streamed or polled how often, and the plan's limits.
    for (const r of runs) {
      const page = r.app.page;
      await page.getByRole('button', { name: /req\/min/ }).click();
      const panel = page.getByRole('dialog', { name: 'Feeds and plan' });
      await expect(panel).toContainText(`How your plan (${r.plan}) is used`);
      const feeds = panel.getByRole('table', { name: 'Feeds' });
      await expect(feeds.getByRole('row', { name: /crypto quotes · BA.*streamed/ })).toBeVisible();
      await expect(
        feeds
          .getByRole('row', { name: /stock quotes · US.*every/ })
          .or(feeds.getByRole('row', { name: /stock quotes · US.*streamed/ })),
      ).toBeVisible();
      await expect(panel).toContainText(
        r.plan === 'free' ? 'Stream 1 of 1 connections' : /Stream [1-3] of 3 connections/,
      );
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
    }
  } finally {
    for (const r of runs) await r.sim.close();
    for (const r of runs) await closeWorkspace(r.app);
  }
});
