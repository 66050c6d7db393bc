/** Small records several suites share, so each is written once. */
import type { MarketStateView, SeriesKey, StreamHealth } from '../model';

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
