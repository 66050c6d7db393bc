/**
 * The quote board's subscriptions: one per (class, region, exchange) group of
 * the shown rows, resubscribed only when a group's codes change, the routing of
 * each pushed quote to its row, and which rows the source says are unknown (they
 * show "unknown symbol" and no numbers, whatever arrives for them). Plain
 * TypeScript, so it is unit-tested.
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
  /** The source has (true) or has not (false) said it has no such symbol. */
  setUnknown(unknown: boolean): void;
}

/** The codes of a group the source does not know, from its status. */
function unknownOf(status: StatusView, codes: Iterable<string>): Set<string> {
  if (status.unknownCodes) return new Set(status.unknownCodes);
  return status.state === 'unknown' ? new Set(codes) : new Set();
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
  /** groupKey → codes the source does not know. */
  #unknown = new Map<string, Set<string>>();

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
      row.setUnknown(this.#unknown.get(row.groupKey)?.has(row.symbol.code) ?? false);
    }
    const wanted = groupSymbols(rows.map((r) => r.symbol));
    for (const [key, group] of this.#groups) {
      if (wanted.has(key)) continue;
      group.sub.dispose();
      this.#groups.delete(key);
      this.#unknown.delete(key);
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
          (s) => this.#status(key, s),
        );
      this.#groups.set(key, { selection, sub });
      void sub.set({ kind: 'quotes', ...selection });
    }
  }

  dispose(): void {
    for (const group of this.#groups.values()) group.sub.dispose();
    this.#groups.clear();
    this.#index.clear();
    this.#unknown.clear();
  }

  #status(groupKey: string, status: StatusView): void {
    const rows = this.#index.get(groupKey) ?? new Map<string, QuoteTarget>();
    const unknown = unknownOf(status, rows.keys());
    this.#unknown.set(groupKey, unknown);
    for (const [code, row] of rows) row.setUnknown(unknown.has(code));
    this.#onStatus(groupKey, status);
  }

  #route(groupKey: string, quotes: Record<string, Quote>): void {
    const codes = this.#index.get(groupKey);
    if (!codes) return;
    const unknown = this.#unknown.get(groupKey);
    for (const code in quotes) {
      const quote = quotes[code];
      if (quote && !unknown?.has(code)) codes.get(code)?.apply(quote);
    }
  }
}

function sameCodes(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false;
  const set = new Set(a);
  return b.every((c) => set.has(c));
}
