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
