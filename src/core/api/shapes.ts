/**
 * The typed face of the OPERATIONS table: each operation's parameters and result,
 * by its shape (kind + batch). The shape is derived from the table's literal entries,
 * at the type level ({@link OperationShape}) and at run time ({@link shapeOf}), so an
 * entry changed there retypes its operation here.
 */
import type {
  OPERATIONS,
  OperationKind,
  OperationName,
  OperationSpec,
} from '../../shared/api/operations';
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

/**
 * The shape a spec's kind and batch flag imply: a batch `depth` is `depths`, every
 * other kind is its own shape. Distributes over unions of specs.
 */
export type ShapeOfSpec<S extends Pick<OperationSpec, 'kind' | 'batch'>> = S extends {
  kind: infer K;
  batch: infer B;
}
  ? K extends 'depth'
    ? B extends true
      ? 'depths'
      : 'depth'
    : K
  : never;

/** The shape of operation `Op`, from its literal OPERATIONS entry. */
export type OperationShape<Op extends OperationName> = ShapeOfSpec<(typeof OPERATIONS)[Op]>;

/** Parameters of operation `Op`. */
export type ParamsOf<Op extends OperationName> = ShapeTypes[OperationShape<Op>]['params'];
/** Normalised result of operation `Op`. */
export type ResultOf<Op extends OperationName> = ShapeTypes[OperationShape<Op>]['result'];

/** The shape an OPERATIONS entry implies (the run-time twin of {@link ShapeOfSpec}). */
export function shapeOf<S extends OperationSpec>(spec: S): ShapeOfSpec<S> {
  const kind: OperationKind = spec.kind;
  const shape: Shape = kind === 'depth' ? (spec.batch ? 'depths' : 'depth') : kind;
  return shape as ShapeOfSpec<S>;
}
