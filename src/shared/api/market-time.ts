/**
 * The service's market calendar and corporate event operations (docs/api-gaps.md,
 * section 10): outside the spec's 20 operations of OPERATIONS (their contracts are on
 * the service's documentation pages, not in the interface document), like the symbol
 * list. The client asks them (src/core/api/market-time.ts), the simulator answers them
 * (src/simulator/market-time.ts); both take the paths and parameters from here.
 *
 * - `GET /market/status?code=<REGION>` → `data`: one WireMarketStatus.
 * - `GET /symbol/v2/holidays?code=<REGION>` → `data`: WireHoliday[].
 * - `GET /stock/split?region=<REGION>` → `data`: WireSplit[] (or a page object holding them).
 * - `GET /stock/ipo?type=upcoming|recent&region=<REGION>` → `data`: WireIpo[] (or a page object).
 * - `GET /news/<id>` → `data`: one WireNewsDetail.
 */

export const MARKET_STATUS_PATH = '/market/status';
export const HOLIDAYS_PATH = '/symbol/v2/holidays';
export const SPLITS_PATH = '/stock/split';
export const IPOS_PATH = '/stock/ipo';
/** News detail: the id follows, URL-encoded: `/news/<id>`. */
export const NEWS_DETAIL_PREFIX = '/news/';

import type { IpoKind } from '../model/market-time';

/** Which IPOs: still to list, or listed lately. */
export const IPO_KINDS: readonly IpoKind[] = ['upcoming', 'recent'];

/** The market-time paths, for routing and request counts. */
export const MARKET_TIME_PATHS: readonly string[] = [
  MARKET_STATUS_PATH,
  HOLIDAYS_PATH,
  SPLITS_PATH,
  IPOS_PATH,
];

/** The path of a news item's detail. */
export function newsDetailPath(id: string): string {
  return `${NEWS_DETAIL_PREFIX}${encodeURIComponent(id)}`;
}
