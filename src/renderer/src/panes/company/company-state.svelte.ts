/**
 * State of a company card: the stock reference data of the followed symbol,
 * fetched once per symbol through `getInfo` (cache-first on the main side); a failed
 * or cached load is loaded again when the bridge or the service comes back, or on
 * `retry()`. An unknown symbol shows no data at all (./info-view).
 */
import type { MarketdeskBridge } from '../../../../shared/bridge';
import type { StockInfo, UnixMs } from '../../../../shared/model';
import type { SymbolRef } from '../../workspace/pane-contract';
import { RetryWhenBack, type ReconnectSignal } from '../common/retry-when-back';
import { readInfoAnswer, type InfoView } from './info-view';
import { errorMessage } from '../../../../shared/errors';

export class CompanyState implements InfoView {
  info = $state.raw<StockInfo | null>(null);
  unknown = $state(false);
  loading = $state(false);
  offline = $state(false);
  asOf = $state<UnixMs | null>(null);
  error = $state<string | null>(null);
  #bridge: MarketdeskBridge;
  #generation = 0;
  #symbol: SymbolRef | null = null;
  #retry: RetryWhenBack;

  constructor(bridge: MarketdeskBridge, reconnects?: ReconnectSignal) {
    this.#bridge = bridge;
    this.#retry = new RetryWhenBack(bridge, reconnects, () => void this.retry());
  }

  /** Loads the info of a stock; clears it for anything else. */
  async setSymbol(symbol: SymbolRef | null): Promise<void> {
    const generation = ++this.#generation;
    this.#symbol = symbol;
    this.#retry.clear();
    this.info = null;
    this.unknown = false;
    this.error = null;
    this.offline = false;
    this.asOf = null;
    if (!symbol || symbol.class !== 'stock') {
      this.loading = false;
      return;
    }
    this.loading = true;
    try {
      const answer = await this.#bridge.invoke('getInfo', {
        region: symbol.region,
        exchange: symbol.exchange,
        code: symbol.code,
      });
      if (generation !== this.#generation) return;
      const { view, retry } = readInfoAnswer(answer);
      this.info = view.info;
      this.unknown = view.unknown;
      this.offline = view.offline;
      this.asOf = view.asOf;
      this.error = view.error;
      if (retry) this.#retry.failed();
    } catch (error) {
      if (generation === this.#generation) {
        this.error = errorMessage(error);
        this.#retry.failed();
      }
    } finally {
      if (generation === this.#generation) this.loading = false;
    }
  }

  /** Loads the info again after a failure (the "Retry" button, or reconnection). */
  async retry(): Promise<void> {
    if (this.loading) return;
    await this.setSymbol(this.#symbol);
  }

  dispose(): void {
    this.#generation++;
    this.#retry.dispose();
  }
}
