import { describe, expect, it } from 'vitest';
import { parseCsv } from '../../../../shared/csv';
import type { Quote } from '../../../../shared/model';
import { boardCsv, boardCsvName, type CsvRow } from './board-csv';
import { DAY_CHANGE_NAME, UTC_DAY_NAME, shownChange } from '../../../../shared/model/day-change';

const T = Date.UTC(2026, 0, 10, 14, 30, 5);
const quote = (q: Partial<Quote>): Quote => ({
  symbol: 'X',
  last: 1,
  open: 1,
  prevClose: 1,
  high: 1,
  low: 1,
  time: T,
  volume: 0,
  turnover: 0,
  status: 0,
  change: 0,
  changePercent: 0,
  ...q,
});

describe('boardCsv', () => {
  const aapl: Quote = quote({
    last: 229.5,
    open: 227,
    prevClose: 226.125,
    high: 230.75,
    low: 226.5,
    volume: 51234567,
    turnover: 11734567890.5,
    change: 3.375,
    changePercent: 1.49253,
  });
  const btc: Quote = quote({
    last: 82508.97,
    open: 81000,
    prevClose: null,
    high: 83000,
    low: 80500,
    volume: 1234.5678,
    turnover: 101234567.89,
    change: null,
    changePercent: null,
  });
  const rows: CsvRow[] = [
    {
      symbol: { class: 'stock', region: 'US', exchange: '', code: 'AAPL' },
      quote: aapl,
      figures: shownChange(aapl, null),
      state: null,
    },
    {
      symbol: { class: 'crypto', region: 'BA', exchange: '', code: 'BTCUSDT' },
      quote: btc,
      figures: shownChange(btc, {
        price: 80000,
        since: T - 86_400_000 + 3_600_000 / 2,
        prior: {
          until: Date.UTC(2026, 0, 10),
          high: 84000,
          low: 79000,
          volume: 1000,
          turnover: 5e7,
        },
      }),
      exchange: 'Binance',
      state: 'stale: data from 14:29, "old", check the feed',
    },
    {
      symbol: { class: 'stock', region: 'US', exchange: '', code: 'ZZZZ' },
      quote: null,
      figures: shownChange(null, null),
      state: 'unknown symbol: the data source has no ZZZZ US',
    },
  ];
  const parsed = parseCsv(boardCsv(rows, 'demo', T + 1000));

  /** Each column's header, and what the AAPL row has in it. */
  const AAPL_ROW: [header: string, cell: string][] = [
    ['symbol', 'AAPL'],
    ['region', 'US'],
    ['exchange', ''],
    ['class', 'stock'],
    ['last', '229.50'],
    ['change', '3.38'],
    ['change_percent', '1.49'],
    ['basis', 'session'],
    ['open', '227.00'],
    ['high', '230.75'],
    ['low', '226.50'],
    ['prev_close', '226.13'],
    ['volume', '51234567'],
    ['turnover', '11734567890.5'],
    ['quote_time', '2026-01-10T14:30:05.000Z'],
    ['state', ''],
    ['source', 'demo'],
    ['exported_at', '2026-01-10T14:30:06.000Z'],
  ];

  it('has a header row of the board columns, the basis, state, source and time', () => {
    expect(parsed[0]).toEqual(AAPL_ROW.map(([header]) => header));
    expect(parsed).toHaveLength(4);
  });

  it('writes numbers unformatted, to the decimals the board shows', () => {
    expect(parsed[1]).toEqual(AAPL_ROW.map(([, cell]) => cell));
  });

  it('writes a crypto row over 24 h, every figure, and names the basis and exchange', () => {
    const btcRow = parsed[2]!;
    expect(btcRow.slice(2, 3)).toEqual(['Binance']);
    expect(btcRow.slice(4, 14)).toEqual([
      '82508.97',
      '2508.97',
      '3.14',
      DAY_CHANGE_NAME,
      // The 24 h open is the reference; high and low join the hours before 00:00 UTC.
      '80000.00',
      '84000.00',
      '79000.00',
      '', // no previous close for crypto
      String(1000 + 1234.5678),
      String(5e7 + 101234567.89),
    ]);
  });

  it('names the UTC day when a crypto row has no 24 h reference yet', () => {
    const [, row] = parseCsv(
      boardCsv([{ ...rows[1]!, figures: shownChange(btc, null), state: null }], 'demo', T),
    );
    expect(row!.slice(5, 9)).toEqual(['', '', UTC_DAY_NAME, '81000.00']);
  });

  it('keeps a state with commas and quotes whole', () => {
    const btcRow = parsed[2]!;
    expect(btcRow[15]).toBe('stale: data from 14:29, "old", check the feed');
  });

  it('shows no numbers for an unknown symbol', () => {
    expect(parsed[3]!.slice(4, 15).every((cell) => cell === '')).toBe(true);
    expect(parsed[3]![15]).toMatch(/^unknown symbol/);
  });

  it('names the file after the list and the UTC time, safely', () => {
    expect(boardCsvName('My list / crypto', T)).toBe(
      'marketdesk-My-list-crypto-20260110T143005Z.csv',
    );
    expect(boardCsvName('  ', T)).toBe('marketdesk-watchlist-20260110T143005Z.csv');
  });
});
