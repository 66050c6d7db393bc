/**
 * The workspace a browser spec drives: a data folder, the browser host started on it
 * (in demo mode, or against a simulator of the spec's own standing in for the live
 * service), and a page of its own browser context opened at the host's address.
 * `useWorkspace` gives a spec file one for all its tests (serial: the state carries
 * over); `openWorkspace`/`closeWorkspace` do the same for a script (e2e/screens.ts).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '@playwright/test';
import type { Host, Started } from './processes';
import {
  makeHome,
  printLogsOnFailure,
  removeHome,
  startHost,
  startSimulator,
  stopAll,
} from './processes';
import { statusMode } from './ui';

/**
 * Settings with a budget that lets the feed poll at its own pace (updates within
 * seconds) and the plan that serves every pane.
 */
export const PREMIUM_BUDGET = { plan: 'premium', requestsPerMinute: 3000 } as const;

export interface WorkspaceOptions {
  /** The data folder's settings.json, over `makeHome`'s (which keep off the real service). */
  settings?: Record<string, unknown>;
  /**
   * A simulator that checks `token`, standing in for the live service: its address is
   * the settings' `baseUrl`. The host still starts in demo mode unless `hostToken` is given.
   */
  service?: { token: string; seed: number };
  /** `MARKETDESK_TOKEN` for the host: live (or refused) from its start. */
  hostToken?: string;
  /** The host's clock starts at this ISO instant (MARKETDESK_TEST_CLOCK; e2e/README.md). */
  hostClock?: string;
  /** A workspace.json written into the data folder before the host starts. */
  workspace?: object;
  /** The page's size; 1600 × 900 unless given. */
  viewport?: { width: number; height: number };
  /** Runs on the page before it opens the host: listeners, routes, init scripts. */
  beforeOpen?: (page: Page) => Promise<unknown> | void;
  /** `false` leaves the page blank (the spec opens the host's address itself). */
  open?: boolean;
  /** Once open, wait (up to 20 s) until the status bar's mode says this ("DEMO DATA"). */
  mode?: string;
}

/** An open workspace. */
export interface Workspace {
  /** The data folder (`MARKETDESK_HOME`). */
  home: string;
  host: Host;
  /** A page of its own browser context (axe needs one, not `browser.newPage()`). */
  page: Page;
  /** The spec's own simulator, when `service` asked for one. */
  service: Started | undefined;
}

const DEFAULT_VIEWPORT = { width: 1600, height: 900 };

/**
 * Fills `into` as each part starts, so that `closeWorkspace(into)` cleans up whatever
 * did start when a later part fails.
 */
async function open(
  into: Partial<Workspace>,
  browser: Browser,
  options: WorkspaceOptions,
): Promise<void> {
  const service = options.service && (await startSimulator(options.service));
  into.service = service;
  const home = makeHome({
    ...(service ? { baseUrl: service.url } : {}),
    ...options.settings,
  });
  into.home = home;
  if (options.workspace) {
    writeFileSync(path.join(home, 'workspace.json'), JSON.stringify(options.workspace));
  }
  const host = await startHost({
    home,
    token: options.hostToken,
    ...(options.hostClock === undefined ? {} : { clock: options.hostClock }),
  });
  into.host = host;
  const context = await browser.newContext({ viewport: options.viewport ?? DEFAULT_VIEWPORT });
  const page = await context.newPage();
  into.page = page;
  await options.beforeOpen?.(page);
  if (options.open === false) return;
  await page.goto(host.url);
  if (options.mode !== undefined) {
    await expect(statusMode(page)).toContainText(options.mode, { timeout: 20_000 });
  }
}

/** Starts a workspace (for a script; a spec file uses `useWorkspace`). */
export async function openWorkspace(
  browser: Browser,
  options: WorkspaceOptions = {},
): Promise<Workspace> {
  const into: Partial<Workspace> = {};
  try {
    await open(into, browser, options);
  } catch (error) {
    await closeWorkspace(into);
    throw error;
  }
  return into as Workspace;
}

/**
 * Closes the page's context, stops every process this worker started (the host, the
 * service and any the spec started itself) and removes the data folder.
 */
export async function closeWorkspace(workspace: Partial<Workspace>): Promise<void> {
  await workspace.page?.context().close();
  await stopAll();
  removeHome(workspace.home);
}

/**
 * In the spec file that calls it: its tests run in order on one workspace, opened
 * before the first (the spec's own `beforeAll` hooks run after this one) and closed
 * after the last; a failing test prints the processes' stderr. The object answered is
 * filled in by then: read `app.page` inside hooks and tests.
 */
export function useWorkspace(options: WorkspaceOptions = {}): Workspace {
  test.describe.configure({ mode: 'serial' });
  printLogsOnFailure();
  const app: Partial<Workspace> = {};
  test.beforeAll(({ browser }) => open(app, browser, options));
  test.afterAll(() => closeWorkspace(app));
  return app as Workspace;
}

/** A file the host wrote into the data folder, as text ('' before it is written). */
export function savedFile(app: Workspace, name: string): string {
  try {
    return readFileSync(path.join(app.home, name), 'utf8');
  } catch {
    return '';
  }
}
