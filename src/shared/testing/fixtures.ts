/** Small records several suites share, so each is written once. */
import type { MarketStateView, Quote, SeriesKey, StreamHealth } from '../model';

/** AAPL's daily candles on its primary exchange. */
export const AAPL_DAILY: SeriesKey = {
  class: 'stock',
  region: 'US',
  exchange: '',
  code: 'AAPL',
  kType: 8,
};

/** A stream that is up, carrying ten symbols and polling none. */
export const STREAMING: StreamHealth = {
  state: 'streaming',
  reason: null,
  streamed: 10,
  polled: 0,
  nextAttemptAt: null,
  message: null,
};

/** An AAPL quote with every field set and no change of its own; `over` sets what a test reads. */
export const quoteOf = (over: Partial<Quote> = {}): Quote => ({
  symbol: 'AAPL',
  last: 10,
  open: 8,
  prevClose: 8,
  high: 12,
  low: 7,
  time: 0,
  volume: 5000,
  turnover: 50_000,
  status: 0,
  change: null,
  changePercent: null,
  ...over,
});

/** The US stock market's state, from the service's calendar: closed unless `over` says. */
export function usMarket(over: Partial<MarketStateView> = {}): MarketStateView {
  return {
    class: 'stock',
    region: 'US',
    phase: 'closed',
    basis: 'service',
    holiday: null,
    nextOpen: null,
    nextClose: null,
    timeZone: 'America/New_York',
    unknownWhy: null,
    ...over,
  };
}
