/**
 * The free plan's budget, told truly and spent in the user's order (Sunday 29 Nov 2026,
 * 14:00 UTC: every stock market closed, crypto streamed), on the simulator's clock with
 * the plan's own limits and the app's market hours (src/core/feed/testing/hours-rig.ts):
 *
 * - the default workspace streamed for 5 minutes: what the meter says the feed wants a
 *   minute and its "polling slowed ×N" at their worst, the requests asked once it
 *   counts apart, what the client really sent in its busiest minute, when the streamed
 *   book's REST snapshot left and how often the news page was asked;
 * - a 700 (HK) chart opened after 3 minutes of that workspace: its candles and its split
 *   and IPO look-ups asked as the app asks them (the events service and the history's
 *   candle source over the same client): the seconds to its candles and the requests
 *   sent before them.
 */
import { defaultWorkspaceSpecs } from './default-workspace';
import type { Benchmark, BenchRow } from './harness';
import { loadRow } from './harness';
import { DEMO, tempCache } from '../src/core/cache/testing/fixtures';
import { chartLookups } from '../src/core/events/testing/chart-lookups';
import { hoursRig } from '../src/core/feed/testing/hours-rig';
import { Recorder } from '../src/core/feed/testing/recorder';
import { CALENDARS_AFTER_START_MS } from '../src/core/services';

const SUNDAY = Date.UTC(2026, 10, 29, 14);
const MINUTES = 5;

async function workspaceRun(): Promise<BenchRow[]> {
  const { rig, sent, close } = await hoursRig({
    start: SUNDAY,
    plan: 'free',
    fetchAfterMs: CALENDARS_AFTER_START_MS,
    streaming: true,
  });
  try {
    for (const pane of defaultWorkspaceSpecs()) {
      for (const spec of pane.specs) rig.hub.subscribe('window-1', spec, new Recorder().push);
    }
    let wanted = 0;
    let stretch = 1;
    let once = 0;
    const slowedAt: number[] = [];
    /** Seconds a market said its calendar is being fetched, and queued, and the holidays requests sent by then. */
    const fetching: number[] = [];
    let queued = 0;
    for (let t = 0; t < MINUTES * 60_000; t += 1_000) {
      await rig.advance(1_000);
      const why = rig.hub.marketStates().map((m) => m.unknownWhy ?? '');
      if (why.some((w) => w.includes('being fetched'))) {
        fetching.push(sent.filter((s) => s.path === '/symbol/v2/holidays').length);
      }
      if (why.some((w) => w.includes('queued'))) queued++;
      const b = rig.hub.status().budget as { wantedPerMinute: number; stretch: number } & {
        oneOffRequests?: number;
      };
      wanted = Math.max(wanted, b.wantedPerMinute);
      stretch = Math.max(stretch, b.stretch);
      once = Math.max(once, b.oneOffRequests ?? 0);
      if (b.stretch > 1.005) slowedAt.push(t);
    }
    let busiest = 0;
    for (const s of sent) {
      busiest = Math.max(busiest, sent.filter((o) => o.at >= s.at && o.at < s.at + 60_000).length);
    }
    const at = (path: string) => sent.find((s) => s.path === path)?.at;
    const depthAt = at('/crypto/depths');
    const news = sent.filter((s) => s.path === '/news').length;
    return [
      {
        name: `free, Sunday, streamed: the feed's wanted requests a minute at worst (the meter's "N/4")`,
        value: wanted,
        unit: 'req/min',
        ratio: `sent in the busiest minute ${busiest} (all callers, calendars included); ${sent.length} in ${MINUTES} min`,
      },
      {
        name: 'free, Sunday, streamed: "polling slowed ×N" at worst',
        value: stretch,
        unit: '×',
        ratio: `said for ${slowedAt.length} of ${MINUTES * 60} s`,
        goal: '1 (nothing is polled faster than the plan allows)',
        pass: stretch <= 1.005,
      },
      {
        name: 'free, Sunday, streamed: requests asked once, counted apart, at most',
        value: once,
        unit: 'req',
      },
      {
        name: 'free, Sunday, streamed: seconds a market said "its calendar is being fetched"',
        value: fetching.length,
        unit: 's',
        ratio: `said queued ${queued} s; holidays requests sent by those seconds: ${[...new Set(fetching)].join(', ') || 'none'}; in all ${sent.filter((s) => s.path === '/symbol/v2/holidays').length}`,
      },
      {
        name: "free, Sunday, streamed: the crypto book's REST snapshot left after",
        value: depthAt === undefined ? Number.NaN : (depthAt - SUNDAY) / 1000,
        unit: 's',
        ratio: `news pages asked in ${MINUTES} min: ${news}`,
      },
    ];
  } finally {
    await close();
  }
}

async function chartRun(openAfterMs: number): Promise<BenchRow[]> {
  const { rig, sent, close } = await hoursRig({
    start: SUNDAY,
    plan: 'free',
    fetchAfterMs: CALENDARS_AFTER_START_MS,
    streaming: true,
  });
  const cache = tempCache();
  try {
    for (const pane of defaultWorkspaceSpecs()) {
      for (const spec of pane.specs) rig.hub.subscribe('window-1', spec, new Recorder().push);
    }
    for (let t = 0; t < openAfterMs; t += 1_000) await rig.advance(1_000);
    const { events, history } = chartLookups(rig.rest, cache.db, DEMO, rig.timers.now);
    const openedAt = rig.timers.now();
    const before = sent.length;
    // As the chart asks: its newest page, then its marks, in one turn.
    let candlesAt: number | null = null;
    let marksAt: number | null = null;
    void history
      .fetchCandles(
        { class: 'stock', region: 'HK', exchange: '', code: '700', kType: 1 },
        { limit: 300 },
      )
      .then(() => (candlesAt = rig.timers.now()));
    void events
      .chartEvents({ class: 'stock', region: 'HK', exchange: '', code: '700' }, 0, SUNDAY)
      .then(() => (marksAt = rig.timers.now()));
    for (let t = 0; t < 10 * 60_000 && (candlesAt === null || marksAt === null); t += 1_000) {
      await rig.advance(1_000);
    }
    const after = sent.slice(before).map((s) => s.path);
    const own = after.indexOf('/stock/klines');
    return [
      {
        name: `free, Sunday: a 700 (HK) chart opened after ${openAfterMs / 60_000} min, to its candles`,
        value: candlesAt === null ? Number.NaN : (candlesAt - openedAt) / 1000,
        unit: 's',
        ratio: `${own < 0 ? '?' : own} requests sent before them (${after.slice(0, Math.max(0, own)).join(', ') || 'none'}); its marks after ${marksAt === null ? '?' : (marksAt - openedAt) / 1000} s`,
      },
    ];
  } finally {
    cache.dispose();
    await close();
  }
}

const benchmark: Benchmark = {
  title:
    "The free plan's budget told truly and spent in the user's order: the default workspace on a Sunday, streamed, on the simulator's clock",
  async run(): Promise<BenchRow[]> {
    return [
      loadRow('before'),
      ...(await workspaceRun()),
      ...(await chartRun(3 * 60_000)),
      ...(await chartRun(30_000)),
      loadRow('after'),
    ];
  },
};

export default benchmark;
