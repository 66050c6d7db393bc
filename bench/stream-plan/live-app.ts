/**
 * The app as a user runs it against the live service, for the stream's browser
 * benchmarks: the browser host in this process, live (a token from the environment)
 * against the stream simulator in its child process (../stream-sim-child), on the
 * simulator's clock, showing quote boards of given symbols; headless Chromium on its
 * page with the probes (../ui/page-probe: long tasks, bridge frames; ../ui/price-paints:
 * last-price paints). Plan premium (2,000 stream symbols a connection, 12 connections),
 * a request budget the boards' first snapshots do not stretch.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startHost, type HostHandle } from '../../src/host/start-host';
import type { StreamHealth } from '../../src/shared/model';
import type { SimChild } from '../stream-sim-child';
import { launchChromium } from '../ui/browser';
import { PROBE_SCRIPT, type ProbeData } from '../ui/page-probe';
import { pane, split, tabs } from '../ui/panes-workspace';
import { PRICE_PAINTS_SCRIPT, type PricePaint } from '../ui/price-paints';

const TOKEN = 'bench-stream-token';

/** A board's symbols. */
export type BoardSymbols = { class: string; region: string; code: string }[];

export interface LiveApp {
  host: HostHandle;
  page: Page;
  /** The hub's stream health now. */
  stream(): StreamHealth;
  probe(): Promise<ProbeData>;
  /** The paints recorded so far (and forgets them). */
  takePaints(): Promise<PricePaint[]>;
  close(): Promise<void>;
}

/** A workspace of quote boards side by side (a row of columns), one watchlist each. */
function boardsWorkspace(boards: readonly BoardSymbols[]): object {
  const panes = boards.map((_, i) =>
    tabs(pane(`board-${i}`, 'quotes', null, { watchlistId: `w${i}` })),
  );
  const root = panes
    .slice(1)
    .reduce<object>((left, right, i) => split(`s-${i}`, 'row', left, right), panes[0]!);
  return {
    version: 1,
    data: {
      layouts: [{ name: 'Bench', root }],
      activeLayout: 'Bench',
      watchlists: boards.map((symbols, i) => ({
        id: `w${i}`,
        name: `W${i}`,
        symbols: symbols.map((s) => ({ ...s, exchange: '' })),
      })),
      linkSymbols: {},
    },
  };
}

/**
 * Starts the host on `boards`, opens the page and waits until the boards' symbols stream
 * (`expected` of them) and a price is painted.
 */
export async function openLiveApp(
  sim: SimChild,
  offsetMs: number,
  boards: readonly BoardSymbols[],
  expected: number,
  viewport = { width: 1600, height: 1000 },
): Promise<LiveApp> {
  const dir = mkdtempSync(path.join(tmpdir(), 'marketdesk-bench-stream-'));
  const data = path.join(dir, 'data');
  mkdirSync(data);
  writeFileSync(path.join(data, 'workspace.json'), JSON.stringify(boardsWorkspace(boards)));
  writeFileSync(
    path.join(data, 'settings.json'),
    JSON.stringify({ version: 1, plan: 'premium', baseUrl: sim.url, requestsPerMinute: 3000 }),
  );
  let host: HostHandle | null = null;
  let browser: Browser | null = null;
  const close = async () => {
    await browser?.close();
    await host?.close();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    host = await startHost({
      dataFolder: data,
      env: { MARKETDESK_TOKEN: TOKEN, MARKETDESK_BASE_URL: sim.url },
      services: { loadKeytar: null, cacheFile: ':memory:', now: () => Date.now() + offsetMs },
      log: () => undefined,
    });
    const hub = host.services.hub;
    browser = await launchChromium();
    const page = await browser.newPage({ viewport });
    page.on('pageerror', (e) => console.error(`[stream-plan] page error: ${e.message}`));
    await page.addInitScript({ path: PROBE_SCRIPT });
    await page.addInitScript({ path: PRICE_PAINTS_SCRIPT });
    await page.goto(host.url);
    const stream = () => hub.health.snapshot().stream;
    for (let waited = 0; !(stream().state === 'streaming' && stream().streamed === expected);) {
      if ((waited += 100) > 60_000) {
        throw new Error(`not streaming ${expected} symbols: ${JSON.stringify(stream())}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await page.waitForFunction(
      () => (globalThis as unknown as { __probe: ProbeData }).__probe.firstQuotePainted !== null,
      null,
      { timeout: 30_000 },
    );
    return {
      host,
      page,
      stream,
      probe: () => page.evaluate(() => (globalThis as unknown as { __probe: ProbeData }).__probe),
      takePaints: () =>
        page.evaluate(() => {
          const paints = (globalThis as unknown as { __paints: PricePaint[] }).__paints;
          return paints.splice(0);
        }),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}
