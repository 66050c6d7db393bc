/**
 * Symbol checks against the current data source (src/core/symbols): see README.md.
 */
export {
  SymbolChecker,
  checkOperation,
  DEFAULT_CHECK_TIMEOUT_MS,
  DEFAULT_VERDICT_TTL_MS,
  type SymbolCheckerOptions,
  type SymbolClient,
} from './symbol-checker';
export {
  SymbolDirectory,
  type ListedMarket,
  type ListingClient,
  type SymbolDirectoryOptions,
} from './directory';
export { seenInCache, seenEntries } from './seen';
export {
  buildIndex,
  searchIndex,
  normaliseText,
  type SearchIndex,
  type SourcedEntry,
} from './symbol-search';
export { WELL_KNOWN_SYMBOLS } from './well-known';
