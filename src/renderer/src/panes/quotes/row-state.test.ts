import { describe, expect, it } from 'vitest';
import type { SymbolRef } from '../../workspace/pane-contract';
import type { StatusView } from '../common/subscription';
import { usMarket } from '../../../../shared/testing/fixtures';
import { rowState } from './row-state';

const AAPL: SymbolRef = { class: 'stock', region: 'US', exchange: '', code: 'AAPL' };
const BTC: SymbolRef = { class: 'crypto', region: 'BA', exchange: '', code: 'BTCUSDT' };
const live: StatusView = { state: 'live', asOf: 1 };

describe('rowState', () => {
  it('says a replayed row without a quote yet has no data yet in this replay, not unknown', () => {
    const state = rowState(BTC, undefined, false, live, Date.now(), true)!;
    expect(state.label).toMatch(/^no data yet in this replay/);
    expect(state.icon).not.toBe('unknown');
    // Its first quote come, the row says nothing; out of a replay, nothing either.
    expect(rowState(BTC, 0, false, live, Date.now(), true)).toBeNull();
    expect(rowState(BTC, undefined, false, live)).toBeNull();
    // A symbol the recording has not got: the unknown icon, said as not in this replay.
    const absent = rowState(AAPL, undefined, true, live, Date.now(), true)!;
    expect(absent.icon).toBe('unknown');
    expect(absent.label).toBe('not in this replay: the recording played has no AAPL US stock');
    expect(rowState(AAPL, undefined, true, live)!.label).toBe(
      'unknown symbol: the data source has no AAPL US stock',
    );
  });

  it('shows the age of a row polled slower than asked: how often, and when last', () => {
    const paced: StatusView = {
      ...live,
      pace: { everyMs: 62_000, checkedAt: Date.UTC(2026, 10, 28, 9, 30, 5) },
    };
    const state = rowState(AAPL, 0, false, paced)!;
    expect(state.icon).toBe('stale');
    expect(state.tone).toBe('muted');
    expect(state.label).toMatch(
      /^every 62 s: Refreshed every 62 s, slower than asked: the feed's requests are shared/,
    );
    expect(state.label).toMatch(/; last refreshed at \d\d:30:05$/);
    // A feed in trouble says that instead: the trouble says more than the pace.
    expect(rowState(AAPL, 0, false, { ...paced, state: 'offline' })!.icon).toBe('offline');
  });

  it("says a closed market's row rests, not the pace it was polled at before the close", () => {
    const now = Date.UTC(2026, 10, 28, 15);
    const closed: StatusView = {
      ...live,
      pace: { everyMs: 81_000, checkedAt: now - 60_000 },
      market: usMarket({ phase: 'weekend', nextOpen: Date.UTC(2026, 10, 30, 14, 30) }),
    };
    expect(rowState(AAPL, 0, false, closed, now)!.label).toMatch(/^closed · opens Mon 09:30 ET/);
    // Open again, the pace is the row's news once more.
    const open = { ...closed, market: usMarket({ phase: 'open' }) };
    expect(rowState(AAPL, 0, false, open, now)!.label).toMatch(/^every 81 s: /);
  });

  it('says nothing for a live row trading normally, or one still loading', () => {
    expect(rowState(AAPL, 0, false, live)).toBeNull();
    expect(rowState(AAPL, undefined, false, { state: 'loading', asOf: null })).toBeNull();
  });

  it('says "unknown symbol" above everything else', () => {
    expect(rowState(AAPL, 1, true, { state: 'offline', asOf: 1 })).toEqual({
      icon: 'unknown',
      tone: 'down',
      label: 'unknown symbol: the data source has no AAPL US stock',
    });
  });

  it("names the feed's trouble, with the trading state after it", () => {
    const offline = rowState(AAPL, 1, false, { state: 'offline', asOf: null })!;
    expect(offline.icon).toBe('offline');
    expect(offline.label).toBe(
      'offline: The data service cannot be reached; showing cached data; trading halted',
    );
    expect(rowState(BTC, 1, false, { state: 'token-rejected', asOf: null })).toMatchObject({
      icon: 'key',
      tone: 'down',
      label: expect.stringMatching(/^token rejected: /),
    });
    expect(rowState(BTC, 0, false, { state: 'error', asOf: null, message: 'HTTP 500' })).toEqual({
      icon: 'error',
      tone: 'down',
      label: 'error: HTTP 500',
    });
  });

  it('names a halted, delisted or circuit-broken stock', () => {
    expect(rowState(AAPL, 1, false, live)).toEqual({
      icon: 'halted',
      tone: 'down',
      label: 'halted: Trading halted',
    });
    expect(rowState(AAPL, 2, false, live)?.icon).toBe('delisted');
    expect(rowState(AAPL, 3, false, live)?.icon).toBe('breaker');
    // Crypto has no trading state.
    expect(rowState(BTC, 1, false, live)).toBeNull();
  });

  it("says a closed market's row is closed with its next open, not stale, and a lunch break reopens", () => {
    const now = Date.UTC(2026, 10, 28, 18, 30); // Saturday
    const market = usMarket({ phase: 'weekend', nextOpen: Date.UTC(2026, 10, 30, 14, 30) });
    const closed = rowState(AAPL, 0, false, { ...live, market }, now)!;
    expect(closed).toMatchObject({ icon: 'closed', tone: 'muted' });
    expect(closed.label).toBe('closed · opens Mon 09:30 ET (in 1 d 20 h)');
    const lunch = { ...market, region: 'HK', phase: 'lunch-break' as const };
    const hk = rowState(
      AAPL,
      0,
      false,
      {
        ...live,
        market: { ...lunch, timeZone: 'Asia/Hong_Kong', nextOpen: Date.UTC(2026, 10, 18, 5) },
      },
      Date.UTC(2026, 10, 18, 4, 30),
    )!;
    expect(hk).toMatchObject({ icon: 'break', label: 'lunch break · reopens 13:00 HKT' });
    // The feed's trouble still speaks first; an open market says nothing.
    expect(rowState(AAPL, 0, false, { ...live, state: 'offline', market }, now)!.icon).toBe(
      'offline',
    );
    expect(
      rowState(AAPL, 0, false, { ...live, market: { ...market, phase: 'open' } }, now),
    ).toBeNull();
  });
});
