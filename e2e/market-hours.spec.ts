/**
 * Issue 27 — the app knows each market's state. The host runs live against a simulator
 * this spec runs in its own process, both on one clock set to an instant of the
 * simulator's calendars: Thanksgiving (US holiday), a Hong Kong lunch break and a
 * Saturday. The host's services read that clock (MARKETDESK_TEST_CLOCK), the page too
 * (Playwright's `page.clock`), and the simulator's is `now` (see e2e/README.md). The
 * quote board's rows and its market lines and the status bar say closed or lunch break
 * with the next open; with streaming off, the simulator counts no stock request once
 * the closed markets' last prices are in, while crypto is still polled. The three scenes
 * run side by side, each on its own simulator, host and page. At 1024 px, a
 * screenshot of the closed market and of the lunch break, dark and light
 * (test-results/screens/).
 */
import path from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import { startSimulator, type SimulatorHandle } from '../src/simulator';
import { ROOT } from './support/processes';
import { quoteRow, setTheme, slot } from './support/ui';
import { closeWorkspace, openWorkspace, PREMIUM_BUDGET, type Workspace } from './support/workspace';

const TOKEN = 'e2e-market-hours-token-7f2a';
/** How long the simulator's requests are counted once the closed markets rest. */
const WINDOW_MS = 12_000;

interface Scene {
  name: string;
  /** The instant the clocks start at. */
  clock: string;
  /** The board's row of a closed market and what its state cell says. */
  row: { code: string; state: RegExp };
  /** The board's market line of that market. */
  line: { where: string; text: RegExp };
  /** What the status bar says beside the health. */
  status: RegExp;
  /** The REST paths of the markets closed then (the simulator counts none once they rest). */
  closed: string[];
  /** The screenshot's name, if one is taken. */
  screenshot?: string;
  /** A row picked on the board: the linked ladder says its market's state too. */
  pick?: { row: string; ladder: RegExp };
}

const SCENES: Scene[] = [
  {
    name: 'a US holiday',
    // Thanksgiving, 11:00 in New York (Friday 00:00 in Hong Kong).
    clock: '2026-11-26T16:00:00Z',
    row: {
      code: 'AAPL',
      state: /^closed \(Thanksgiving[^)]*\) · opens Fri 09:30 ET \(in 22 h \d\d min\)$/,
    },
    line: { where: 'US stock', text: /closed \(Thanksgiving[^)]*\) · opens Fri 09:30 ET/ },
    status: /US closed \(Thanksgiving[^)]*\) · opens Fri 09:30 ET/,
    // London trades on (the FTSE's quotes go on), Hong Kong is closed for the night.
    closed: ['/stock/quotes', '/fund/quotes'],
    screenshot: 'market-closed-1024',
  },
  {
    name: 'a Hong Kong lunch break',
    // Wednesday 12:30 in Hong Kong (23:30 on Tuesday in New York).
    clock: '2026-11-18T04:30:00Z',
    row: { code: '700', state: /^lunch break · reopens 13:00 HKT$/ },
    line: { where: 'HK stock', text: /lunch break · reopens 13:00 HKT/ },
    status: /HK lunch break · reopens 13:00 HKT/,
    closed: ['/stock/quotes', '/fund/quotes', '/indices/quotes'],
    screenshot: 'market-lunch-break-1024',
  },
  {
    name: 'a weekend',
    // Saturday 10:00 in New York.
    clock: '2026-11-28T15:00:00Z',
    row: { code: 'MSFT', state: /^closed · opens Mon 09:30 ET \(in 1 d 23 h\)$/ },
    line: { where: 'US stock', text: /closed · opens Mon 09:30 ET/ },
    status: /US closed · opens Mon 09:30 ET/,
    closed: ['/stock/quotes', '/fund/quotes', '/indices/quotes'],
    pick: { row: 'AAPL US stock', ladder: /closed · opens Mon 09:30 ET \(in 1 d 23 h\)/ },
  },
];

/**
 * One scene, on its own simulator, host and page: its checks, then the simulator's count
 * of requests over `WINDOW_MS`. Opened apps and simulators go into `opened` for the test
 * to close once every scene has ended.
 */
async function play(
  scene: Scene,
  browser: Browser,
  opened: { apps: Workspace[]; sims: SimulatorHandle[] },
): Promise<void> {
  const at = Date.parse(scene.clock);
  const offset = at - Date.now();
  const sim = await startSimulator({ token: TOKEN, seed: 4, now: () => Date.now() + offset });
  opened.sims.push(sim);
  const app = await openWorkspace(browser, {
    settings: { ...PREMIUM_BUDGET, baseUrl: sim.url, streamEnabled: false },
    hostToken: TOKEN,
    hostClock: scene.clock,
    viewport: { width: 1024, height: 800 },
    beforeOpen: (page) => page.clock.install({ time: at }),
  });
  opened.apps.push(app);
  const page = app.page;
  const board = page.getByRole('table', { name: /^Quotes of / });
  const row = board.locator('tr', { has: page.getByText(scene.row.code, { exact: true }) });
  await expect(row.getByRole('img', { name: scene.row.state })).toBeVisible({
    timeout: 30_000,
  });
  const line = page
    .getByRole('list', { name: 'Market hours' })
    .getByRole('listitem')
    .filter({ hasText: scene.line.where });
  await expect(line).toContainText(scene.line.text);
  const status = page.getByTestId('status-markets');
  await expect(status).toContainText(scene.status);
  // Closed is not stale: the status stays LIVE, the board's badge says nothing.
  await expect(page.getByRole('contentinfo', { name: 'Status' }).getByRole('status')).toContainText(
    'LIVE',
  );
  if (scene.screenshot) {
    await shoot(page, scene.screenshot);
    await setTheme(page, 'light');
    await shoot(page, `${scene.screenshot}-light`);
  }

  if (scene.pick) {
    await quoteRow(page, scene.pick.row).click();
    await expect(slot(page, 'Depth')).toContainText(scene.pick.ladder);
  }
  // The closed markets' last prices are in: give the final polls a moment, then count.
  await page.waitForTimeout(3_000);
  sim.resetStats();
  await page.waitForTimeout(WINDOW_MS);
  const { byPath } = sim.stats();
  const closing = scene.closed.reduce((n, p) => n + (byPath[p] ?? 0), 0);
  console.log(`e2e market hours, ${scene.name}: ${JSON.stringify(byPath)}`);
  expect(closing, `requests for closed markets: ${JSON.stringify(byPath)}`).toBe(0);
  expect(byPath['/crypto/quotes'] ?? 0).toBeGreaterThan(0);
}

// The three scenes side by side, each on its own clock, simulator, host and page: most
// of a scene is the count's wait, so one wait serves all three (a step each names its
// scene in a failure).
test(`on ${SCENES.map((s) => s.name).join(', ')}, the board and the status bar say so, and nothing polls the closed markets`, async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const opened: { apps: Workspace[]; sims: SimulatorHandle[] } = { apps: [], sims: [] };
  const results = await Promise.allSettled(
    SCENES.map((scene) => test.step(`on ${scene.name}`, () => play(scene, browser, opened))),
  );
  // Closed only once every scene has ended: closing a workspace stops every process
  // this worker started, the other scenes' hosts too.
  for (const app of opened.apps) await closeWorkspace(app);
  await Promise.all(opened.sims.map((sim) => sim.close()));
  const failed = results.find((r): r is PromiseRejectedResult => r.status === 'rejected');
  if (failed) throw failed.reason;
});

async function shoot(page: Page, name: string): Promise<void> {
  await page.mouse.move(0, 799);
  const file = path.join(ROOT, 'test-results', 'screens', `${name}.png`);
  await page.screenshot({ path: file });
  console.log(`wrote ${path.relative(ROOT, file)}`);
}
