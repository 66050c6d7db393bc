/**
 * Test support: the synthetic market seen through instruments a test knows are in the
 * catalog. Each method throws, naming the instrument, where the market would answer
 * null, so tests read records without null checks and a code dropped from the catalog
 * fails loudly instead of as a TypeError.
 */
import type { AssetClass } from '../../shared/model';
import { SyntheticMarket, type SyntheticMarketOptions } from './synthetic-market';

/** A call's arguments, which name the instrument first (the rest are passed over). */
type Instrument = readonly [
  cls: AssetClass,
  region: string,
  exchange: string,
  code: string,
  ...rest: unknown[],
];

function must<T>(value: T | null, [cls, region, , code]: Instrument): T {
  if (value === null) throw new Error(`${cls} ${code} in ${region} is not in the catalog`);
  return value;
}

/** The arguments of a market method. */
type Args<K extends keyof SyntheticMarket> = Parameters<SyntheticMarket[K]>;

/** A synthetic market whose per-instrument methods never answer null (they throw instead). */
export function listedMarket(options: SyntheticMarketOptions) {
  const m = new SyntheticMarket(options);
  return {
    quote: (...args: Args<'quote'>) => must(m.quote(...args), args),
    depth: (...args: Args<'depth'>) => must(m.depth(...args), args),
    klines: (...args: Args<'klines'>) => must(m.klines(...args), args),
    tick: (region: string, code: string) =>
      must(m.tick(region, code), ['crypto', region, '', code]),
    info: (region: string, exchange: string, code: string, type: string) =>
      must(m.info(region, exchange, code, type), ['stock', region, exchange, code]),
    news: (...args: Args<'news'>) => m.news(...args),
  };
}
