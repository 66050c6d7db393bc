/**
 * The simulator's symbol list (`SYMBOL_LIST_PATH`, not one of the 20 operations): the
 * catalog itself, by class and optionally region, so demo mode's symbol directory is
 * exactly what the demo market trades. Shape in src/shared/api/symbol-list.ts.
 */
import type { SymbolListWire } from '../shared/api/symbol-list';
import { isAssetClass, isRegion } from '../shared/model';
import type { DeniedMarkets } from './answer';
import { badParam } from './errors';
import { CATALOG } from './market/catalog';

/** The envelope's `data` for a symbol list request: an array, or null for a market outside the plan. */
export function symbolList(query: URLSearchParams, denied: DeniedMarkets): SymbolListWire[] | null {
  const type = query.get('type');
  if (type === null || type === '') throw badParam('type', 'missing');
  if (!isAssetClass(type)) {
    throw badParam('type', 'expected one of stock, crypto, fund, indices, forex, future');
  }
  const region = query.get('region');
  if (region !== null && region !== '' && !isRegion(region)) {
    throw badParam('region', `expected two uppercase letters, got ${JSON.stringify(region)}`);
  }
  if (region && denied.has(`${type}:${region}`)) return null;
  const out: SymbolListWire[] = [];
  for (const e of CATALOG) {
    if (e.class !== type || (region && e.region !== region)) continue;
    if (denied.has(`${e.class}:${e.region}`)) continue;
    out.push({ c: e.code, n: e.name, t: e.class, e: e.exchange, r: e.region });
  }
  return out;
}
