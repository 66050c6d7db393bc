/**
 * The command line's numbers are the app's: each cell is what the panes' formatters
 * (shared/format/numbers) make of the same record, and the cases the issue found
 * ("+4.3", a percent with four decimals, a price without separators, crypto without a
 * change, "country USD", an orders column repeating crypto's sizes) do not come back.
 */
import { describe, expect, it } from 'vitest';
import {
  classPriceDecimals,
  formatBigNumber,
  formatChange,
  formatPercent,
  formatPrice,
  formatRatio,
  formatVolume,
} from '../shared/format/numbers';
import type { Candle, DepthBook, Quote, StockInfo } from '../shared/model';
import { dayReference, shownChange } from '../shared/model/day-change';
import { depthTables, infoTable, quotesTable } from './render-market';
import { cellsOf, lines } from './test-harness';
import { stockInfoRecordAAPL } from '../core/api/fixtures/samples';

const T = Date.UTC(2026, 10, 28, 7, 30);
const HOUR = 3_600_000;

const aapl: Quote = {
  symbol: 'AAPL',
  last: 213.48,
  open: 207.41,
  prevClose: 209.18,
  high: 215.03,
  low: 206.81,
  time: T,
  volume: 72_082_303,
  turnover: 15_210_000_000,
  status: 0,
  change: 4.3,
  changePercent: 2.05564,
};
const btc: Quote = {
  symbol: 'BTCUSDT',
  last: 84_338.55,
  open: 84_581.86,
  prevClose: null,
  high: 84_984.57,
  low: 83_794.48,
  time: T,
  volume: 1744.6238,
  turnover: 147_000_000,
  status: 0,
  change: null,
  changePercent: null,
};
/** 30 hourly candles up to T's hour, the oldest opening at 88,000. */
const candles: Candle[] = Array.from({ length: 30 }, (_, i) => {
  const time = Math.floor(T / HOUR) * HOUR - (29 - i) * HOUR;
  const open = 88_000 - i * 100;
  return {
    time,
    open,
    high: open + 500,
    low: open - 50,
    close: open - 100,
    volume: 100,
    turnover: 1,
  };
});

describe('the command line formats numbers as the app does', () => {
  it('prints a stock quote with the board’s formatters', () => {
    const cells = cellsOf(quotesTable('stock')({ AAPL: aapl }, false));
    const d = classPriceDecimals('stock', aapl.last);
    expect(cells).toMatchObject({
      LAST: formatPrice(aapl.last, d),
      CHANGE: formatChange(aapl.change, d),
      'CHG%': formatPercent(aapl.changePercent),
      OPEN: formatPrice(aapl.open, d),
      PREV: formatPrice(aapl.prevClose, d),
      VOLUME: formatVolume(aapl.volume),
      TURNOVER: formatVolume(aapl.turnover),
      BASIS: 'session',
    });
    // What the issue saw: "+4.3", "+2.0556%".
    expect([cells['CHANGE'], cells['CHG%']]).toEqual(['+4.30', '+2.06%']);
  });

  it('groups a price as the app does, and abbreviates volume as the board does', () => {
    const cells = cellsOf(quotesTable('crypto')({ BTCUSDT: btc }, false));
    expect(cells['LAST']).toBe('84,338.55');
    expect(cells['VOLUME']).toBe(formatVolume(btc.volume));
  });

  it('shows crypto over 24 h like the board: change, open, high, low and volume', () => {
    const reference = dayReference(candles, btc.time);
    expect(reference).not.toBeNull();
    const shown = shownChange(btc, reference);
    const d = classPriceDecimals('crypto', btc.last);
    const cells = cellsOf(quotesTable('crypto', { BTCUSDT: reference })({ BTCUSDT: btc }, false));
    expect(cells).toMatchObject({
      CHANGE: formatChange(shown.change, d),
      'CHG%': formatPercent(shown.changePercent),
      OPEN: formatPrice(shown.open, d),
      HIGH: formatPrice(shown.high, d),
      LOW: formatPrice(shown.low, d),
      VOLUME: formatVolume(shown.volume),
      BASIS: '24h',
    });
    // The 24 h open is a candle's, not the UTC day's; the high is at least the open.
    expect(shown.open).not.toBe(btc.open);
    expect(shown.high!).toBeGreaterThanOrEqual(shown.open!);
    expect(cells['CHANGE']).toMatch(/^[+−]\d/);
  });

  it('names the UTC day on a crypto row without its 24 h reference', () => {
    const cells = cellsOf(quotesTable('crypto')({ BTCUSDT: btc }, false));
    expect(cells).toMatchObject({ CHANGE: '—', 'CHG%': '—', OPEN: '84,581.86', BASIS: 'UTC day' });
  });
});

describe('depth and info show only what the service fills', () => {
  const book: DepthBook = {
    symbol: 'X',
    bids: [{ level: 1, price: 100.5, volume: 0.25, orders: 0.25 }],
    asks: [{ level: 1, price: 100.51, volume: 1.5, orders: 1.5 }],
  };

  it('has no orders column for crypto, whose order count repeats the size', () => {
    const header = lines(depthTables('crypto')({ BTCUSDT: book }, false))[1]!;
    expect(header.split(/\s+/)).toEqual(['LVL', 'BID', 'VOL', 'BID', 'ASK', 'ASK', 'VOL']);
    expect(lines(depthTables('stock')({ AAPL: book }, false))[1]).toMatch(/BID ORD.*ASK ORD/);
  });

  it('names the country, not the currency the wire repeats in its place', () => {
    const info: StockInfo = { ...stockInfoRecordAAPL, description: 'A\ncompany.' };
    const table = infoTable(info, 'US', false);
    expect(table).toMatch(/^country\s+US$/m);
    expect(table).toMatch(/^currency\s+USD$/m);
    expect(table).toContain(`market cap          ${formatBigNumber(info.marketCap)}\n`);
    expect(table).toMatch(new RegExp(`^P/E\\s+${formatRatio(info.peRatio)}$`, 'm'));
    expect(table).toMatch(/^description\s+A company\.$/m);
  });
});
