/**
 * The SQLite cache and offline history layer (docs/architecture.md, "Layers"). Free functions
 * per domain over a `CacheDb` handle, plus the cache-first `HistoryService`.
 */
export * from './candle-history';
export { HISTORY_START, type CandleSpan } from './candle-spans';
export * from './candles';
export { closeCache, cacheFilePath, openCache, CACHE_FILE_NAME } from './open-cache';
export type { OpenCacheOptions, OpenCacheResult } from './open-cache';
export type { CacheDb } from './db';
export * from './errors';
export * from './export-candles';
export * from './history-service';
export * from './maintenance';
export { LATEST_VERSION, UNKNOWN_SOURCE } from './migrations';
export * from './news';
export * from './events-store';
export * from './news-history';
export * from './snapshots';
export * from './sources';
export * from './staleness';
export * from './snapshot-service';
