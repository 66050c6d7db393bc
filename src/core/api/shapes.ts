/**
 * The typed face of the OPERATIONS table: each operation's parameters and result,
 * by its shape (kind + batch). `OPERATION_SHAPES` is checked against the table by a
 * test, so a change there cannot silently mistype an operation here.
 */
import type { OperationKind, OperationName, OperationSpec } from '../../shared/api/operations';
import type {
  Candle,
  DepthBook,
  KType,
  NewsPage,
  Quote,
  StockInfo,
  Tick,
} from '../../shared/model';
import type { BatchResult } from './result';

/** Market selection shared by the batch and single-symbol operations. */
export interface MarketParams {
  /** Market code, e.g. `US`, `HK`, `BA` (crypto), `GB` (forex, indices). */
  region: string;
  /** Stock operations only; empty or absent means the region's primary exchange. */
  exchange?: string;
}

/** A batch request: codes as an array or a comma-separated string; deduplicated. */
export interface BatchParams extends MarketParams {
  codes: readonly string[] | string;
}

export interface KlineParams extends BatchParams {
  kType: KType;
  /** Candles per code, at most. */
  limit: number;
  /** End time (Unix ms) to page backward; the real service's `et`. */
  et?: number;
}

export interface SymbolParams extends MarketParams {
  code: string;
}

export interface InfoParams extends SymbolParams {
  /** Market type; the spec requires it, the sample sends `stock` (the default). */
  type?: string;
}

export interface NewsParams {
  /** stock, forex, indices, crypto, future or fund. */
  market: string;
  /** hk (Traditional Chinese), zh (Simplified), en. */
  lang: string;
  limit?: number;
  /** `nextCursor` of the previous page; sent as `cursor` (the spec names no parameter). */
  cursor?: string;
}

export type Shape = 'news' | 'depth' | 'depths' | 'quotes' | 'klines' | 'ticks' | 'info';

interface ShapeTypes {
  news: { params: NewsParams; result: NewsPage };
  depth: { params: SymbolParams; result: DepthBook };
  depths: { params: BatchParams; result: BatchResult<DepthBook> };
  quotes: { params: BatchParams; result: BatchResult<Quote> };
  klines: { params: KlineParams; result: BatchResult<Candle[]> };
  ticks: { params: BatchParams; result: BatchResult<Tick> };
  info: { params: InfoParams; result: StockInfo };
}

/** The shape of every operation (derivable from kind + batch; spelled out for the types). */
export const OPERATION_SHAPES = {
  news: 'news',
  stockDepth: 'depth',
  stockDepths: 'depths',
  cryptoDepth: 'depth',
  cryptoDepths: 'depths',
  fundDepths: 'depths',
  forexDepths: 'depths',
  futureDepths: 'depths',
  indicesDepths: 'depths',
  stockQuotes: 'quotes',
  fundQuotes: 'quotes',
  indicesQuotes: 'quotes',
  futureQuotes: 'quotes',
  cryptoQuotes: 'quotes',
  stockKlines: 'klines',
  indicesKlines: 'klines',
  cryptoKlines: 'klines',
  forexKlines: 'klines',
  cryptoTicks: 'ticks',
  stockInfo: 'info',
} as const satisfies Record<OperationName, Shape>;

/** Parameters of operation `Op`. */
export type ParamsOf<Op extends OperationName> =
  ShapeTypes[(typeof OPERATION_SHAPES)[Op]]['params'];
/** Normalised result of operation `Op`. */
export type ResultOf<Op extends OperationName> =
  ShapeTypes[(typeof OPERATION_SHAPES)[Op]]['result'];

/** The shape an OPERATIONS entry implies. */
export function shapeOf(spec: OperationSpec): Shape {
  const kind: OperationKind = spec.kind;
  if (kind === 'depth') return spec.batch ? 'depths' : 'depth';
  return kind;
}
