/**
 * The simulator's catalog: the finite list of instruments it trades, per class and
 * region, built from real, well-known instruments (the tables in ./catalog/) plus the
 * documented status fixtures. A code outside the catalog does not exist: the market
 * gives it no data, as the real service answers an unknown product with `E001`.
 *
 * Lookups use the shared canonical form (`canonicalCode`): "aapl" is AAPL and, in
 * HK, "00700" is 700 — the same instrument, the same price.
 */
import type { AssetClass } from '../../shared/model';
import { canonicalCode, canonicalRegion } from '../../shared/model';
import { STATUS_FIXTURES } from './catalog/fixtures';
import { OTHER_INSTRUMENTS } from './catalog/instruments';
import { REGION_EXCHANGE } from './catalog/regions';
import { AMERICAS_STOCKS } from './catalog/stocks-americas';
import { ASIA_STOCKS } from './catalog/stocks-asia';
import { EUROPE_STOCKS } from './catalog/stocks-europe';
import { HK_STOCKS } from './catalog/stocks-hk';
import type { CatalogEntry } from './catalog/table';

export type { CatalogEntry } from './catalog/table';
export { REGION_CURRENCY, REGION_EXCHANGE } from './catalog/regions';

/** Every instrument the simulator lists. Order within a class and region is the tables' order. */
export const CATALOG: readonly CatalogEntry[] = [
  ...AMERICAS_STOCKS,
  ...HK_STOCKS,
  ...EUROPE_STOCKS,
  ...ASIA_STOCKS,
  ...STATUS_FIXTURES,
  ...OTHER_INSTRUMENTS,
];

/** A stock fixed in a non-normal trading status (spec section 3). */
export interface StatusSymbol {
  region: string;
  code: string;
  /** 1 halted, 2 delisted, 3 circuit breaker. */
  status: 1 | 2 | 3;
  name: string;
}

/** The status fixtures (./catalog/fixtures.ts): a halted, a delisted and a circuit-breaker stock per major region. */
export const STATUS_SYMBOLS: readonly StatusSymbol[] = STATUS_FIXTURES.map((e) => ({
  region: e.region,
  code: e.code,
  status: e.status as 1 | 2 | 3,
  name: e.name,
}));

const keyOf = (cls: AssetClass, region: string, code: string) => `${cls}:${region}:${code}`;

const index = new Map<string, CatalogEntry>();
for (const entry of CATALOG) {
  const key = keyOf(entry.class, entry.region, entry.code);
  // Two lines for one instrument would make its data depend on table order.
  if (index.has(key)) throw new Error(`catalog: ${key} is listed twice`);
  index.set(key, entry);
}

/**
 * The catalog instrument of a class, region, exchange and code, or undefined when the
 * catalog has no such product. Region and code are matched in their canonical form.
 * A stock's `exchange` may be empty (the region's primary exchange), its own listing
 * exchange, or the region's primary exchange named; any other exchange does not list
 * it. Other classes take no exchange (the spec names it on stock operations only).
 */
export function findInstrument(
  cls: AssetClass,
  region: string,
  exchange: string,
  code: string,
): CatalogEntry | undefined {
  const r = canonicalRegion(region);
  const entry = index.get(keyOf(cls, r, canonicalCode(r, code)));
  if (entry === undefined || cls !== 'stock') return entry;
  const ex = exchange.trim().toUpperCase();
  return ex === '' || ex === entry.exchange.toUpperCase() || ex === REGION_EXCHANGE[r]
    ? entry
    : undefined;
}

/** The catalog's instruments of one class (and region, when given), in table order. */
export function catalogOf(cls: AssetClass, region?: string): CatalogEntry[] {
  return CATALOG.filter((e) => e.class === cls && (region === undefined || e.region === region));
}
