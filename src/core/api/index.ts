/**
 * The market data API client (src/core/api): `MarketClient` and the types its callers
 * (feed hub, cache, command line) need.
 */
export {
  MarketClient,
  DEFAULT_BASE_URL,
  DEFAULT_TIMEOUT_MS,
  DEFAULT_CONCURRENCY,
  type MarketClientOptions,
  type CallOptions,
  type QuoteClass,
  type DepthsClass,
  type DepthClass,
  type KlineClass,
  QUOTE_CLASSES,
  DEPTHS_CLASSES,
  DEPTH_CLASSES,
  KLINE_CLASSES,
} from './client';
export { ApiError, isApiError, type ApiErrorKind, type ApiErrorData } from './errors';
export {
  IN_SETTINGS,
  unknownSymbolMessage,
  type SettingWords,
  type SymbolSubject,
} from './http-errors';
export { ok, err, asBatch, type Result, type BatchResult } from './result';
export {
  DEFAULT_REQUESTS_PER_MINUTE,
  RateLimiter,
  backgroundLimit,
  type RateLimiterOptions,
} from './rate-limiter';
export { DEFAULT_RETRY, type RetryOptions } from './retry';
export { systemClock, type Clock } from './clock';
export {
  shapeOf,
  type Shape,
  type ShapeOfSpec,
  type OperationShape,
  type ParamsOf,
  type ResultOf,
  type MarketParams,
  type BatchParams,
  type KlineParams,
  type SymbolParams,
  type InfoParams,
  type NewsParams,
} from './shapes';
export { readQuote, readDepth, readCandles, readTick } from './normalise-market';
export { readStockInfo, readNewsPage } from './normalise-reference';
export { readSymbolList, type SymbolListParams } from './symbol-list';
export {
  readMarketStatus,
  readHolidays,
  readSplits,
  readIpos,
  readNewsDetail,
  readStateWord,
  parseSplitRatio,
} from './normalise-market-time';
export { parseInstrumentRef } from './normalise-reference';
