/**
 * The quote board's subscriptions: one per (class, region, exchange) group of
 * the shown rows, resubscribed only when a group's codes change, and the routing
 * of each pushed quote to its row. Plain TypeScript, so it is unit-tested.
 */
import type { MarketdeskBridge, MarketSelection } from '../../../../shared/bridge';
import type { Quote } from '../../../../shared/model';
import type { SymbolRef } from '../../workspace/pane-contract';
import { PaneSubscription, type StatusView } from '../common/subscription';
import { groupSymbols } from './board';

/** What a row must offer to receive quotes. */
export interface QuoteTarget {
  symbol: SymbolRef;
  groupKey: string;
  apply(quote: Quote): void;
}

interface Group {
  selection: MarketSelection;
  sub: PaneSubscription<'quotes'>;
}

export class QuoteGroups {
  #bridge: MarketdeskBridge;
  #onStatus: (groupKey: string, status: StatusView | null) => void;
  #groups = new Map<string, Group>();
  /** groupKey → code → row. */
  #index = new Map<string, Map<string, QuoteTarget>>();

  /** `onStatus(key, null)` says a group is gone. */
  constructor(
    bridge: MarketdeskBridge,
    onStatus: (groupKey: string, status: StatusView | null) => void,
  ) {
    this.#bridge = bridge;
    this.#onStatus = onStatus;
  }

  /** Subscribes what `rows` need; keeps unchanged groups as they are. */
  sync(rows: readonly QuoteTarget[]): void {
    this.#index.clear();
    for (const row of rows) {
      let codes = this.#index.get(row.groupKey);
      if (!codes) this.#index.set(row.groupKey, (codes = new Map()));
      codes.set(row.symbol.code, row);
    }
    const wanted = groupSymbols(rows.map((r) => r.symbol));
    for (const [key, group] of this.#groups) {
      if (wanted.has(key)) continue;
      group.sub.dispose();
      this.#groups.delete(key);
      this.#onStatus(key, null);
    }
    for (const [key, selection] of wanted) {
      const group = this.#groups.get(key);
      // Order within a group does not matter to the feed; membership does.
      if (group && sameCodes(group.selection.codes, selection.codes)) continue;
      const sub =
        group?.sub ??
        new PaneSubscription(
          this.#bridge,
          'quotes',
          (p) => this.#route(key, p.quotes),
          (s) => this.#onStatus(key, s),
        );
      this.#groups.set(key, { selection, sub });
      void sub.set({ kind: 'quotes', ...selection });
    }
  }

  dispose(): void {
    for (const group of this.#groups.values()) group.sub.dispose();
    this.#groups.clear();
    this.#index.clear();
  }

  #route(groupKey: string, quotes: Record<string, Quote>): void {
    const codes = this.#index.get(groupKey);
    if (!codes) return;
    for (const code in quotes) {
      const quote = quotes[code];
      if (quote) codes.get(code)?.apply(quote);
    }
  }
}

function sameCodes(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((c) => set.has(c));
}
