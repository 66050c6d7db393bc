/**
 * Test support: the synthetic market seen through instruments a test knows are in the
 * catalog. Each method throws, naming the instrument, where the market would answer
 * null, so tests read records without null checks and a code dropped from the catalog
 * fails loudly instead of as a TypeError.
 */
import type { AssetClass, KType } from '../../shared/model';
import { SyntheticMarket, type SyntheticMarketOptions } from './synthetic-market';

function must<T>(value: T | null, cls: AssetClass, region: string, code: string): T {
  if (value === null) throw new Error(`${cls} ${code} in ${region} is not in the catalog`);
  return value;
}

/** A synthetic market whose per-instrument methods never answer null (they throw instead). */
export function listedMarket(options: SyntheticMarketOptions) {
  const m = new SyntheticMarket(options);
  return {
    quote: (cls: AssetClass, region: string, exchange: string, code: string) =>
      must(m.quote(cls, region, exchange, code), cls, region, code),
    depth: (cls: AssetClass, region: string, exchange: string, code: string) =>
      must(m.depth(cls, region, exchange, code), cls, region, code),
    klines: (
      cls: AssetClass,
      region: string,
      exchange: string,
      code: string,
      kType: KType,
      limit: number,
      endTime?: number,
    ) => must(m.klines(cls, region, exchange, code, kType, limit, endTime), cls, region, code),
    tick: (region: string, code: string) => must(m.tick(region, code), 'crypto', region, code),
    info: (region: string, exchange: string, code: string, type: string) =>
      must(m.info(region, exchange, code, type), 'stock', region, code),
    news: (market: string, lang: string, limit: number, cursor?: string) =>
      m.news(market, lang, limit, cursor),
  };
}
