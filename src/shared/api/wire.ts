/**
 * The API's wire records as the spec documents them (section 2). The simulator
 * writes these; the client reads them leniently (its zod schemas accept the quirks
 * the spec and docs/api-gaps.md allow) and normalises them into src/shared/model.
 */

/** Depth level (2.2). `p` may be absent (empty future level) or 0 (empty fund/indices level). */
export interface WireDepthLevel {
  po: number;
  p?: number;
  v: number;
  o: number;
}

export interface WireDepth {
  s: string;
  a: WireDepthLevel[];
  b: WireDepthLevel[];
}

/** Quote record for stock, fund, indices and future (2.3). */
export interface WireQuote {
  s: string;
  ld: number;
  o: number;
  p: number;
  h: number;
  l: number;
  t: number;
  v: number;
  tu: number;
  ts: number;
  ch: number;
  chp: number;
}

/** Crypto quote record (2.4): no p, ch, chp. */
export type WireCryptoQuote = Omit<WireQuote, 'p' | 'ch' | 'chp'>;

/** Kline record (2.5). */
export interface WireKline {
  t: number;
  o: number;
  h: number;
  l: number;
  c: number;
  v: number;
  tu: number;
}

/** Crypto tick record (2.6). */
export interface WireTick {
  s: string;
  ld: number;
  t: number;
  v: number;
  tu: number;
  ts: number;
}

/** Stock information record (2.7); mcb, tso, pet arrive as strings or numbers. */
export interface WireStockInfo {
  c: string;
  n: string;
  t: string;
  e: string;
  s: string;
  i: string;
  r: string;
  bd: string;
  wu: string;
  mcb: string | number;
  tso: string | number;
  pet: string | number;
  fcc: string;
}

/** News item (2.8); `pt` is documented as a string, delivered as a number of seconds. */
export interface WireNewsItem {
  /** Instruments it concerns, `CODE.REGION`: in the detail; in the list too (guessed, optional). */
  sy?: string[];
  id: string;
  te: string;
  pt: string | number;
  mt: string;
  lg: string;
  lk: string;
  pv: string;
}

export interface WirePagination {
  nextCursor: string;
  hasMore: boolean;
  count: number;
}

export interface WireNewsResult {
  data: WireNewsItem[];
  pagination: WirePagination;
}

/*
 * Market calendar and corporate events (docs/api-gaps.md, section 10). Only the
 * holiday record is documented field by field; the others' names are the project's
 * guesses (the simulator writes them, the readers in src/core/api also take the
 * spelled-out names listed there).
 */

/** Market status of a region (10.1; guessed names). */
export interface WireMarketStatus {
  /** Region code. */
  c: string;
  /** Region name. */
  r: string;
  /** Whether a regular session is trading now. */
  o: boolean;
  /** State: pre-market, open, lunch-break, post-market, closed, weekend, holiday or half-day. */
  s: string;
  /** The day closes early (a half day). */
  hd: boolean;
  /** Holiday (or half day) name; '' on an ordinary day. */
  v: string;
  /** Trading hours text (`,` between sessions, `|` a lunch break). */
  t: string;
  /** IANA time zone. */
  z: string;
  /** Local time at the market, `YYYY-MM-DD HH:MM:SS`. */
  lt: string;
}

/** One holiday of `/symbol/v2/holidays` (10.2; documented, but for half days). */
export interface WireHoliday {
  /** Country/region code. */
  c: string;
  /** Country/region name. */
  r: string;
  /** Date, `YYYY-MM-DD`. */
  d: string;
  /**
   * Trading hours: the region's usual hours on a day closed all day (the documented
   * sample); on a half day, that day's shortened hours (guessed).
   */
  t: string;
  /** Time zone. */
  z: string;
  /** Holiday name. */
  v: string;
}

/** One stock split of `/stock/split` (10.3; guessed names). */
export interface WireSplit {
  /** Effective date, Unix ms (the first date trading on the new share count). */
  d: number;
  /** Region. */
  r: string;
  /** Company name. */
  n: string;
  /** Code. */
  c: string;
  /** Ratio `old:new` as text: `1:10` is ten new shares for one (NVDA 2024). */
  v: string;
}

/** One IPO of `/stock/ipo` (10.4; guessed names). */
export interface WireIpo {
  /** Listing date, Unix ms. */
  dt: number;
  /** Company name. */
  cn: string;
  /** Code. */
  sc: string;
  /** Exchange. */
  ex: string;
  /** Market cap (currency units), number or numeric text. */
  mc: number | string;
  /** Offer price, number or text (a range such as `10.00-12.00` while upcoming). */
  pr: number | string;
  /** Country. */
  ct: string;
  /** Subscription opens, Unix ms. */
  bs: number;
  /** Subscription closes, Unix ms. */
  es: number;
  /** Allotment date, Unix ms. */
  ad: number;
}

/** A news item with its detail (10.5; `ct`, `tg`, `mk`, `sy` guessed). */
export interface WireNewsDetail extends WireNewsItem {
  /** Article text. */
  ct: string;
  /** Tags. */
  tg: string[];
  /** Markets (regions) it concerns. */
  mk: string[];
  /** Instruments it concerns, `CODE.REGION` (e.g. `NVDA.US`, `700.HK`). */
  sy: string[];
}
