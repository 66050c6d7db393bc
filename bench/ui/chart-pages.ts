/**
 * The chart benchmarks' pages (./build-pages.ts: bare.html and app.html) built, served
 * and open in Chromium with precise memory and `gc()`, in one 1280×800 context; and a
 * page opened until its `bench` says it is ready. ui-chart, ui-chart-events and the
 * profiler (./profile-chart.ts) all start this way.
 */
import { rmSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { launchChromium } from './browser';
import { buildPages } from './build-pages';
import { serveFolder } from './static-server';

export interface ChartPages {
  /** `http://127.0.0.1:PORT`, serving the built pages. */
  origin: string;
  context: BrowserContext;
}

/**
 * Builds the pages (unminified when `profile`), serves them and opens Chromium, runs `use`,
 * then closes the browser and the server and removes the pages, whatever `use` did.
 */
export async function withChartPages<T>(
  use: (pages: ChartPages) => Promise<T>,
  { profile = false }: { profile?: boolean } = {},
): Promise<T> {
  const dir = await buildPages({ profile });
  const server = await serveFolder(dir);
  // expose-gc: each measurement starts after a full collection.
  const browser = await launchChromium({ memory: true });
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    return await use({ origin: server.origin, context });
  } finally {
    await browser.close();
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Opens `url` in `page` and waits (20 s at most) for its `bench.ready`; a page that never
 * gets there fails with its own errors. Says on stderr when the page is not
 * cross-origin isolated (the timers are then 100 µs coarse).
 */
export async function openBenchPage(page: Page, url: string): Promise<void> {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(url);
  await page
    .waitForFunction(
      () => (globalThis as { bench?: { ready?: boolean } }).bench?.ready === true,
      null,
      { timeout: 20_000 },
    )
    .catch((e: unknown) => {
      throw new Error(`${url}: ${errors.join('; ') || String(e)}`);
    });
  if (
    !(await page.evaluate(
      () => (globalThis as unknown as { crossOriginIsolated: boolean }).crossOriginIsolated,
    ))
  ) {
    console.error(`[bench] ${url} is not cross-origin isolated: timer resolution 100 µs`);
  }
}
