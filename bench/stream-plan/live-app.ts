/**
 * The app as a user runs it against the live service, for the stream's browser
 * benchmarks: the browser host in this process, live (a token from the environment)
 * against the stream simulator in its child process (../stream-sim-child), on the
 * simulator's clock, showing quote boards of given symbols; headless Chromium on its
 * page with the probes (../ui/page-probe: long tasks, bridge frames; ../ui/price-paints:
 * last-price paints). Plan premium (2,000 stream symbols a connection, 12 connections),
 * a request budget the boards' first snapshots do not stretch.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { startHost, type HostHandle } from '../../src/host/start-host';
import { groupSymbols } from '../../src/renderer/src/panes/quotes/board';
import type { WorkspaceDocument } from '../../src/shared/bridge';
import type { AssetClass, StreamHealth } from '../../src/shared/model';
import {
  savedPane,
  savedWorkspace,
  split,
  tabsOf,
  type LayoutNode,
} from '../../e2e/support/saved-workspace';
import { writeDataFolder } from '../data-folder';
import type { SimChild } from '../stream-sim-child';
import { launchChromium } from '../ui/browser';
import { PROBE_SCRIPT, type ProbeData } from '../ui/page-probe';
import { addStyleSheet } from '../ui/style-sheet';
import { PRICE_PAINTS_SCRIPT, type PricePaint } from '../ui/price-paints';

const TOKEN = 'bench-stream-token';
/** Diagnostic: `STREAM_PLAN_CSS='…'` adds a style sheet (to see what something costs). */
const CSS = process.env['STREAM_PLAN_CSS'] ?? '';

/** A board's symbols. */
export type BoardSymbols = { class: string; region: string; code: string }[];

export interface LiveApp {
  host: HostHandle;
  browser: Browser;
  page: Page;
  /** The hub's stream health now. */
  stream(): StreamHealth;
  probe(): Promise<ProbeData>;
  /** The paints recorded so far (and forgets them). */
  takePaints(): Promise<PricePaint[]>;
  close(): Promise<void>;
}

/** A workspace of quote boards side by side (a row of columns), one watchlist each. */
function boardsWorkspace(boards: readonly BoardSymbols[]): WorkspaceDocument {
  const panes = boards.map((_, i) =>
    tabsOf(
      savedPane(`board-${i}`, 'quotes', { title: `board-${i}`, options: { watchlistId: `w${i}` } }),
    ),
  );
  const root = panes
    .slice(1)
    .reduce<LayoutNode>((left, right, i) => split(`s-${i}`, 'row', 0.5, left, right), panes[0]!);
  return savedWorkspace({
    name: 'Bench',
    root,
    watchlists: boards.map((symbols, i) => ({
      id: `w${i}`,
      name: `W${i}`,
      symbols: symbols.map((s) => ({ ...s, class: s.class as AssetClass, exchange: '' })),
    })),
  });
}

/**
 * Starts the host on `boards`, opens the page and waits until the boards' symbols (and
 * `elsewhere`'s) stream and a price is painted. `elsewhere`: symbols another window
 * shows, subscribed on the host's hub directly (streamed into the host, not bridged).
 */
export async function openLiveApp(
  sim: SimChild,
  offsetMs: number,
  boards: readonly BoardSymbols[],
  { elsewhere = [], viewport = { width: 1600, height: 1000 } } = {} as {
    elsewhere?: BoardSymbols;
    viewport?: { width: number; height: number };
  },
): Promise<LiveApp> {
  const expected = new Set(
    [...boards.flat(), ...elsewhere].map((s) => `${s.class}:${s.region}:${s.code}`),
  ).size;
  const dir = mkdtempSync(path.join(tmpdir(), 'marketdesk-bench-stream-'));
  const data = path.join(dir, 'data');
  writeDataFolder(data, {
    settings: { plan: 'premium', baseUrl: sim.url, requestsPerMinute: 3000 },
    workspace: boardsWorkspace(boards),
  });
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
    const refs = elsewhere.map((s) => ({ ...s, class: s.class as AssetClass, exchange: '' }));
    for (const sel of groupSymbols(refs).values()) {
      hub.subscribe('bench-another-window', { kind: 'quotes', ...sel }, () => undefined);
    }
    browser = await launchChromium();
    const page = await browser.newPage({ viewport });
    page.on('pageerror', (e) => console.error(`[stream-plan] page error: ${e.message}`));
    await page.addInitScript({ path: PROBE_SCRIPT });
    await page.addInitScript({ path: PRICE_PAINTS_SCRIPT });
    await addStyleSheet(page, CSS);
    await page.goto(host.url);
    const stream = () => hub.health.snapshot().stream;
    for (let waited = 0; !(stream().state === 'streaming' && stream().streamed === expected);) {
      if ((waited += 100) > 90_000) {
        throw new Error(`not streaming ${expected} symbols: ${JSON.stringify(stream())}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await page.waitForFunction(
      () => (globalThis as unknown as { __probe: ProbeData }).__probe.firstQuotePainted !== null,
      null,
      { timeout: 90_000 },
    );
    return {
      host,
      browser,
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
