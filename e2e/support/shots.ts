/**
 * What the screenshot scripts share (they are not specs: screens.ts, screenshots.ts,
 * chart-screens.ts, drawing-screens.ts, alert-screenshot.ts, search-screenshot.ts):
 * a headless Chromium, a demo workspace opened in it, and a still picture.
 */
import path from 'node:path';
import type { Browser, Locator, Page } from '@playwright/test';
import { chromium } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './chromium';
import { ROOT, stopAll } from './processes';
import { closeWorkspace, openWorkspace, type WorkspaceOptions } from './workspace';

/** Runs `shots` with a headless Chromium (no scrollbars in the pictures), then stops all. */
export async function withBrowser(shots: (browser: Browser) => Promise<void>): Promise<void> {
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS, '--hide-scrollbars'],
  });
  try {
    await shots(browser);
  } finally {
    await browser.close();
    await stopAll();
  }
}

/** Runs `shots` on a workspace open in `browser`, closed after. */
export async function inWorkspace(
  browser: Browser,
  options: WorkspaceOptions,
  shots: (page: Page) => Promise<void>,
): Promise<void> {
  const app = await openWorkspace(browser, options);
  try {
    await shots(app.page);
  } finally {
    await closeWorkspace(app);
  }
}

/** `inWorkspace` in a browser of its own, on demo data (unless `options` say another mode). */
export function withWorkspace(
  options: WorkspaceOptions,
  shots: (page: Page) => Promise<void>,
): Promise<void> {
  return withBrowser((browser) => inWorkspace(browser, { mode: 'DEMO DATA', ...options }, shots));
}

/**
 * Writes a picture of `target` (the page, or a part of it) once it is still: the mouse
 * off every pane (no hover, no chart crosshair), the chart's recolouring frame done.
 */
export async function stillShot(
  page: Page,
  file: string,
  target: Page | Locator = page,
  settleMs = 1_200,
): Promise<void> {
  await page.mouse.move(0, (page.viewportSize()?.height ?? 800) - 1);
  await page.waitForTimeout(settleMs);
  await target.screenshot({ path: file });
  console.log(`wrote ${path.relative(ROOT, file)}`);
}

/** Runs a script's `main`: a failure is printed and the exit code says so. */
export function runScript(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
