/**
 * Stock information records (spec 2.7) from the catalog's reference data. mcb, tso and
 * pet are numbers, as in the sample; `r` carries the currency code, as the sample does.
 * Only catalog stocks have a record: the market never invents a company.
 */
import type { WireStockInfo } from '../../shared/api/wire';
import type { SymbolModel } from './symbol-model';

/**
 * The information record of a catalog stock whose latest price is `last`; `code` is
 * the code as requested (echoed, like every record's code).
 */
export function buildInfo(
  sym: SymbolModel,
  code: string,
  type: string,
  last: number,
): WireStockInfo {
  const e = sym.entry;
  const sector = e.sector ?? '';
  const industry = e.industry ?? '';
  const shares = e.shares ?? 0;
  // London prices are in pence; market capitalisation is stated in pounds.
  const unitPrice = sym.region === 'GB' ? last / 100 : last;
  const eps = e.eps ?? 0;
  return {
    c: code,
    n: e.name,
    t: type,
    e: e.exchange,
    s: sector,
    i: industry,
    r: e.currency,
    bd:
      e.description ??
      `${e.name} is a ${industry.toLowerCase()} company in the ${sector.toLowerCase()} sector, listed on ${e.exchange}.`,
    wu: e.website ?? '',
    mcb: Math.round(shares * unitPrice),
    tso: shares,
    // A P/E needs earnings: none reported is 0 rather than a division by zero.
    pet: eps === 0 ? 0 : Math.round((last / eps) * 100) / 100,
    fcc: e.currency,
  };
}
