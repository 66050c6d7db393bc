/**
 * Requests the feed hub issues per poll against naive per-pane polling, for a
 * workspace of 8 panes over overlapping symbols: 3 quote boards with overlapping
 * (mixed-class) watchlists, 2 depth ladders, 2 charts and a news feed. Every figure is
 * counted by the simulator (`stats()`), over real HTTP, with the real MarketClient.
 *
 * "Per poll round" = every clock ticks once (each pane's data refreshed once). Naive:
 * each pane asks for its own symbols alone, one call per market it shows, the way a
 * pane would if it polled by itself (a ladder through the single-symbol depth call).
 * Per minute, both at the default intervals (quotes and depth 1 s, 1m candles 2 s,
 * news 60 s); the naive figure is its measured round cost × the rounds a minute.
 */
import type { SubscriptionSpec } from '../src/shared/bridge';
import { planOf, type Plan } from '../src/shared/model';
import { MarketClient } from '../src/core/api';
import {
  CANDLE_POLL_LIMIT,
  CANDLE_POLL_MS,
  DEFAULT_REFRESH_INTERVALS,
  FeedHub,
} from '../src/core/feed';
import { ManualTimers } from '../src/shared/testing/manual-timers';
import { startSimulator, type SimulatorHandle } from '../src/simulator';
import type { Benchmark, BenchRow } from './harness';

interface Pane {
  name: string;
  /** A mixed watchlist subscribes once per market it shows. */
  specs: SubscriptionSpec[];
}

const quotes = (cls: 'stock' | 'crypto', region: string, codes: string[]): SubscriptionSpec => ({
  kind: 'quotes',
  class: cls,
  region,
  exchange: '',
  codes,
});

const WORKSPACE: Pane[] = [
  {
    name: 'board A',
    specs: [
      quotes('stock', 'US', ['AAPL', 'MSFT', 'NVDA', 'TSLA', 'AMZN', 'GOOGL', 'META', 'JPM']),
      quotes('crypto', 'BA', ['BTCUSDT', 'ETHUSDT']),
    ],
  },
  {
    name: 'board B',
    specs: [
      quotes('stock', 'US', ['AAPL', 'MSFT', 'NVDA', 'NFLX', 'AMD', 'INTC']),
      quotes('stock', 'HK', ['700', '9988']),
    ],
  },
  {
    name: 'board C',
    specs: [
      quotes('stock', 'US', ['AAPL', 'TSLA', 'JPM', 'BAC']),
      quotes('crypto', 'BA', ['BTCUSDT', 'SOLUSDT']),
    ],
  },
  {
    name: 'ladder AAPL',
    specs: [{ kind: 'depth', class: 'stock', region: 'US', exchange: '', codes: ['AAPL'] }],
  },
  {
    name: 'ladder BTC',
    specs: [{ kind: 'depth', class: 'crypto', region: 'BA', exchange: '', codes: ['BTCUSDT'] }],
  },
  {
    name: 'chart AAPL 1m',
    specs: [
      {
        kind: 'candles',
        series: { class: 'stock', region: 'US', exchange: '', code: 'AAPL', kType: 1 },
      },
    ],
  },
  {
    name: 'chart MSFT 1m',
    specs: [
      {
        kind: 'candles',
        series: { class: 'stock', region: 'US', exchange: '', code: 'MSFT', kType: 1 },
      },
    ],
  },
  { name: 'news', specs: [{ kind: 'news', market: 'stock', lang: 'en' }] },
];

function clientFor(sim: SimulatorHandle, plan: Plan): MarketClient {
  // No client-side limit: the figures are requests, not time.
  return new MarketClient({ token: 'bench', baseUrl: sim.url, plan, requestsPerMinute: Infinity });
}

/** One naive poll of one spec, as a pane polling alone would send it. */
async function naivePoll(client: MarketClient, spec: SubscriptionSpec): Promise<void> {
  switch (spec.kind) {
    case 'quotes':
      await client.quotes(spec.class as 'stock' | 'crypto', {
        region: spec.region,
        codes: spec.codes,
      });
      return;
    case 'depth':
      await client.depth(spec.class as 'stock' | 'crypto', {
        region: spec.region,
        code: spec.codes[0]!,
      });
      return;
    case 'candles': {
      const s = spec.series;
      await client.klines(s.class as 'stock', {
        region: s.region,
        codes: [s.code],
        kType: s.kType,
        limit: CANDLE_POLL_LIMIT,
      });
      return;
    }
    case 'news':
      await client.news({ market: spec.market, lang: spec.lang, limit: 20 });
      return;
    case 'ticks':
      await client.ticks({ region: spec.region, codes: spec.codes });
  }
}

/** Polls a spec would make in a minute at the default intervals. */
function pollsPerMinute(spec: SubscriptionSpec): number {
  const ms =
    spec.kind === 'candles'
      ? CANDLE_POLL_MS[spec.series.kType]
      : DEFAULT_REFRESH_INTERVALS[spec.kind];
  return 60_000 / ms;
}

interface Counts {
  hubRound: number;
  naiveRound: number;
  hubMinute: number;
  naiveMinute: number;
}

async function measure(plan: Plan, windows: number): Promise<Counts> {
  const timers = new ManualTimers();
  const sim = await startSimulator({ plan, now: timers.now, seed: 11 });
  try {
    const client = clientFor(sim, plan);
    // Naive: every pane of every window polls once by itself.
    sim.resetStats();
    let naiveMinute = 0;
    for (let w = 0; w < windows; w++) {
      for (const pane of WORKSPACE) {
        for (const spec of pane.specs) {
          const before = sim.stats().requests;
          await naivePoll(client, spec);
          naiveMinute += (sim.stats().requests - before) * pollsPerMinute(spec);
        }
      }
    }
    const naiveRound = sim.stats().requests;

    // The hub: every pane of every window subscribes; the first tick of each clock is one round.
    const hub = new FeedHub({ client, plan, timers, now: timers.now, requestsPerMinute: Infinity });
    try {
      for (let w = 0; w < windows; w++) {
        for (const pane of WORKSPACE) {
          for (const spec of pane.specs) hub.subscribe(`window-${w}`, spec, () => undefined);
        }
      }
      sim.resetStats();
      await timers.advance(0, () => hub.idle());
      const hubRound = sim.stats().requests;
      sim.resetStats();
      await timers.advance(60_000, () => hub.idle());
      const hubMinute = sim.stats().requests;
      return { hubRound, naiveRound, hubMinute, naiveMinute };
    } finally {
      hub.dispose();
    }
  } finally {
    await sim.close();
  }
}

function rows(label: string, c: Counts): BenchRow[] {
  const ratio = (naive: number, hub: number) => `${(naive / hub).toFixed(2)}× fewer`;
  return [
    {
      name: `${label}: naive per-pane, requests per poll round`,
      value: c.naiveRound,
      unit: 'requests',
    },
    {
      name: `${label}: feed hub, requests per poll round`,
      value: c.hubRound,
      unit: 'requests',
      ratio: ratio(c.naiveRound, c.hubRound),
      goal: 'fewer than naive',
      pass: c.hubRound < c.naiveRound,
    },
    {
      name: `${label}: naive per-pane, requests per minute`,
      value: c.naiveMinute,
      unit: 'requests/min',
    },
    {
      name: `${label}: feed hub, requests per minute`,
      value: c.hubMinute,
      unit: 'requests/min',
      ratio: ratio(c.naiveMinute, c.hubMinute),
      goal: 'fewer than naive',
      pass: c.hubMinute < c.naiveMinute,
    },
  ];
}

const bench: Benchmark = {
  title: 'Feed hub: requests per poll against naive per-pane polling (8 panes, simulator-counted)',
  async run() {
    return [
      ...rows('premium, 8 panes', await measure(planOf('premium'), 1)),
      ...rows('base, 8 panes', await measure(planOf('base'), 1)),
      ...rows('premium, 8 panes + pop-out copies (16)', await measure(planOf('premium'), 2)),
    ];
  },
};

export default bench;
