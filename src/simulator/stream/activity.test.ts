import { describe, expect, it } from 'vitest';
import { TradeSchedule } from './activity';

const START = Date.parse('2026-11-18T15:00:00Z');

/** Trade instants of a schedule over `seconds` from START. */
function trades(schedule: TradeSchedule, seconds: number): number[] {
  const out: number[] = [];
  for (
    let t = schedule.nextAfter(START - 1);
    t < START + seconds * 1000;
    t = schedule.nextAfter(t)
  ) {
    out.push(t);
  }
  return out;
}

describe('trade schedule', () => {
  it('is a pure function of seed and symbol', () => {
    const a = trades(new TradeSchedule(1, 'stock', 'US', 'AAPL'), 120);
    expect(trades(new TradeSchedule(1, 'stock', 'US', 'AAPL'), 120)).toEqual(a);
    expect(trades(new TradeSchedule(2, 'stock', 'US', 'AAPL'), 120)).not.toEqual(a);
    expect(trades(new TradeSchedule(1, 'stock', 'US', 'MSFT'), 120)).not.toEqual(a);
  });

  it('trades at most once a second, strictly later each time', () => {
    const list = trades(new TradeSchedule(1, 'crypto', 'BA', 'BTCUSDT'), 60);
    const seconds = list.map((t) => Math.floor(t / 1000));
    expect(new Set(seconds).size).toBe(list.length);
    for (let i = 1; i < list.length; i++) expect(list[i]!).toBeGreaterThan(list[i - 1]!);
  });

  it('liquid crypto trades every second; quiet stocks and funds far less often', () => {
    expect(trades(new TradeSchedule(1, 'crypto', 'BA', 'BTCUSDT'), 60).length).toBe(60);
    expect(trades(new TradeSchedule(1, 'indices', 'GB', 'SPX'), 60).length).toBe(60);
    for (const seed of [1, 2, 3]) {
      const stock = new TradeSchedule(seed, 'stock', 'HK', '700');
      const fund = new TradeSchedule(seed, 'fund', 'US', 'SPY');
      expect(stock.activity).toBeGreaterThanOrEqual(0.15);
      expect(stock.activity).toBeLessThanOrEqual(0.8);
      expect(fund.activity).toBeLessThanOrEqual(0.5);
      // Over ten minutes the count follows the activity.
      const n = trades(stock, 600).length;
      expect(n / 600).toBeGreaterThan(stock.activity - 0.1);
      expect(n / 600).toBeLessThan(stock.activity + 0.1);
    }
  });
});
