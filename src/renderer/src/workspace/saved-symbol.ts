/** A symbol read from a saved workspace (a pane's, a link group's, a chart's compare list). */
import { canonicalInstrument, isAssetClass, isSymbolCode } from '../../../shared/model';
import type { SymbolRef } from './symbol-ref';
import { isObj, isStr } from './saved-json';

/**
 * A saved symbol in its canonical form (the exchange kept for stocks only); null when
 * unusable. The code is checked against the one code pattern: a workspace file is
 * anyone's to edit, and what it names is shown, exported and asked of the service.
 */
export function readSymbol(value: unknown): SymbolRef | null {
  if (!isObj(value) || !isAssetClass(value.class)) return null;
  if (!isStr(value.region, 8) || !isStr(value.code, 32)) return null;
  const exchange = value.class === 'stock' && isStr(value.exchange, 32) ? value.exchange : '';
  const symbol = canonicalInstrument({
    class: value.class,
    region: value.region,
    exchange,
    code: value.code,
  });
  return isSymbolCode(symbol.code) && symbol.region !== '' ? symbol : null;
}
