/**
 * What the records' fields mean where the wire is ambiguous, written once for every
 * reader (the app's panes and the command line).
 */
import type { AssetClass } from './market';
import type { StockInfo } from './records';

/**
 * Whether a class's order books carry order counts. Crypto's do not: the wire's `o` is
 * fractional and repeats the level's size (spec 2.2), so a column of it says nothing.
 */
export const depthHasOrders = (cls: AssetClass): boolean => cls !== 'crypto';

/**
 * A stock's country. The spec's sample carries a currency code in the country field
 * (`r`): when it repeats the currency (or is empty), the stock's market region is the
 * better answer.
 */
export function infoCountry(info: Pick<StockInfo, 'country' | 'currency'>, region: string): string {
  const country = info.country.trim();
  return country && country !== info.currency ? country : region;
}
