/**
 * Merging a slow client's held events leaves a pane where receiving both would: the
 * later record per code, candles by time, news newest first, states superseded.
 */
import { describe, expect, it } from 'vitest';
import { MAX_EARLIER_TRADES, type BridgeEventMessage, type Events } from '../shared/bridge';
import type { Candle, Quote, SeriesKey, Tick } from '../shared/model';
import { flatCandle as candle } from '../shared/testing/candles';
import { coalesceSlot, mergeEvents } from './coalesce';

const quote = (symbol: string, last: number) => ({ symbol, last }) as unknown as Quote;
const SERIES: SeriesKey = { class: 'stock', region: 'US', exchange: '', code: 'AAPL', kType: 1 };
const page = (candles: Candle[]) => ({
  series: SERIES,
  candles,
  atHistoryStart: false,
  offline: false,
  asOf: 1,
  refreshing: false,
});

describe('coalesceSlot', () => {
  it('gives one slot per event kind and subscription, and none to answers of a request', () => {
    const q = (id: string): BridgeEventMessage => ({
      event: 'quotes',
      payload: { subscriptionId: id, quotes: {} },
    });
    expect(coalesceSlot(q('s1'))).toBe(coalesceSlot(q('s1')));
    expect(coalesceSlot(q('s1'))).not.toBe(coalesceSlot(q('s2')));
    const state: BridgeEventMessage = {
      event: 'subscriptionStatus',
      payload: { subscriptionId: 's1', state: 'live', asOf: null },
    };
    expect(coalesceSlot(state)).not.toBe(coalesceSlot(q('s1')));
    // A loadCandles refresh answers a request: delivered as it is.
    expect(
      coalesceSlot({ event: 'candles', payload: { subscriptionId: null, page: page([]) } }),
    ).toBeNull();
    expect(
      coalesceSlot({ event: 'candles', payload: { subscriptionId: 's3', page: page([]) } }),
    ).toMatch(/^candles\|s3\|/);
  });
});

describe('mergeEvents', () => {
  it('keeps every trade of both tick events, oldest first, before each code’s newest', () => {
    const t = (symbol: string, n: number) => ({ symbol, last: n, time: n }) as unknown as Tick;
    const a: BridgeEventMessage = {
      event: 'ticks',
      payload: {
        subscriptionId: 's',
        ticks: { BTC: t('BTC', 2), ETH: t('ETH', 5) },
        earlier: { BTC: [t('BTC', 1)], ETH: [t('ETH', 4)] },
      },
    };
    const b: BridgeEventMessage = {
      event: 'ticks',
      payload: {
        subscriptionId: 's',
        ticks: { BTC: t('BTC', 7) },
        earlier: { BTC: [t('BTC', 6)] },
      },
    };
    expect(mergeEvents(a, b)).toEqual({
      event: 'ticks',
      payload: {
        subscriptionId: 's',
        ticks: { BTC: t('BTC', 7), ETH: t('ETH', 5) },
        earlier: { BTC: [t('BTC', 1), t('BTC', 2), t('BTC', 6)], ETH: [t('ETH', 4)] },
      },
    });
  });
  it('holds at most MAX_EARLIER_TRADES of a code for a page far behind: the newest', () => {
    const t = (n: number) => ({ symbol: 'BTC', last: n, time: n }) as unknown as Tick;
    let held: BridgeEventMessage = {
      event: 'ticks',
      payload: { subscriptionId: 's', ticks: { BTC: t(0) } },
    };
    // A 100x replay's turns, each five trades, merged while the page does not read them.
    for (let turn = 1; turn <= 400; turn++) {
      const trades = [1, 2, 3, 4, 5].map((k) => t(turn * 10 + k));
      held = mergeEvents(held, {
        event: 'ticks',
        payload: {
          subscriptionId: 's',
          ticks: { BTC: trades[4]! },
          earlier: { BTC: trades.slice(0, 4) },
        },
      });
    }
    const payload = held.payload as Events['ticks'];
    // Every trade played, in order; the newest is the event's own.
    const all = [0];
    for (let turn = 1; turn <= 400; turn++) for (let k = 1; k <= 5; k++) all.push(turn * 10 + k);
    expect(payload.ticks.BTC!.time).toBe(all.pop());
    // Before it, the newest MAX_EARLIER_TRADES of them, in order, with no gap.
    expect(payload.earlier!.BTC!.map((x) => x.time)).toEqual(all.slice(-MAX_EARLIER_TRADES));
  });

  it('keeps the later record of each code and every code of both deltas', () => {
    const a: BridgeEventMessage = {
      event: 'quotes',
      payload: { subscriptionId: 's', quotes: { AAPL: quote('AAPL', 1), MSFT: quote('MSFT', 2) } },
    };
    const b: BridgeEventMessage = {
      event: 'quotes',
      payload: { subscriptionId: 's', quotes: { AAPL: quote('AAPL', 3), NVDA: quote('NVDA', 4) } },
    };
    expect(mergeEvents(a, b)).toEqual({
      event: 'quotes',
      payload: {
        subscriptionId: 's',
        quotes: { AAPL: quote('AAPL', 3), MSFT: quote('MSFT', 2), NVDA: quote('NVDA', 4) },
      },
    });
  });

  it('merges candles by time, ascending, the later one winning', () => {
    const a: BridgeEventMessage = {
      event: 'candles',
      payload: { subscriptionId: 's', page: page([candle(1, 10), candle(2, 20)]) },
    };
    const b: BridgeEventMessage = {
      event: 'candles',
      payload: { subscriptionId: 's', page: { ...page([candle(2, 21), candle(3, 30)]), asOf: 9 } },
    };
    const merged = mergeEvents(a, b);
    expect(merged.event).toBe('candles');
    const p = (merged.payload as { page: ReturnType<typeof page> }).page;
    expect(p.candles.map((c) => [c.time, c.close])).toEqual([
      [1, 10],
      [2, 21],
      [3, 30],
    ]);
    expect(p.asOf).toBe(9);
  });

  it('puts newer news first and keeps older items it lacks, once each', () => {
    const item = (id: string) => ({ id }) as never;
    const merged = mergeEvents(
      { event: 'news', payload: { subscriptionId: 's', items: [item('b'), item('a')] } },
      { event: 'news', payload: { subscriptionId: 's', items: [item('c'), item('b')] } },
    );
    expect((merged.payload as { items: { id: string }[] }).items.map((i) => i.id)).toEqual([
      'c',
      'b',
      'a',
    ]);
  });

  it('lets a later state, status or workspace supersede the earlier', () => {
    const live: BridgeEventMessage = {
      event: 'subscriptionStatus',
      payload: { subscriptionId: 's', state: 'live', asOf: 2 },
    };
    const stale: BridgeEventMessage = {
      event: 'subscriptionStatus',
      payload: { subscriptionId: 's', state: 'stale', asOf: 1, message: 'old' },
    };
    expect(mergeEvents(stale, live)).toBe(live);
  });
});
