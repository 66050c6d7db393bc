/**
 * The symbol list operation: the real service has one (docs/api-gaps.md), but its
 * contract is not in the spec, so it stays out of the 20 operations of OPERATIONS. The
 * client asks it leniently (src/core/api/symbol-list.ts reads any of the shapes below);
 * the simulator answers it (src/simulator/symbol-list.ts, documented in its README).
 *
 * Request: `GET /symbol/list?type=<class>[&region=<REGION>]`.
 * Answer (`data`): an array of `{ c, n, t, e, r }` — code, name, class, exchange,
 * region. A reader also takes `code`/`symbol`/`s`, `name`, `type`, `exchange`,
 * `region`/`market`, and the array under `list`, `items`, `symbols` or `data`.
 */
export const SYMBOL_LIST_PATH = '/symbol/list';

/** One entry as the simulator writes it. */
export interface SymbolListWire {
  /** Code, canonical. */
  c: string;
  /** Name. */
  n: string;
  /** Asset class. */
  t: string;
  /** Listing exchange ('' when none). */
  e: string;
  /** Region. */
  r: string;
}
