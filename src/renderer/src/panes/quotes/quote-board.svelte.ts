/**
 * State of a quote board: one row object per watchlist symbol (its quote in
 * `$state.raw`, so a push re-renders that row's cells only) and the group
 * subscriptions. Rows survive watchlist edits by key, so reordering or adding
 * a symbol keeps every other row's quote.
 */
import type { MarketdeskBridge } from '../../../../shared/bridge';
import type { Quote } from '../../../../shared/model';
import type { SymbolRef } from '../../workspace/pane-contract';
import { INITIAL_STATUS, type StatusView } from '../common/subscription';
import { groupKeyOf, reuseRows, symbolKey } from './board';
import { QuoteGroups } from './quote-groups';

/** Flash classes alternate a/b so a second change in a row restarts the animation. */
export type Flash = '' | 'up-a' | 'up-b' | 'down-a' | 'down-b';

/** One row: a symbol and its latest quote (none while the source says it is unknown). */
export class QuoteRow {
  readonly symbol: SymbolRef;
  readonly key: string;
  readonly groupKey: string;
  quote = $state.raw<Quote | null>(null);
  flash = $state<Flash>('');
  /** The source has no such symbol: the row says so and shows no numbers. */
  unknown = $state(false);

  constructor(symbol: SymbolRef) {
    this.symbol = symbol;
    this.key = symbolKey(symbol);
    this.groupKey = groupKeyOf(symbol);
  }

  apply(quote: Quote): void {
    const before = this.quote;
    if (before && before.last !== quote.last) {
      // The letter flips on every change: the two animations take turns (QuoteRowView).
      const letter = this.flash.endsWith('-a') ? 'b' : 'a';
      this.flash = `${quote.last > before.last ? 'up' : 'down'}-${letter}`;
    }
    this.quote = quote;
  }

  setUnknown(unknown: boolean): void {
    this.unknown = unknown;
    if (unknown) this.quote = null;
  }
}

export class QuoteBoardState {
  /** Rows in watchlist order. */
  rows = $state.raw<QuoteRow[]>([]);
  /** Subscription status per group key. */
  statuses = $state.raw<Record<string, StatusView>>({});
  #groups: QuoteGroups;

  constructor(bridge: MarketdeskBridge) {
    this.#groups = new QuoteGroups(bridge, (key, status) => {
      const { [key]: _old, ...rest } = this.statuses;
      this.statuses = status ? { ...rest, [key]: status } : rest;
    });
  }

  /** Shows a watchlist's symbols: keeps existing rows, resubscribes changed groups only. */
  setSymbols(symbols: readonly SymbolRef[]): void {
    this.rows = reuseRows(this.rows, symbols, (s) => new QuoteRow({ ...s }));
    this.#groups.sync(this.rows);
  }

  /** Status of a row's group. */
  statusOf(row: QuoteRow): StatusView {
    return this.statuses[row.groupKey] ?? INITIAL_STATUS;
  }

  dispose(): void {
    this.#groups.dispose();
  }
}
