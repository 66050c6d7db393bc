/**
 * A workspace on a closed market while its first answer is awaited: AAPL on a Saturday
 * (Friday closed early, at 13:00 New York). A simulator in the spec's own process whose
 * answers take 6 s (`latencyMs`, standing in for the wait a small plan's budget makes),
 * on one clock set to the Saturday: the simulator's `now`, the host's
 * MARKETDESK_TEST_CLOCK and the page's `page.clock` (as market-hours.spec.ts).
 */
import type { Browser } from '@playwright/test';
import { startSimulator, type SimulatorHandle } from '../../src/simulator';
import type { PaneConfig } from '../../src/renderer/src/workspace/pane-contract';
import { savedWorkspace, tabsOf } from './saved-workspace';
import { closeWorkspace, openWorkspace, PREMIUM_BUDGET, type Workspace } from './workspace';

/** Saturday 28 Nov 2026, 10:00 in New York; Friday closed early, at 13:00. */
export const SATURDAY = '2026-11-28T15:00:00Z';
export const AAPL = { class: 'stock', region: 'US', exchange: '', code: 'AAPL' } as const;

/**
 * Opens a workspace of one saved `pane` (its link group red, on AAPL) against such a
 * simulator checking `token`, runs `body`, and closes both whatever happens.
 */
export async function onClosedSaturday(
  browser: Browser,
  token: string,
  pane: PaneConfig,
  body: (app: Workspace, sim: SimulatorHandle) => Promise<void>,
): Promise<void> {
  const offset = Date.parse(SATURDAY) - Date.now();
  let sim: SimulatorHandle | null = null;
  let app: Workspace | null = null;
  try {
    sim = await startSimulator({
      token,
      seed: 5,
      now: () => Date.now() + offset,
      faults: { latencyMs: 6_000 },
    });
    app = await openWorkspace(browser, {
      settings: { ...PREMIUM_BUDGET, baseUrl: sim.url, streamEnabled: false },
      hostToken: token,
      hostClock: SATURDAY,
      workspace: savedWorkspace({ name: 'Book', root: tabsOf(pane), linkSymbols: { red: AAPL } }),
      viewport: { width: 1024, height: 700 },
      beforeOpen: (page) => page.clock.install({ time: Date.parse(SATURDAY) }),
    });
    await body(app, sim);
  } finally {
    await sim?.close();
    if (app) await closeWorkspace(app);
  }
}

/** What a closed AAPL's empty pane says while its first book is awaited. */
export const CLOSED_SINCE_FRIDAY =
  "The market has been closed since Fri 13:00 ET: its last book is from then. Waiting for the service's answer.";
