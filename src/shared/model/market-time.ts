/**
 * Records of a market's time and its corporate events, normalised from the service's
 * market status, split, IPO and news detail answers (docs/api-gaps.md, section 10).
 * A market's calendar itself (sessions, holidays) is `RegionCalendar`, in
 * src/shared/calendar.
 */
import type { UnixMs } from './market';
import type { NewsItem } from './records';

/** What a market is doing at an instant. A half day is a flag beside the state. */
export type MarketState =
  'pre-market' | 'open' | 'lunch-break' | 'post-market' | 'closed' | 'weekend' | 'holiday';

export const MARKET_STATES: readonly MarketState[] = [
  'pre-market',
  'open',
  'lunch-break',
  'post-market',
  'closed',
  'weekend',
  'holiday',
];

/** The service's market status of a region, as read. */
export interface MarketStatus {
  region: string;
  /** The region's name as the service gives it ('' when none). */
  regionName: string;
  state: MarketState;
  /** Whether a regular session trades now (the service's own flag). */
  open: boolean;
  /** The day closes early. */
  halfDay: boolean;
  /** The holiday's or half day's name; null on an ordinary day. */
  holiday: string | null;
  /** Trading hours in the service's text; '' when it gave none. */
  tradingHours: string;
  timeZone: string;
  /** The market's local time as the service wrote it ('' when none). */
  localTime: string;
}

/** An instrument named by code and region (news items, splits). */
export interface InstrumentRef {
  code: string;
  region: string;
}

/** A stock split. `from:to` old shares to new: prices before the split are `to/from` times higher. */
export interface Split {
  /** Effective date (the first trading date on the new share count), Unix ms. */
  date: UnixMs;
  region: string;
  code: string;
  name: string;
  /** The ratio as the service wrote it, e.g. `1:10`. */
  ratio: string;
  from: number;
  to: number;
}

export type IpoKind = 'upcoming' | 'recent';

/** An initial public offering. Unknown figures and dates are null. */
export interface Ipo {
  code: string;
  company: string;
  exchange: string;
  region: string;
  country: string;
  /** Listing date, Unix ms. */
  listingDate: UnixMs | null;
  /** Offer price when one number; null for a range or none (see `priceText`). */
  price: number | null;
  /** The price as the service wrote it (`10.00-12.00` while a range); '' when none. */
  priceText: string;
  marketCap: number | null;
  subscriptionStart: UnixMs | null;
  subscriptionEnd: UnixMs | null;
  allotmentDate: UnixMs | null;
}

/** A news item with its article, tags and the markets and instruments it concerns. */
export interface NewsDetail extends NewsItem {
  body: string;
  tags: string[];
  /** Regions it concerns. */
  markets: string[];
  instruments: InstrumentRef[];
}
