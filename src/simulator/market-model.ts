/**
 * What the server needs of a market: the methods of `SyntheticMarket`
 * (./market/synthetic-market), named here so a test can pass another model. Every
 * per-instrument method answers null for a product the market does not list: the
 * server answers "not found" (E001) for a single-symbol operation and a null entry in
 * a batch (see README.md).
 */
import type {
  WireCryptoQuote,
  WireDepth,
  WireKline,
  WireNewsResult,
  WireQuote,
  WireStockInfo,
  WireTick,
} from '../shared/api/wire';
import type { AssetClass, KType } from '../shared/model';

/** The market model's surface, fed validated input only. */
export interface MarketModel {
  quote(
    cls: AssetClass,
    region: string,
    exchange: string,
    code: string,
  ): WireQuote | WireCryptoQuote | null;
  depth(cls: AssetClass, region: string, exchange: string, code: string): WireDepth | null;
  klines(
    cls: AssetClass,
    region: string,
    exchange: string,
    code: string,
    kType: KType,
    limit: number,
    endTime?: number,
  ): WireKline[] | null;
  tick(region: string, code: string): WireTick | null;
  info(region: string, exchange: string, code: string, type: string): WireStockInfo | null;
  news(market: string, lang: string, limit: number, cursor?: string): WireNewsResult;
}
