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
