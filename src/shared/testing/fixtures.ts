/** Small records several suites share, so each is written once. */
import type { SeriesKey, StreamHealth } from '../model';

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
