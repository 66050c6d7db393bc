/**
 * Which held symbol a push names. The service's `s` differs by class and by document
 * (docs/streaming.md): `AAPL.US`, `ETH_USDT`, `BTCUSDT`, and `00700.HK` for what the app
 * holds as `700`. A push is matched by code and region where the form carries the
 * region; otherwise by code alone, then by the code without separators (`ETH_USDT`,
 * `ETH-USDT`, `ETH/USDT` → `ETHUSDT`) — and only when exactly one held symbol fits: a
 * bare `BTCUSDT` while both BA and BT are held is nobody's, since the wrong one's price
 * would be a false number.
 */
import { streamSymbol } from '../../shared/api/stream';
import { canonicalCode, splitRegionSuffix } from '../../shared/model';

/** A symbol the client holds, in canonical form, keyed by its `CODE$REGION`. */
export interface HeldSymbol {
  key: string;
  code: string;
  region: string;
}

const compact = (code: string) => code.toUpperCase().replace(/[_\-/]/g, '');
/** A bare numeric code as HK holds it (leading zeros dropped), else the code upper-cased. */
const bare = (code: string) => canonicalCode(/^\d+$/.test(code.trim()) ? 'HK' : '', code);

function addTo(map: Map<string, HeldSymbol[]>, key: string, symbol: HeldSymbol): void {
  const list = map.get(key);
  if (list) list.push(symbol);
  else map.set(key, [symbol]);
}

function only(list: HeldSymbol[] | undefined): HeldSymbol | null {
  return list !== undefined && list.length === 1 ? list[0]! : null;
}

export class SymbolIndex {
  readonly #byKey = new Map<string, HeldSymbol>();
  readonly #byCode = new Map<string, HeldSymbol[]>();
  readonly #byCompact = new Map<string, HeldSymbol[]>();

  /** Replaces the symbols held. */
  reset(symbols: Iterable<HeldSymbol>): void {
    this.#byKey.clear();
    this.#byCode.clear();
    this.#byCompact.clear();
    for (const symbol of symbols) {
      this.#byKey.set(symbol.key, symbol);
      addTo(this.#byCode, bare(symbol.code), symbol);
      addTo(this.#byCompact, compact(symbol.code), symbol);
    }
  }

  /** The held symbol `s` names, or null when none does or several might. */
  match(s: string): HeldSymbol | null {
    const text = s.trim();
    const withRegion = splitRegionSuffix(text);
    if (withRegion) {
      const { code, region } = withRegion;
      const hit = this.#byKey.get(streamSymbol(code, region));
      if (hit) return hit;
      const loose = this.#byCompact.get(compact(code))?.filter((h) => h.region === region);
      if (loose?.length === 1) return loose[0]!;
    }
    const byCode = this.#byCode.get(bare(text));
    if (byCode) return only(byCode);
    return only(this.#byCompact.get(compact(text)));
  }
}
