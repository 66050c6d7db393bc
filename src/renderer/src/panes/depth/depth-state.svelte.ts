/**
 * State of a depth ladder: the latest book of the followed symbol (`$state.raw`:
 * replaced whole on each push, never proxied) and its subscription status.
 */
import type { MarketdeskBridge } from '../../../../shared/bridge';
import type { DepthBook } from '../../../../shared/model';
import type { SymbolRef } from '../../workspace/pane-contract';
import { INITIAL_STATUS, PaneSubscription, type StatusView } from '../common/subscription';

export class DepthState {
  book = $state.raw<DepthBook | null>(null);
  status = $state.raw<StatusView>(INITIAL_STATUS);
  #code = '';
  #sub: PaneSubscription<'depth'>;

  constructor(bridge: MarketdeskBridge) {
    this.#sub = new PaneSubscription(
      bridge,
      'depth',
      (p) => {
        const book = p.books[this.#code];
        if (book && this.status.state !== 'unknown') this.book = book;
      },
      (s) => {
        this.status = s;
        // No book is shown for a symbol the source does not know.
        if (s.state === 'unknown') this.book = null;
      },
    );
  }

  /** Follows a symbol: resubscribes and clears the old book. */
  setSymbol(symbol: SymbolRef | null): void {
    this.book = null;
    this.#code = symbol?.code ?? '';
    void this.#sub.set(
      symbol
        ? {
            kind: 'depth',
            class: symbol.class,
            region: symbol.region,
            exchange: symbol.class === 'stock' ? symbol.exchange : '',
            codes: [symbol.code],
          }
        : null,
    );
  }

  dispose(): void {
    this.#sub.dispose();
  }
}
