/**
 * Issue 23 — every plan, free included: the default workspace live on the free plan (5
 * requests a minute, 1 stream connection, 3 subscriptions) and on the base plan (120 a
 * minute, 3 connections), side by side for three minutes, each against a simulator of
 * that plan enforcing its own rate limit (429 past it). Neither meets a 429; the
 * streamed rows move; the rows polled slower than asked show how often and when last
 * (their state cell); the status bar's req/min opens the list of every feed, what
 * streams and what is polled how often. Simulators, hosts and pages run on one clock
 * set to a weekday's trading hours (`CLOCK`), so the run does not depend on the day CI
 * runs it (issue 27: a closed market's rows rest and say so; market-hours.spec.ts).
 */
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { planOf, type PlanName } from '../src/shared/model';
import { startSimulator, type SimulatorHandle } from '../src/simulator';
import { quoteCell, quoteRow, rowStateIcon, statusMode, troubleIcons } from './support/ui';
import { closeWorkspace, openWorkspace, type Workspace } from './support/workspace';
import { printLogsOnFailure } from './support/processes';

printLogsOnFailure();

const TOKEN = 'e2e-plans-token-7e21';
const RUN_MS = 3 * 60_000;
const RATE: Record<string, number> = { free: 5, base: 120 };
/**
 * A Wednesday, 10:30 in New York: US stocks, funds, futures, London's index and crypto
 * trade; Hong Kong is closed for the night (its rows rest, issue 27).
 */
const CLOCK = '2026-11-18T15:30:00Z';

interface Live {
  plan: PlanName;
  sim: SimulatorHandle;
  app: Workspace;
}

/** `CLOCK` from the spec's start on, at the real pace. */
const offset = Date.parse(CLOCK) - Date.now();
const now = () => Date.now() + offset;

async function live(browser: Browser, plan: 'free' | 'base'): Promise<Live> {
  const sim = await startSimulator({
    token: TOKEN,
    seed: 11,
    plan: planOf(plan),
    faults: { rateLimit: { requests: RATE[plan]!, windowMs: 60_000 } },
    now,
  });
  const app = await openWorkspace(browser, {
    settings: { plan, baseUrl: sim.url },
    hostToken: TOKEN,
    hostClock: new Date(now()).toISOString(),
    viewport: { width: 1280, height: 800 },
    beforeOpen: (page) => page.clock.install({ time: now() }),
  });
  return { plan, sim, app };
}

/**
 * The row whose price both plans stream: crypto's BTCUSDT. Base streams crypto among its
 * 3 connections. Free's one goes to a class that trades, the focused pane's first, then
 * the most visible (stream-wants.ts; Hong Kong's closed rows leave the stream): the
 * default workspace's board, chart and ladder all show BTCUSDT, and crypto trades at
 * every hour, so US stocks are polled even in their hours (AAPL about once in 3 min).
 */
const STREAMED_ROW = 'BTCUSDT BA crypto';

const lastOf = (page: Page, row: string) => quoteCell(page, row, 'Last');

/** A row's state icon as its name says it (the tooltip is the same words), for a failure's log. */
async function rowIcon(page: Page, row: string): Promise<string> {
  const names = await rowStateIcon(page, row)
    .evaluateAll((icons) => icons.map((icon) => icon.getAttribute('aria-label') ?? ''))
    .catch(() => ['?']);
  return names.length === 0 ? 'no icon' : names.map((n) => `icon "${n}"`).join(', ');
}

/** What a row shows (its icon and its cells' text), for a failure's log. */
async function rowWords(page: Page, row: string): Promise<string> {
  const text = await quoteRow(page, row)
    .textContent({ timeout: 2_000 })
    .catch(() => '');
  return `${await rowIcon(page, row)}; ${(text ?? '').replace(/\s+/g, ' ').trim()}`;
}

/** The words of the status bar's feed panel (opened and closed again), for a failure's log. */
async function feedPanelWords(page: Page): Promise<string> {
  await page.getByRole('button', { name: /req\/min/ }).click();
  const panel = page.getByRole('dialog', { name: 'Feeds and plan' });
  const text = (await panel.innerText({ timeout: 5_000 }).catch(() => '')) ?? '';
  await page.keyboard.press('Escape');
  return text.replace(/\n+/g, ' | ');
}

test('free and base: three minutes live within the plan, streamed rows moving, polled rows with their age', async ({
  browser,
}) => {
  test.setTimeout(RUN_MS + 120_000);
  const runs: Live[] = [];
  /** Tells what the free plan's streamed row went through, when an assertion fails. */
  let explain: (() => Promise<void>) | null = null;
  try {
    runs.push(await live(browser, 'free'), await live(browser, 'base'));
    for (const { app } of runs) {
      await expect(statusMode(app.page)).toContainText('LIVE', { timeout: 60_000 });
    }
    const started = Date.now();
    const seen = new Map<PlanName, Set<string>>(runs.map((r) => [r.plan, new Set<string>()]));
    const watched = new Map<PlanName, string>(runs.map((r) => [r.plan, STREAMED_ROW]));
    // For a failure's log: the free row's state icon when it changed, the requests sent.
    const timeline: string[] = [];
    let lastIcon = '';
    let lastPaths: Record<string, number> = {};
    while (Date.now() - started < RUN_MS) {
      for (const r of runs) {
        const cell = await lastOf(r.app.page, watched.get(r.plan)!);
        const text = (await cell.textContent())?.trim() ?? '';
        if (text) seen.get(r.plan)!.add(text);
        if (r.plan === 'free') {
          const at = `${Math.round((Date.now() - started) / 1000)} s`;
          const icon = await rowIcon(r.app.page, watched.get('free')!);
          if (icon !== lastIcon) timeline.push(`${at}: ${icon}`);
          lastIcon = icon;
          const paths = r.sim.stats().byPath;
          const asked = Object.entries(paths)
            .filter(([path, n]) => n !== (lastPaths[path] ?? 0))
            .map(([path, n]) => `${path} +${n - (lastPaths[path] ?? 0)}`);
          if (asked.length > 0) timeline.push(`${at}: asked ${asked.join(', ')}`);
          lastPaths = paths;
        }
      }
      await runs[0]!.app.page.waitForTimeout(2_000);
    }
    explain = async () => {
      const page = runs[0]!.app.page;
      console.log(`e2e plans: free: ${STREAMED_ROW} over the run:\n  ${timeline.join('\n  ')}`);
      console.log(`e2e plans: free: ${STREAMED_ROW} now: ${await rowWords(page, STREAMED_ROW)}`);
      console.log(`e2e plans: free: the feed panel: ${await feedPanelWords(page)}`);
    };
    for (const r of runs) {
      const stats = r.sim.stats();
      console.log(
        `e2e plans: ${r.plan}: ${stats.requests} requests in ${Math.round((Date.now() - started) / 1000)} s, ` +
          `429s ${stats.byStatus['429'] ?? 0}, ${watched.get(r.plan)} prices seen ${seen.get(r.plan)!.size}`,
      );
      expect(stats.byStatus['429'], `${r.plan}: no 429`).toBeUndefined();
      expect(seen.get(r.plan)!.size, `${r.plan}: the streamed row moves`).toBeGreaterThan(3);
    }
    const [free, base] = runs as [Live, Live];
    // The free plan: never over its 5 a minute (the whole run, the start included).
    expect(free.sim.stats().requests).toBeLessThanOrEqual(5 * Math.ceil(RUN_MS / 60_000) + 5);

    // The fund is the least visible class, never given a connection on either plan: its
    // row is polled slower than the settings' 1 s, and says how often and when last.
    await expect(rowStateIcon(base.app.page, 'SPY US fund')).toHaveAccessibleName(
      /^every \d+(\.\d)? s: Refreshed every .* last refreshed/,
    );
    await expect(rowStateIcon(free.app.page, 'SPY US fund')).toHaveAccessibleName(
      /^every \d+ (s|min): Refreshed every/,
      { timeout: 60_000 },
    );
    // A streamed row has no such mark.
    await expect(troubleIcons(quoteRow(free.app.page, STREAMED_ROW))).toHaveCount(0);

    // The popover: every feed, streamed or polled how often, and the plan's limits.
    for (const r of runs) {
      const page = r.app.page;
      await page.getByRole('button', { name: /req\/min/ }).click();
      const panel = page.getByRole('dialog', { name: 'Feeds and plan' });
      await expect(panel).toContainText(`How your plan (${r.plan}) is used`);
      const feeds = panel.getByRole('table', { name: 'Feeds' });
      // Crypto's quotes stream on both plans (see STREAMED_ROW); the fund's are polled
      // how often its row says.
      await expect(
        feeds.getByRole('row', { name: /crypto quotes · BA · BTCUSDT, ETHUSDT streamed/ }),
      ).toBeVisible();
      await expect(feeds.getByRole('row', { name: /fund quotes · US · SPY every / })).toBeVisible();
      await expect(panel).toContainText(
        r.plan === 'free' ? 'Stream 1 of 1 connections' : /Stream [1-3] of 3 connections/,
      );
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
    }
  } catch (error) {
    await explain?.();
    throw error;
  } finally {
    for (const r of runs) await r.sim.close();
    for (const r of runs) await closeWorkspace(r.app);
  }
});
