/**
 * Corporate events of catalog instruments, real ones: stock splits (ratio `old:new`,
 * effective on the first trading date on the new share count) and listing dates (IPOs
 * and direct listings, with the offer price where there was one). The market model
 * obeys them: an instrument has no candles before its listing date, and its raw
 * (unadjusted) prices before a split are `new/old` times the prices after it, its
 * volumes as many times smaller, as the real service's unadjusted history is.
 */

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

export const SPLITS: readonly SplitEvent[] = [
  { region: 'US', code: 'AAPL', date: '2020-08-31', ratio: '1:4' },
  { region: 'US', code: 'TSLA', date: '2020-08-31', ratio: '1:5' },
  { region: 'US', code: 'NVDA', date: '2021-07-20', ratio: '1:4' },
  { region: 'US', code: 'AMZN', date: '2022-06-06', ratio: '1:20' },
  { region: 'US', code: 'GOOGL', date: '2022-07-18', ratio: '1:20' },
  { region: 'US', code: 'GOOG', date: '2022-07-18', ratio: '1:20' },
  { region: 'US', code: 'TSLA', date: '2022-08-25', ratio: '1:3' },
  { region: 'US', code: 'WMT', date: '2024-02-26', ratio: '1:3' },
  { region: 'US', code: 'NVDA', date: '2024-06-10', ratio: '1:10' },
  { region: 'US', code: 'AVGO', date: '2024-07-15', ratio: '1:10' },
];

export const LISTINGS: readonly ListingEvent[] = [
  { region: 'HK', code: '1810', date: '2018-07-09', price: 17 },
  { region: 'HK', code: '3690', date: '2018-09-20', price: 69 },
  { region: 'US', code: 'UBER', date: '2019-05-10', price: 45 },
  { region: 'HK', code: '9988', date: '2019-11-26', price: 176 },
  { region: 'HK', code: '9999', date: '2020-06-11', price: 123 },
  { region: 'HK', code: '9618', date: '2020-06-18', price: 226 },
  { region: 'US', code: 'PLTR', date: '2020-09-30', price: null },
  { region: 'US', code: 'ABNB', date: '2020-12-10', price: 68 },
  { region: 'HK', code: '1024', date: '2021-02-05', price: 115 },
  { region: 'US', code: 'COIN', date: '2021-04-14', price: null },
  { region: 'HK', code: '9868', date: '2021-07-07', price: 165 },
  { region: 'HK', code: '2015', date: '2021-08-12', price: 118 },
];
