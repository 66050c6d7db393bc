/**
 * The heatmap on the data's clock and timeline: during a replay its columns are stamped
 * with the replay clock's time (not the wall clock's), and a replay that starts, seeks
 * or ends starts the map again from the new timeline's past, never mixing the two.
 */
import { describe, expect, it } from 'vitest';
import type { UnixMs } from '../../../../shared/model';
import type { Timers } from '../../../../shared/timers';
import { FakeBridge } from '../../base/testing/fake-bridge';
import { pastSpans, type HeatmapHistory, type HeatmapPast, type Span } from './heatmap-history';
import { MAX_COLUMNS } from './heatmap-model';
import { HeatmapState } from './heatmap-state.svelte';
import { ladderBook } from './testing/books';

const BTC = { class: 'crypto', region: 'BA', exchange: '', code: 'BTCUSDT' } as const;
/** A three-level book with its best bid at `bid`, one cent a level. */
const book = (bid: number) => ladderBook({ bid, levels: 3, askSize: 2, symbol: 'BTCUSDT' });

/** A recorded past of one book (best bid `bid`) and one trade at it, at `t`, of `source`. */
function recordedPast(t: UnixMs, bid: number, source: HeatmapPast['source']): HeatmapPast {
  return {
    frames: [{ t, book: book(bid) }],
    trades: [{ t, price: bid, volume: 1 }],
    recorded: true,
    lastAt: t,
    source,
  };
}

/** Timers a test runs by hand: `run()` fires what is due, as time passes. */
function manualTimers(): Timers & { run: () => void } {
  let due: (() => void)[] = [];
  return {
    setTimeout: (fn) => {
      due.push(fn);
      return fn;
    },
    clearTimeout: (handle) => {
      due = due.filter((fn) => fn !== handle);
    },
    run: () => {
      const now = due;
      due = [];
      for (const fn of now) fn();
    },
  };
}

function setup(visibleColumns?: () => number, timers?: Timers) {
  const bridge = new FakeBridge();
  let clock: UnixMs = 1_800_000_000_000;
  const asked: Span[] = [];
  const pasts: HeatmapPast[] = [];
  const history: HeatmapHistory = {
    past: (_instrument, span) => {
      asked.push(span);
      return Promise.resolve(
        pasts.shift() ?? { frames: [], trades: [], recorded: false, lastAt: null, source: null },
      );
    },
  };
  const state = new HeatmapState(bridge, history, () => clock, 1_000, 1, timers, visibleColumns);
  const push = (bid: number) =>
    bridge.emit('depth', { subscriptionId: 's1', books: { BTCUSDT: book(bid) } });
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
  return {
    bridge,
    state,
    asked,
    pasts,
    push,
    settle,
    setClock: (t: UnixMs) => (clock = t),
  };
}

describe('HeatmapState on the data clock', () => {
  it('stamps frames and asks its past at the clock it is given (a replay’s time)', async () => {
    const { bridge, state, asked, push, settle, setClock } = setup();
    setClock(1_700_000_000_500);
    state.setTimeline('');
    state.setSymbol(BTC);
    await settle();
    expect(asked.at(-1)?.to).toBe(1_700_000_000_500);
    bridge.emit('subscriptionStatus', { subscriptionId: 's1', state: 'live', asOf: 1 });
    push(100);
    expect(state.data.newest).toBe(1_700_000_000);
    state.dispose();
  });

  it('rings every trade of a push, not only the newest (a replay at 100× plays seconds in a turn)', async () => {
    const { bridge, state, settle } = setup();
    state.setTimeline('');
    state.setSymbol(BTC);
    await settle();
    const tick = (last: number, time: number) => ({
      symbol: 'BTCUSDT',
      last,
      time,
      volume: 1,
      turnover: 0,
      status: 0,
    });
    // The depth subscription is s1, the trades' s2.
    bridge.emit('ticks', {
      subscriptionId: 's2',
      ticks: { BTCUSDT: tick(105, 1_800_000_004_000) },
      earlier: {
        BTCUSDT: [
          tick(101, 1_800_000_000_000),
          tick(102, 1_800_000_001_000),
          tick(103, 1_800_000_002_000),
        ],
      },
    });
    expect(state.data.trades.map((t) => t.price)).toEqual([101, 102, 103, 105]);
    state.dispose();
  });

  it('draws no cached book as the book of now (reopened offline: the cache’s first paint)', async () => {
    const { bridge, state, settle } = setup();
    state.setTimeline('');
    state.setSymbol(BTC);
    await settle();
    // The hub's first paint from the cache comes before any answer, the pane taking the
    // data for proof of life: the book is of an earlier time, not a column of now.
    bridge.emit('depth', { subscriptionId: 's1', books: { BTCUSDT: book(100) }, cached: true });
    expect(state.data.newest).toBeNull();
    bridge.emit('subscriptionStatus', { subscriptionId: 's1', state: 'live', asOf: 1 });
    bridge.emit('depth', { subscriptionId: 's1', books: { BTCUSDT: book(101) } });
    expect(state.data.newest).toBe(1_800_000_000);
    state.dispose();
  });

  it('starts again from the new timeline’s past when a replay starts, seeks or ends', async () => {
    const { bridge, state, asked, pasts, push, settle, setClock } = setup();
    state.setTimeline('');
    state.setSymbol(BTC);
    await settle();
    bridge.emit('subscriptionStatus', { subscriptionId: 's1', state: 'live', asOf: 1 });
    push(100);
    const liveBucket = state.data.newest;
    expect(asked).toHaveLength(1);

    // A replay an hour back: the live columns go, the recording's past up to its clock comes.
    const replayAt = 1_800_000_000_000 - 3_600_000;
    setClock(replayAt);
    pasts.push({
      frames: [{ t: replayAt - 2_000, book: book(90) }],
      trades: [],
      recorded: true,
      lastAt: replayAt - 2_000,
      source: 'replay:demo',
    });
    state.setTimeline('replay:demo@1-2#0');
    expect(state.data.newest).toBeNull();
    await settle();
    expect(asked).toHaveLength(2);
    expect(asked[1]!.to).toBe(replayAt);
    expect(state.recordedTo).toBe(replayAt - 2_000);
    expect(state.data.newest).toBe(Math.floor((replayAt - 2_000) / 1_000));
    // A replayed book lands at the replay clock's time, after the recorded past.
    push(91);
    expect(state.data.newest).toBe(Math.floor(replayAt / 1_000));
    expect(state.data.newest).toBeLessThan(liveBucket!);

    // The same timeline again changes nothing; a seek (another timeline) starts again.
    state.setTimeline('replay:demo@1-2#0');
    expect(asked).toHaveLength(2);
    setClock(replayAt - 600_000);
    state.setTimeline('replay:demo@1-2#1');
    await settle();
    expect(asked).toHaveLength(3);
    expect(asked[2]!.to).toBe(replayAt - 600_000);
    expect(state.recorded).toBe(false);
    push(80);
    expect(state.data.newest).toBe(Math.floor((replayAt - 600_000) / 1_000));

    // Back to live: the wall clock's columns again, none of the replay's.
    setClock(1_800_000_005_000);
    state.setTimeline('');
    push(101);
    expect(state.data.newest).toBe(1_800_000_005);
    expect(state.data.frames()).toHaveLength(1);
    expect(state.data.column(Math.floor((replayAt - 600_000) / 1_000))).toBeUndefined();
    state.dispose();
  });

  it('drops a past that was on its way when the replay sought elsewhere', async () => {
    const bridge = new FakeBridge();
    let clock: UnixMs = 1_800_000_000_000;
    const answers: ((past: HeatmapPast) => void)[] = [];
    const history: HeatmapHistory = {
      past: () => new Promise((resolve) => answers.push(resolve)),
    };
    const state = new HeatmapState(bridge, history, () => clock, 1_000, 1);
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    const later = clock - 60_000;
    clock = later;
    state.setTimeline('replay:demo@1-2#0');
    state.setSymbol(BTC);
    expect(answers).toHaveLength(1);
    // A seek back ten minutes before the first answer came.
    const earlier = later - 600_000;
    clock = earlier;
    state.setTimeline('replay:demo@1-2#1');
    expect(answers).toHaveLength(2);
    const recorded = (t: UnixMs, bid: number) => recordedPast(t, bid, 'replay:demo');
    // The later time's answer lands after the seek: none of it is drawn or said.
    answers[0]!(recorded(later - 1_000, 120));
    await settle();
    expect(state.data.newest).toBeNull();
    expect(state.data.trades).toEqual([]);
    expect(state.recordedTo).toBeNull();
    // The sought time's answer is.
    answers[1]!(recorded(earlier - 1_000, 100));
    await settle();
    expect(state.data.newest).toBe(Math.floor((earlier - 1_000) / 1_000));
    expect(state.recordedTo).toBe(earlier - 1_000);
    state.dispose();
  });

  it('carries a live book to the present, never a recorded one before the feed’s first', async () => {
    const timers = manualTimers();
    const { bridge, state, pasts, push, settle, setClock } = setup(undefined, timers);
    const now = 1_800_000_000_000;
    setClock(now);
    // Recorded 5 min ago, then nothing (the pane closed, the app quit).
    const recordedAt = now - 300_000;
    pasts.push({
      frames: [{ t: recordedAt, book: book(90) }],
      trades: [],
      recorded: true,
      lastAt: recordedAt,
      source: 'demo',
    });
    state.setTimeline('');
    state.setSymbol(BTC);
    await settle();
    bridge.emit('subscriptionStatus', { subscriptionId: 's1', state: 'live', asOf: now });
    // The feed is live but has given no book yet: its clock runs on.
    setClock(now + 2_000);
    timers.run();
    expect(state.data.newest).toBe(Math.floor(recordedAt / 1_000));
    // Its first book: the recorded one rested HOLD_MS after it, the rest of the gap empty.
    push(100);
    const first = Math.floor((now + 2_000) / 1_000);
    expect(state.data.newest).toBe(first);
    expect(state.data.column(Math.floor(recordedAt / 1_000) + 60)).toBeUndefined();
    expect(state.data.column(first - 1)).toBeUndefined();
    // From then on, the live book rests on to the present.
    setClock(now + 5_000);
    timers.run();
    expect(state.data.newest).toBe(Math.floor((now + 5_000) / 1_000));
    expect(state.data.column(first + 2)?.held).toBe(true);
    state.dispose();
  });

  it('carries no book through a closed market: its silence is drawn empty', async () => {
    const timers = manualTimers();
    const { bridge, state, push, settle, setClock } = setup(undefined, timers);
    const now = 1_800_000_000_000;
    setClock(now);
    state.setTimeline('');
    state.setSymbol(BTC);
    await settle();
    const market = (phase: 'open' | 'weekend') => ({
      class: 'stock' as const,
      region: 'US',
      phase,
      basis: 'service' as const,
      holiday: null,
      nextOpen: null,
      nextClose: null,
      timeZone: 'America/New_York',
      unknownWhy: null,
    });
    const live = (phase: 'open' | 'weekend') =>
      bridge.emit('subscriptionStatus', {
        subscriptionId: 's1',
        state: 'live',
        asOf: now,
        market: market(phase),
      });
    live('weekend');
    push(100);
    expect(state.marketClosed).toBe(true);
    setClock(now + 10_000);
    timers.run();
    // The closing book stays where it was given; the weekend after it is not drawn as it.
    expect(state.data.newest).toBe(Math.floor(now / 1_000));
    // Open again: the live book rests on to the present, as on any trading day.
    live('open');
    expect(state.marketClosed).toBe(false);
    push(101);
    setClock(now + 13_000);
    timers.run();
    expect(state.data.newest).toBe(Math.floor((now + 13_000) / 1_000));
    state.dispose();
  });

  it('asks first for the columns the view shows, then the rest of its span, and keeps both', async () => {
    const { state, asked, pasts, settle, setClock } = setup(() => 100);
    const now = 1_800_000_000_500;
    setClock(now);
    const past = (t: UnixMs, bid: number) => recordedPast(t, bid, 'demo');
    pasts.push(past(now - 10_000, 100), past(now - 1_000_000, 90));
    state.setTimeline('');
    state.setSymbol(BTC);
    await settle();
    await settle();
    const newest = Math.floor(now / 1_000);
    expect(asked).toEqual([
      { from: (newest - 99) * 1_000, to: now },
      { from: (newest - MAX_COLUMNS + 1) * 1_000, to: (newest - 99) * 1_000 - 1 },
    ]);
    // Both pasts' books, the newest's provenance, both pasts' trades in time order.
    expect(state.data.column(Math.floor((now - 10_000) / 1_000))).toBeDefined();
    expect(state.data.column(Math.floor((now - 1_000_000) / 1_000))).toBeDefined();
    expect(state.recordedTo).toBe(now - 10_000);
    expect(state.data.trades.map((t) => t.price)).toEqual([90, 100]);
    state.dispose();
  });
});

describe('pastSpans', () => {
  it('asks the whole ring at once when the view shows it all', () => {
    expect(pastSpans(10_500, 1_000, MAX_COLUMNS + 5)).toEqual([
      { from: (10 - MAX_COLUMNS + 1) * 1_000, to: 10_500 },
    ]);
  });
});
