/**
 * Corporate events of catalog instruments, real ones: stock splits (ratio `old:new`,
 * effective on the first trading date on the new share count) and listing dates (IPOs
 * and direct listings, with the offer price where there was one). The market model
 * obeys them: an instrument has no candles before its listing date, and its raw
 * (unadjusted) prices before a split are `new/old` times the prices after it, its
 * volumes as many times smaller, as the real service's unadjusted history is.
 */
import { cellNumber, tableRows } from './table';

export interface SplitEvent {
  region: string;
  code: string;
  /** Effective date, `YYYY-MM-DD` (local). */
  date: string;
  /** Old shares : new shares, e.g. `1:10`. */
  ratio: string;
}

export interface ListingEvent {
  region: string;
  code: string;
  /** First trading date, `YYYY-MM-DD` (local). */
  date: string;
  /** Offer price in the listing currency; null for a direct listing (no offer). */
  price: number | null;
}

/** region|code|effective date|old:new */
export const SPLITS: readonly SplitEvent[] = tableRows(
  `
US|AAPL|2020-08-31|1:4
US|TSLA|2020-08-31|1:5
US|NVDA|2021-07-20|1:4
US|AMZN|2022-06-06|1:20
US|GOOGL|2022-07-18|1:20
US|GOOG|2022-07-18|1:20
US|TSLA|2022-08-25|1:3
US|WMT|2024-02-26|1:3
US|NVDA|2024-06-10|1:10
US|AVGO|2024-07-15|1:10
`,
  4,
).map(([region, code, date, ratio]) => ({
  region: region!,
  code: code!,
  date: date!,
  ratio: ratio!,
}));

/** region|code|first trading date|offer price (empty: a direct listing) */
export const LISTINGS: readonly ListingEvent[] = tableRows(
  `
HK|1810|2018-07-09|17
HK|3690|2018-09-20|69
US|UBER|2019-05-10|45
HK|9988|2019-11-26|176
HK|9999|2020-06-11|123
HK|9618|2020-06-18|226
US|PLTR|2020-09-30|
US|ABNB|2020-12-10|68
HK|1024|2021-02-05|115
US|COIN|2021-04-14|
HK|9868|2021-07-07|165
HK|2015|2021-08-12|118
`,
  4,
).map((line) => {
  const [region, code, date, price] = line;
  return {
    region: region!,
    code: code!,
    date: date!,
    price: price === '' ? null : cellNumber(price, 'offer price', line),
  };
});
