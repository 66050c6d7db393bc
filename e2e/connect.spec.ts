/**
 * Issue 23 — the plan, visible. Settings' "Connect to a service" asks in the order a
 * person has the facts (address, token, plan) and its Test says what works against a
 * live service: REST answers, the stream connects with its subscriptions acknowledged,
 * and a market the workspace shows that the plan does not cover. A service that refuses
 * below the chosen plan's limits (429s, subscriptions refused) gets the status bar's
 * offer to switch to the plan its refusals fit, and one click switches.
 */
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import { PLAN_LIMITS, planOf } from '../src/shared/model';
import { startSimulator, type SimulatorHandle } from '../src/simulator';
import { printLogsOnFailure } from './support/processes';
import { statusMode } from './support/ui';
import { closeWorkspace, openWorkspace, savedFile, type Workspace } from './support/workspace';

printLogsOnFailure();
test.describe.configure({ mode: 'serial' });

const TOKEN = 'e2e-connect-token-5b90';

let sim: SimulatorHandle | undefined;
let app: Partial<Workspace> = {};
test.afterEach(async () => {
  await closeWorkspace(app);
  app = {};
  await sim?.close();
  sim = undefined;
});

const settingsDialog = (page: Page) => page.getByRole('dialog', { name: 'Settings' });
const streamed = (page: Page) =>
  page.getByRole('contentinfo', { name: 'Status' }).getByRole('img', { name: /^Prices / });

/**
 * A simulator on `servicePlan`, enforcing that plan's minute, and the app live against
 * it with the base plan set in Settings.
 */
async function live(
  browser: Browser,
  servicePlan: 'free' | 'base',
  options: { seed: number; deniedMarkets?: string[]; viewport: { width: number; height: number } },
): Promise<Page> {
  sim = await startSimulator({
    token: TOKEN,
    seed: options.seed,
    plan: planOf(servicePlan),
    ...(options.deniedMarkets ? { deniedMarkets: options.deniedMarkets } : {}),
    faults: {
      rateLimit: { requests: PLAN_LIMITS[servicePlan].requestsPerMinute, windowMs: 60_000 },
    },
  });
  app = await openWorkspace(browser, {
    settings: { plan: 'base', baseUrl: sim.url },
    hostToken: TOKEN,
    viewport: options.viewport,
  });
  return app.page!;
}

/** The y of an element's top, to compare the order the dialog shows them in. */
async function top(page: Page, locator: ReturnType<Page['getByLabel']>): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error('not laid out');
  return box.y;
}

test('Connect to a service: address, token, plan, then a Test of what works', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const page = await live(browser, 'base', {
    seed: 5,
    deniedMarkets: ['stock:HK'],
    viewport: { width: 1024, height: 768 },
  });
  // A market outside the plan is not the service failing: LIVE, saying so beside it.
  await expect(statusMode(page)).toContainText('LIVE', { timeout: 60_000 });
  await expect(
    page
      .getByRole('contentinfo', { name: 'Status' })
      .getByText('some markets are not in your plan'),
  ).toBeVisible({ timeout: 60_000 });
  // The feed's own stream is up: the Test reads it rather than opening a second one.
  await expect(streamed(page)).toHaveText('STREAM', { timeout: 30_000 });

  await page.getByRole('button', { name: 'Settings' }).click();
  const dialog = settingsDialog(page);
  const connect = dialog.getByRole('region', { name: 'Connect to a service' });
  await expect(connect).toBeVisible();
  const address = await top(page, connect.getByLabel('Base URL'));
  const token = await top(page, connect.getByLabel('New API token'));
  const plan = await top(page, connect.getByLabel('Plan', { exact: true }));
  const testButton = connect.getByRole('button', { name: 'Test connection' });
  expect(address).toBeLessThan(token);
  expect(token).toBeLessThan(plan);
  expect(plan).toBeLessThan(await top(page, testButton));

  await testButton.click();
  const results = connect.getByRole('list', { name: /tested at/ });
  await expect(results).toBeVisible({ timeout: 30_000 });
  await expect(
    connect.getByText(/^http:\/\/127\.0\.0\.1:\d+, base plan, tested at /),
  ).toBeVisible();
  const row = (subject: string) =>
    results.getByRole('listitem').filter({ has: page.getByText(subject, { exact: true }) });
  await expect(row('REST')).toContainText(
    /works:\s*The service answers \(\d+ ms\) and takes the token\./,
  );
  await expect(row('Stream')).toContainText('works: Connected and authenticated.');
  await expect(row('Subscriptions')).toContainText(
    /works:\s*\d+ symbols subscribed and acknowledged/,
  );
  await expect(row('stock · HK')).toContainText(
    'does not work: Not in your plan: the service answers',
  );
  await expect(row('stock · US')).toContainText('works: In your plan: it answers.');

  // The plan step saves the plan alone; the Test then names it.
  await connect.getByLabel('Plan', { exact: true }).selectOption('professional');
  await expect(
    connect.getByText('Tests the saved address and plan, not what is typed.'),
  ).toBeVisible();
  await connect.getByRole('button', { name: 'Use this plan' }).click();
  await expect(connect.getByRole('status')).toHaveText('Saved.');
  expect(JSON.parse(savedFile(app as Workspace, 'settings.json'))).toMatchObject({
    plan: 'professional',
  });
  await testButton.click();
  await expect(connect.getByText(/, professional plan, tested at /)).toBeVisible({
    timeout: 30_000,
  });
});

test('a service on a smaller plan than the one set: the status bar offers it, and one click switches', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  // The token is on the free plan (5 a minute, 3 subscriptions); Settings say base.
  const page = await live(browser, 'free', { seed: 6, viewport: { width: 1280, height: 800 } });
  const status = page.getByRole('contentinfo', { name: 'Status' });
  const offer = status.getByRole('button', { name: 'Switch to the free plan' });
  await expect(offer).toBeVisible({ timeout: 90_000 });
  await offer.click();
  await expect
    .poll(() => JSON.parse(savedFile(app as Workspace, 'settings.json') || '{}').plan, {
      timeout: 10_000,
    })
    .toBe('free');
  await expect(offer).toHaveCount(0, { timeout: 30_000 });
  await expect(status).toContainText(/free/);
});
