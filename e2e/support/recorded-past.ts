/**
 * Five minutes of the demo market's BTCUSDT recorded without waiting five minutes: its
 * market model's books and trades every 500 ms go through the app's own Recorder on a
 * clock of their own, into the recording of a live service that is not there (so the
 * app opened on it is offline: everything it shows comes from the recording). Used by
 * the recorded heatmap's spec and the heatmap replay's.
 */
import { readDepth, readQuote, readTick } from '../../src/core/api/normalise-market';
import { Recorder } from '../../src/core/recording';
import { liveSourceId, type Instrument } from '../../src/shared/model';
import { SyntheticMarket } from '../../src/simulator/market/synthetic-market';
import { BTC, BTC_LADDER } from './heatmap';
import { NO_SERVICE_URL } from './processes';
import { savedPane, savedWorkspace, split, tabsOf } from './saved-workspace';
import { PREMIUM_BUDGET, type WorkspaceOptions } from './workspace';

export const MINUTES = 5;
export const EVERY_MS = 500;
/** The demo's market model (the in-process simulator's seed). */
const DEMO_SEED = 1;

/** What `recordPast` records beside BTCUSDT's books and trades. */
export interface PastParts {
  /** BTCUSDT's quotes too (a replayed chart's forming bar is built from them). */
  quotes?: boolean;
  /** Other instruments whose books are recorded as well. */
  booksOf?: readonly Instrument[];
}

/** What the app's Recorder takes: a channel's record of an instrument. */
export type Take = (entry: Parameters<Recorder['take']>[0]) => void;

/**
 * Every `EVERY_MS` from `from` to `to` (both included) on a clock of its own: `each`
 * reads the demo's market model at that time and gives the app's Recorder what it would
 * have received live, into `home`'s recording of the absent service's source.
 */
export function recordSpan(
  home: string,
  from: number,
  to: number,
  each: (market: SyntheticMarket, take: Take, t: number) => void,
): void {
  const clock = { t: from };
  const market = new SyntheticMarket({ seed: DEMO_SEED, now: () => clock.t });
  const recorder = new Recorder({
    folder: home,
    source: () => liveSourceId(NO_SERVICE_URL),
    now: () => clock.t,
    timers: null,
  });
  const take: Take = (entry) => recorder.take(entry);
  for (; clock.t <= to; clock.t += EVERY_MS) each(market, take, clock.t);
  recorder.close();
}

/** Records `MINUTES` of BTCUSDT ending now into `home`'s recording of the absent service's source. */
export function recordPast(
  home: string,
  parts: PastParts = {},
): { from: number; to: number; books: number } {
  const to = Date.now();
  const from = to - MINUTES * 60_000;
  let books = 0;
  recordSpan(home, from, to, (market, take) => {
    const depth = market.depth(BTC.class, BTC.region, BTC.exchange, BTC.code)!;
    take({ channel: 'depth', instrument: BTC, record: readDepth(depth, BTC.code) });
    const tick = market.tick(BTC.region, BTC.code)!;
    take({ channel: 'tick', instrument: BTC, record: readTick(tick, BTC.code) });
    if (parts.quotes) {
      const quote = market.quote(BTC.class, BTC.region, BTC.exchange, BTC.code)!;
      take({ channel: 'quote', instrument: BTC, record: readQuote(quote, BTC.code, true) });
    }
    for (const other of parts.booksOf ?? []) {
      const book = market.depth(other.class, other.region, other.exchange, other.code)!;
      take({ channel: 'depth', instrument: other, record: readDepth(book, other.code) });
    }
    books++;
  });
  return { from, to, books };
}

/** A BTCUSDT ladder beside a heatmap (1 s buckets, 100 ticks a row), in one link group. */
export function heatmapWorkspace(): object {
  const heatmap = savedPane('heat', 'heatmap', {
    link: 'red',
    symbol: BTC,
    options: { bucketMs: 1_000, grouping: 100 },
  });
  return savedWorkspace({
    name: 'Map',
    root: split('s-map', 'row', 0.34, tabsOf(BTC_LADDER), tabsOf(heatmap)),
    linkSymbols: { red: BTC },
  });
}

/**
 * The app the recorded specs open: live on `hostToken` against a service that is not
 * there (nothing comes from the network), on `heatmapWorkspace`, 1024 px wide, the page
 * left blank until the spec has recorded its past.
 */
export function recordedApp(hostToken: string): WorkspaceOptions {
  return {
    settings: PREMIUM_BUDGET,
    hostToken,
    workspace: heatmapWorkspace(),
    viewport: { width: 1024, height: 700 },
    open: false,
  };
}
