/**
 * What the server needs of a market: the methods of `SyntheticMarket`
 * (./market/synthetic-market), named here so a test can pass another model.
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
  ): WireQuote | WireCryptoQuote;
  depth(cls: AssetClass, region: string, exchange: string, code: string): WireDepth;
  klines(
    cls: AssetClass,
    region: string,
    exchange: string,
    code: string,
    kType: KType,
    limit: number,
    endTime?: number,
  ): WireKline[];
  tick(region: string, code: string): WireTick;
  info(region: string, exchange: string, code: string, type: string): WireStockInfo;
  news(market: string, lang: string, limit: number, cursor?: string): WireNewsResult;
}
