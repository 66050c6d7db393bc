import { describe, expect, it } from 'vitest';
import type { Quote } from '../../../../shared/model';
import type { SymbolRef } from '../../workspace/pane-contract';
import {
  groupSymbols,
  moveItem,
  nextSort,
  parseSymbolInput,
  sortRows,
  tradingState,
} from './board';
import { shownChange, type ShownChange } from '../../../../shared/model/day-change';
import { worstStatus } from './worst-status';

const sym = (cls: SymbolRef['class'], region: string, code: string, exchange = ''): SymbolRef => ({
  class: cls,
  region,
  exchange,
  code,
});

describe('groupSymbols', () => {
  it('makes one selection per class, region and exchange', () => {
    const groups = groupSymbols([
      sym('stock', 'US', 'AAPL'),
      sym('crypto', 'BA', 'BTCUSDT'),
      sym('stock', 'US', 'MSFT'),
      sym('stock', 'HK', '700', 'HKEX'),
      sym('stock', 'US', 'AAPL'),
    ]);
    expect([...groups.keys()]).toEqual(['stock:US:', 'crypto:BA:', 'stock:HK:HKEX']);
    expect(groups.get('stock:US:')!.codes).toEqual(['AAPL', 'MSFT']);
  });
});

describe('sortRows', () => {
  const row = (code: string, last: number | null) => ({
    symbol: sym('stock', 'US', code),
    quote: last === null ? null : ({ last } as Quote),
  });
  const rows = [row('B', 2), row('A', null), row('C', 3), row('D', 1)];
  it('sorts numbers with missing values last both ways', () => {
    expect(sortRows(rows, 'last', false).map((r) => r.symbol.code)).toEqual(['D', 'B', 'C', 'A']);
    expect(sortRows(rows, 'last', true).map((r) => r.symbol.code)).toEqual(['C', 'B', 'D', 'A']);
  });
  it('sorts by symbol and leaves the input alone', () => {
    expect(sortRows(rows, 'symbol', false).map((r) => r.symbol.code)).toEqual(['A', 'B', 'C', 'D']);
    expect(rows[0]!.symbol.code).toBe('B');
  });
  it('sorts Chg % like with like: crypto by its 24 h change, in a group of its own', () => {
    const q = (change: number | null, changePercent: number | null) =>
      ({ last: 10, change, changePercent }) as Quote;
    const board = [
      { symbol: sym('stock', 'US', 'S1'), quote: q(1, 1) },
      { symbol: sym('crypto', 'BA', 'C1'), quote: q(null, null) },
      { symbol: sym('stock', 'US', 'S2'), quote: q(3, 3) },
      { symbol: sym('crypto', 'BA', 'C2'), quote: q(null, null) },
      { symbol: sym('crypto', 'BA', 'C3'), quote: q(null, null) },
    ];
    // C1 and C2 have a 24 h change (from candles); C3's reference has not come yet.
    const pct: Record<string, number> = { C1: -2, C2: 5 };
    const figuresOf = (row: (typeof board)[number]): ShownChange => {
      const p = pct[row.symbol.code];
      if (row.quote?.change !== null || p === undefined) return shownChange(row.quote, null);
      return { ...shownChange(row.quote, null), changePercent: p, basis: '24h' };
    };
    const codes = (descending: boolean) =>
      sortRows(board, 'changePercent', descending, figuresOf).map((r) => r.symbol.code);
    // Not every crypto row last: the 24 h ones sort among themselves, after the sessions.
    expect(codes(true)).toEqual(['S2', 'S1', 'C2', 'C1', 'C3']);
    expect(codes(false)).toEqual(['S1', 'S2', 'C1', 'C2', 'C3']);
    // Without figures, a crypto quote has no change: last (the old behaviour).
    expect(sortRows(board, 'changePercent', true).map((r) => r.symbol.code)).toEqual([
      'S2',
      'S1',
      'C1',
      'C2',
      'C3',
    ]);
  });

  it('cycles header clicks', () => {
    expect(nextSort(undefined, 'last')).toEqual({ column: 'last', descending: true });
    expect(nextSort({ column: 'last', descending: true }, 'last')).toEqual({
      column: 'last',
      descending: false,
    });
    expect(nextSort({ column: 'last', descending: false }, 'last')).toBeUndefined();
    expect(nextSort(undefined, 'symbol')).toEqual({ column: 'symbol', descending: false });
  });
});

describe('moveItem', () => {
  it('moves and clamps', () => {
    expect(moveItem([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(moveItem([1, 2, 3], 2, -1)).toEqual([1, 3, 2]);
    expect(moveItem([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });
});

describe('tradingState', () => {
  it('names stock statuses only', () => {
    expect(tradingState('stock', 1)?.text).toBe('halted');
    expect(tradingState('stock', 2)?.text).toBe('delisted');
    expect(tradingState('stock', 3)?.icon).toBe('breaker');
    expect(tradingState('stock', 0)).toBeNull();
    expect(tradingState('stock', undefined)).toBeNull();
    expect(tradingState('crypto', 1)).toBeNull();
  });
});

describe('parseSymbolInput', () => {
  it('normalises and accepts a valid symbol', () => {
    expect(
      parseSymbolInput({ class: 'stock', region: 'us', exchange: '', code: ' AAPL ' }, []),
    ).toEqual({
      ok: true,
      symbol: sym('stock', 'US', 'AAPL'),
    });
  });
  it('canonicalises the code: upper case, HK without leading zeros', () => {
    expect(
      parseSymbolInput({ class: 'stock', region: 'us', exchange: 'nasdaq', code: 'aapl' }, []),
    ).toEqual({ ok: true, symbol: sym('stock', 'US', 'AAPL', 'NASDAQ') });
    expect(
      parseSymbolInput({ class: 'stock', region: 'HK', exchange: '', code: '00700' }, []),
    ).toEqual({ ok: true, symbol: sym('stock', 'HK', '700') });
    expect(
      parseSymbolInput({ class: 'stock', region: 'HK', exchange: '', code: '00700' }, [
        sym('stock', 'HK', '700'),
      ]),
    ).toEqual({ ok: false, error: '700 is already on this list' });
    expect(
      parseSymbolInput({ class: 'stock', region: 'US', exchange: '', code: 'aapl' }, [
        sym('stock', 'US', 'AAPL'),
      ]),
    ).toEqual({ ok: false, error: 'AAPL is already on this list' });
  });
  it('drops the exchange outside stocks', () => {
    const r = parseSymbolInput(
      { class: 'crypto', region: 'BA', exchange: 'X', code: 'BTCUSDT' },
      [],
    );
    expect(r.ok && r.symbol.exchange).toBe('');
  });
  it('refuses bad input and duplicates', () => {
    expect(parseSymbolInput({ class: 'bond', region: 'US', exchange: '', code: 'X' }, []).ok).toBe(
      false,
    );
    expect(
      parseSymbolInput({ class: 'stock', region: 'USA', exchange: '', code: 'X' }, []).ok,
    ).toBe(false);
    expect(
      parseSymbolInput({ class: 'stock', region: 'US', exchange: '', code: '$X' }, []).ok,
    ).toBe(false);
    const dup = parseSymbolInput({ class: 'stock', region: 'US', exchange: '', code: 'AAPL' }, [
      sym('stock', 'US', 'AAPL'),
    ]);
    expect(dup).toEqual({ ok: false, error: 'AAPL is already on this list' });
  });
});

describe('worstStatus', () => {
  it('picks the worst group status', () => {
    expect(worstStatus([])).toBeNull();
    expect(
      worstStatus([
        { state: 'live', asOf: 1 },
        { state: 'not-entitled', asOf: null },
        { state: 'stale', asOf: 1 },
      ])?.state,
    ).toBe('not-entitled');
    // A refused token says more about the board than one group of unknown codes.
    expect(
      worstStatus([
        { state: 'unknown', asOf: null },
        { state: 'token-rejected', asOf: null },
        { state: 'offline', asOf: null },
      ])?.state,
    ).toBe('token-rejected');
    expect(
      worstStatus([
        { state: 'live', asOf: 1 },
        { state: 'unknown', asOf: null },
      ])?.state,
    ).toBe('unknown');
  });
});
