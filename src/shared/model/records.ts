/**
 * The domain records the app passes around, normalised from the API's wire records
 * (src/core/api). Readable names, prices as numbers, times as Unix milliseconds.
 */
import type { UnixMs } from './market';

/** A real-time quote. Crypto quotes carry no previous close, so no change either. */
export interface Quote {
  symbol: string;
  last: number;
  open: number;
  /** Previous session's close; null for crypto. */
  prevClose: number | null;
  high: number;
  low: number;
  time: UnixMs;
  volume: number;
  turnover: number;
  /** Trading status `ts`: for stocks 0 normal, 1 halted, 2 delisted, 3 circuit breaker. */
  status: number;
  /** last − prevClose; null for crypto. */
  change: number | null;
  /** Change in percent; null for crypto. */
  changePercent: number | null;
}

/** One level of an order book side. */
export interface DepthLevel {
  /** Level number, 1 = best price. */
  level: number;
  /**
   * Null on an empty level: wire `p` absent (futures) or 0. The spec names 0 for fund
   * and indices; the client reads 0 as empty for every class, since no market rests an
   * order at exactly 0 and a ladder must not draw one.
   */
  price: number | null;
  volume: number;
  /** Order count; fractional for crypto (equal to the volume). */
  orders: number;
}

/** An order book: asks ascending from the best, bids descending from the best. */
export interface DepthBook {
  symbol: string;
  asks: DepthLevel[];
  bids: DepthLevel[];
}

/** One candle. Series are ascending by time, without duplicate times. */
export interface Candle {
  time: UnixMs;
  open: number;
  high: number;
  low: number;
  close: number;
  volume: number;
  turnover: number;
}

/** A crypto tick snapshot. */
export interface Tick {
  symbol: string;
  last: number;
  time: UnixMs;
  volume: number;
  turnover: number;
  status: number;
}

/** Stock reference data. The three figures are numbers or null, whatever the wire sent. */
export interface StockInfo {
  code: string;
  name: string;
  type: string;
  exchange: string;
  sector: string;
  industry: string;
  country: string;
  description: string;
  website: string;
  marketCap: number | null;
  sharesOutstanding: number | null;
  peRatio: number | null;
  currency: string;
}

export interface NewsItem {
  id: string;
  title: string;
  publishedAt: UnixMs;
  market: string;
  language: string;
  link: string;
  provider: string;
  /**
   * The instruments the item is about, when the service says (the news detail does; a
   * list item only when its record carries them). Absent: not said, not "none".
   */
  instruments?: { code: string; region: string }[];
}

export interface NewsPage {
  items: NewsItem[];
  /** Cursor for the next (older) page; null when the API gave none. */
  nextCursor: string | null;
  hasMore: boolean;
  count: number;
}
