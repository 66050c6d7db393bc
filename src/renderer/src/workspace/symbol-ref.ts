/**
 * One instrument as the UI names it: what a pane shows, a link group follows, a
 * watchlist holds and a chart compares. A leaf of the workspace (the pane-kind table,
 * the saved-symbol reader and the pane contract all name it; it names none of them).
 */
import type { AssetClass } from '../../../shared/model';

/** One instrument as the UI names it. */
export interface SymbolRef {
  class: AssetClass;
  region: string;
  /** Stock only; empty for the primary exchange. */
  exchange: string;
  code: string;
}
